/**
 * The lessons, as a person meets them: a lesson's link opens its view with the question, the article's
 * figure and the run button on one 1280 × 800 screen, without scrolling; the run starts from the keyboard;
 * the result card appears in the viewport with the measured figure beside the article's; on a 390 × 844
 * phone nothing scrolls sideways, before or after a run; axe finds nothing serious on any view.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { armConfig, FIT_MEMORY_BUDGET_BYTES, LESSONS, SAME_GRADIENTS_TOLERANCE } from '../src/config/lessons';
import { estimateTrainingMemory, pooledBytes } from '../src/config/memoryEstimate';
import { en } from '../src/i18n/en';
import { VIEW_IDS, type LessonId } from '../src/config/views';
import { browserBatchBytes } from '../src/data/batchBytes';
import { expect, test, type AppPage } from './fixtures';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** The element's box lies wholly inside the viewport (no scrolling needed to see it). */
async function expectInViewport(page: Page, locator: Locator): Promise<void> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  expect(box, 'the element is rendered').not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport!.height);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport!.width);
}

const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Tab until the lesson's run button has focus, then Enter: the lesson is runnable from the keyboard. */
async function runFromKeyboard(page: Page): Promise<void> {
  for (let presses = 1; presses <= 40; presses++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);
    if (focused === 'lesson-run') {
      await page.keyboard.press('Enter');
      return;
    }
  }
  throw new Error('Tab never reached the lesson’s run button');
}

/** Opens a lesson's link at 1280 × 800, checks what must be on screen, runs it and waits for its card. */
async function openAndRun(app: AppPage, id: LessonId): Promise<Locator> {
  const { page } = app;
  await page.setViewportSize(DESKTOP);
  await app.open(`#v=1&view=${id}`);
  expect(await app.waitForBackend()).toBe('webgpu');
  expect(await app.api((a) => a.view())).toBe(id);
  await expect(page.getByTestId(`view-${id}`)).toHaveAttribute('aria-current', 'page');
  for (const testId of ['lesson-question', 'article-figure', 'lesson-run']) {
    await expect(page.getByTestId(testId)).toBeVisible();
    await expectInViewport(page, page.getByTestId(testId));
  }
  await expect(page.getByTestId('lesson-question')).toHaveText(en.lessons[id].question);
  await runFromKeyboard(page);
  await expect.poll(() => app.api((a) => a.activity().lesson)).toBe(id);
  const card = page.getByTestId('result-card');
  await expect(card).toBeVisible({ timeout: 240_000 });
  await expect(page.getByTestId('lesson-progress')).toHaveAttribute('data-phase', 'done', {
    timeout: 120_000,
  });
  await expectInViewport(page, card);
  expect(await app.api((a) => a.activity().lesson)).toBeNull();
  return card;
}

async function afterRunChecks(app: AppPage): Promise<void> {
  expect(await seriousViolations(app.page)).toEqual([]);
  await app.page.setViewportSize(PHONE);
  expect(await scrollWidth(app.page)).toBeLessThanOrEqual(PHONE.width);
  await expect(app.page.getByTestId('result-card')).toBeVisible();
  expect(app.errors).toEqual([]);
}

test('lesson 1: uint8 + GPU normalize sends exactly a quarter of the image bytes and 4× fewer bytes than float32 + int32, beside the article’s 5×', async ({
  app,
}) => {
  test.setTimeout(300_000);
  const card = await openAndRun(app, 'bytes');
  await expect(card).toHaveAttribute('data-image-ratio', '0.25');
  await expect(card).toHaveAttribute('data-total-factor', '4');
  await expect(card).toHaveAttribute('data-trap-factor', '4');
  await expect(card).toContainText('4.00× fewer bytes');
  await expect(card).toContainText('5.00× fewer bytes');
  await expect(app.page.getByTestId('result-gap')).toContainText('int64');
  // One step time per arm: the card's and the arm table's are the same measured figure.
  for (const [id, attr] of [
    ['uint8', 'data-uint8-step-ms'],
    ['float32', 'data-float32-step-ms'],
  ] as const) {
    const onCard = await card.getAttribute(attr);
    expect(Number(onCard)).toBeGreaterThan(0);
    await expect(app.page.getByTestId(`arm-${id}`)).toHaveAttribute('data-step-ms', onCard!);
  }
  await expect(card).toHaveAttribute('data-step-verdict', /^(faster|slower|no-difference)$/);
  await expect(app.page.getByTestId('input-kernels')).toContainText(en.lessons.bytes.kernels.step);
  // Every arm's measured bytes equal the byte calculator's for its configuration.
  const lesson = LESSONS.bytes;
  for (const arm of lesson.arms) {
    const expected = browserBatchBytes(armConfig(lesson, arm), 'webgpu');
    const row = app.page.getByTestId(`arm-${arm.id}`);
    await expect(row).toHaveAttribute(
      'data-bytes-to-gpu',
      String(expected.uploadImageBytes + expected.uploadMaskBytes),
    );
  }
  // Each arm ran in a worker of its own, all gone now; the main run never started.
  expect(await app.api((a) => a.history().length)).toBe(0);
  const run = await app.api((a) => a.lesson('bytes'));
  for (const arm of run.arms) {
    expect(['stable', 'capped']).toContain(arm.verdict!.state);
    // 0 loader workers: only the compile step is left out of the timing.
    expect(arm.verdict!.firstTimedStep).toBe(2);
  }
  // Each path's profiled step names its input kernels; the trap's tf.tensor path casts int32 to float.
  await expect(app.page.getByTestId('input-kernels-int32-trap')).toHaveAttribute(
    'data-input-kernels',
    /Cast/,
  );
  // The packed path's unpack is BatchLab's own program, profiled like any kernel: named, with its own time.
  const packed = app.page.getByTestId('input-kernels-uint8');
  await expect(packed).toHaveAttribute('data-input-kernels', /BatchLabUnpackBytes/);
  expect(Number(await packed.getAttribute('data-profiled-input-ms'))).toBeGreaterThan(0);
  await expect(packed).toContainText("BatchLabUnpackBytes (BatchLab's own WGSL program)");
  await afterRunChecks(app);
  // The Data path panel shows what the lesson measured, beside the formula.
  await app.page.setViewportSize(DESKTOP);
  await app.page.getByTestId('view-playground').click();
  await app.section('datapath');
  const u8 = browserBatchBytes(armConfig(lesson, lesson.arms[0]!), 'webgpu');
  const u8Bytes = (u8.uploadImageBytes + u8.uploadMaskBytes).toLocaleString('en-US');
  await expect(app.page.getByTestId('datapath-lesson-uint8')).toHaveText(
    `${en.lessons.bytes.arms.uint8}: ${u8Bytes} B (formula: ${u8Bytes} B)`,
  );
});

test('lesson 2: storage-bound, 2 loader workers overlap the waits and beat 0 with an interval above 1; CPU-bound, the card names the cores', async ({
  app,
}) => {
  test.setTimeout(600_000);
  const card = await openAndRun(app, 'loaders');
  const verdict = app.page.getByTestId('result-figure-verdict');
  const low = Number(await verdict.getAttribute('data-low'));
  const median = Number(await verdict.getAttribute('data-median'));
  const high = Number(await verdict.getAttribute('data-high'));
  const rounds = Number(await verdict.getAttribute('data-rounds'));
  const storage0 = Number(await card.getAttribute('data-storage-wait-share-0'));
  const storage2 = Number(await card.getAttribute('data-storage-wait-share-2'));
  const cpuVerdict = app.page.getByTestId('result-figure-cpu-verdict');
  console.log(
    `lesson 2 storage-bound: ${median.toFixed(3)}× [${low.toFixed(3)}, ${high.toFixed(3)}] over ${rounds} paired rounds; wait share ${storage0.toFixed(3)} → ${storage2.toFixed(3)}; CPU-bound: ${await cpuVerdict.getAttribute('data-median')}× [${await cpuVerdict.getAttribute('data-low')}, ${await cpuVerdict.getAttribute('data-high')}] (${await cpuVerdict.getAttribute('data-verdict')}), compute ${await card.getAttribute('data-compute-ms-0')} → ${await card.getAttribute('data-compute-ms-2')} ms`,
  );
  // The storage-bound case: 2 workers faster, the whole interval above 1, and the words say so.
  await expect(verdict).toHaveAttribute('data-verdict', 'faster');
  expect(low).toBeGreaterThan(1);
  expect(rounds).toBeGreaterThanOrEqual(5);
  await expect(verdict).toContainText('faster');
  expect(storage2).toBeLessThan(storage0);
  // The CPU-bound case: its explanation follows its own verdict and names the core count.
  const cpuCode = await cpuVerdict.getAttribute('data-verdict');
  await expect(app.page.getByTestId('result-gap')).toHaveAttribute('data-verdict', cpuCode!);
  if (cpuCode !== 'faster')
    await expect(app.page.getByTestId('result-gap')).not.toContainText('Why not more');
  const cores = await app.page.evaluate(() => navigator.hardwareConcurrency);
  await expect(app.page.getByTestId('result-gap')).toContainText(`${cores} CPU core`);
  await expect(card).toContainText('% of each step');
  // Each 2-worker arm's timed steps are its blocks' last steps, never the prefetched ones after a start.
  const run = await app.api((a) => a.lesson('loaders'));
  for (const [id, attribute] of [
    ['w2', 'data-first-timed-step-2'],
    ['storage-w2', 'data-storage-first-timed-step-2'],
  ] as const) {
    const config = armConfig(LESSONS.loaders, LESSONS.loaders.arms.find((a) => a.id === id)!);
    const firstTimed = Number(await card.getAttribute(attribute));
    expect(firstTimed).toBeGreaterThan(1 + config.workers * config.prefetch);
    const arm = run.arms.find((a) => a.id === id)!;
    expect(arm.timedSteps![0]).toBe(firstTimed);
    // Blocks of 3 timed steps; the storage-bound pair settles in 5 rounds or more, the CPU-bound one may
    // reach its time cap sooner (its card then says it did not settle).
    expect(arm.timedSteps!.length % 3).toBe(0);
    if (id === 'storage-w2') expect(arm.timedSteps!.length).toBeGreaterThanOrEqual(5 * 3);
  }
  await afterRunChecks(app);
  // On a phone the columns that carry the lesson (waiting for data, samples/s, timed) are on screen, never
  // behind a sideways scroll inside the table.
  for (const scroller of await app.page.locator('.table-scroll').all())
    expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  for (const cell of await app.page.getByTestId('arm-samples-per-sec').all()) {
    const box = (await cell.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  }
});

test('lesson 3: under DataParallel device 0 holds over 1.5× device 1’s memory, under DDP exactly as much', async ({
  app,
}) => {
  test.setTimeout(360_000);
  const card = await openAndRun(app, 'gpus');
  expect(Number(await card.getAttribute('data-ratio-dp-gather'))).toBeGreaterThan(1.5);
  expect(Number(await card.getAttribute('data-ratio-ddp'))).toBe(1);
  const lossInForward = Number(await card.getAttribute('data-ratio-dp-loss-in-forward'));
  expect(lossInForward).toBeLessThan(Number(await card.getAttribute('data-ratio-dp-gather')));
  await expect(app.page.getByTestId('result-gap')).toContainText('2 devices');
  await expect.poll(() => app.api((a) => a.activity().parallel)).toBe('idle');
  await afterRunChecks(app);
});

test('lesson 5: a smaller GPU refuses the batch at once; 4 micro-batches peak under 0.6× its estimate, recomputation keeps fewer activations, and the gradients are the same', async ({
  app,
}) => {
  test.setTimeout(300_000);
  const startedMs = Date.now();
  const card = await openAndRun(app, 'fit');
  const lessonMs = Date.now() - startedMs;
  const row = (id: string) => app.page.getByTestId(`fit-arm-${id}`);
  const figure = async (id: string, attribute: string) => Number(await row(id).getAttribute(attribute));
  const lesson = LESSONS.fit;
  const config = (id: string) => armConfig(lesson, lesson.arms.find((a) => a.id === id)!);
  const ownConvKernels = (await app.api((a) => a.backend()?.ownConvKernels)) === true;
  const options = ownConvKernels ? { ownConvKernels } : {};
  // The batch at once: refused under the pretend GPU with the pre-flight's own figures, and never trained.
  const atOnce = estimateTrainingMemory(config('at-once'), options);
  await expect(row('at-once')).toHaveAttribute('data-refused', 'true');
  await expect(card).toHaveAttribute('data-at-once-estimate-bytes', String(atOnce.totalBytes));
  await expect(card).toHaveAttribute('data-budget-bytes', String(FIT_MEMORY_BUDGET_BYTES));
  expect(pooledBytes(atOnce)).toBeGreaterThan(FIT_MEMORY_BUDGET_BYTES);
  const run = await app.api((a) => a.lesson('fit'));
  expect(run.arms.find((a) => a.id === 'at-once')!.rows).toHaveLength(0);
  for (const id of ['micro', 'recompute', 'both'])
    expect(run.arms.find((a) => a.id === id)!.rows.length, id).toBeGreaterThan(0);
  // 4 micro-batches: the measured peak under 0.6× the batch at once's estimate (the reference says ÷ 4 for
  // activations; weights, gradients and optimizer state are not divided).
  const microPeak = await figure('micro', 'data-peak-bytes');
  expect(microPeak).toBeGreaterThan(0);
  expect(microPeak).toBeLessThan(0.6 * atOnce.totalBytes);
  expect(await figure('micro', 'data-peak-ratio')).toBeCloseTo(microPeak / atOnce.totalBytes, 10);
  // Recomputation, measured against what it should be measured against: 'both' against 'micro' (the same
  // micro-batches of 2, recomputation on and off, both profiled on the GPU); the recompute arm against the
  // estimate's activation group of the batch at once (same batch of 8; the batch at once never ran, so its
  // activations are known only from the estimate).
  const microActivations = await figure('micro', 'data-activation-bytes');
  const bothActivations = await figure('both', 'data-activation-bytes');
  expect(microActivations).toBeGreaterThan(0);
  expect(bothActivations).toBeGreaterThan(0);
  expect(bothActivations).toBeLessThan(microActivations);
  expect(await figure('recompute', 'data-activation-bytes')).toBeLessThan(atOnce.activationBytes);
  // Step times: the micro-batch arm is the baseline (ratio 1) the others are divided by.
  expect(await figure('micro', 'data-step-ratio')).toBe(1);
  for (const id of ['micro', 'recompute', 'both'])
    expect(await figure(id, 'data-step-ms'), id).toBeGreaterThan(0);
  // "The same gradients" only where the weight difference (cpu backend, one SGD step) is within tolerance.
  for (const id of ['micro', 'recompute', 'both']) {
    await expect(row(id)).toHaveAttribute('data-same-gradients', 'true');
    expect(await figure(id, 'data-relative-diff'), id).toBeLessThan(SAME_GRADIENTS_TOLERANCE);
    expect(await figure(id, 'data-weight-diff'), id).toBeLessThan(SAME_GRADIENTS_TOLERANCE);
    await expect(row(id)).toContainText(en.lessons.fit.table.same.split(' (')[0]!);
  }
  console.log(
    `lesson 5 (${(lessonMs / 1000).toFixed(1)} s to the card, own conv kernels: page ${ownConvKernels}, arms ${run.arms.map((a) => a.backend?.ownConvKernels ?? '-').join('/')}): at-once estimate ${atOnce.totalBytes} B (pooled ${pooledBytes(atOnce)} B, budget ${FIT_MEMORY_BUDGET_BYTES} B); ` +
      (
        await Promise.all(
          ['micro', 'recompute', 'both'].map(
            async (id) =>
              `${id}: peak ${await figure(id, 'data-peak-bytes')} B (${(await figure(id, 'data-peak-ratio')).toFixed(3)}× est.), activations ${await figure(id, 'data-activation-bytes')} B, step ${(await figure(id, 'data-step-ms')).toFixed(1)} ms (${(await figure(id, 'data-step-ratio')).toFixed(2)}× micro), |Δw| ${await figure(id, 'data-weight-diff')}, rel ${await figure(id, 'data-relative-diff')}`,
          ),
        )
      ).join('; '),
  );
  await afterRunChecks(app);
});

test('Stop ends a lesson: its arm or its replicas end, the progress line says so, and it can run again', async ({
  app,
}) => {
  test.setTimeout(300_000);
  const { page } = app;
  await page.setViewportSize(DESKTOP);
  await app.open('#v=1&view=bytes');
  expect(await app.waitForBackend()).toBe('webgpu');
  const progress = page.getByTestId('lesson-progress');
  await page.getByTestId('lesson-run').click();
  await expect.poll(() => app.api((a) => a.activity().lesson)).toBe('bytes');
  await page.getByTestId('lesson-stop').click();
  await expect(progress).toHaveAttribute('data-phase', 'stopped');
  await expect(progress).toHaveText(en.jobs.stopped);
  expect(await app.api((a) => a.activity().lesson)).toBeNull();
  await expect(page.getByTestId('lesson-run')).toBeEnabled();
  // The several-GPU lesson, stopped once its first strategy has stepped: the rest never runs.
  await page.getByTestId('view-gpus').click();
  await page.getByTestId('lesson-run').click();
  await expect
    .poll(() => app.api((a) => Object.keys(a.lesson('gpus').strategies).length), { timeout: 180_000 })
    .toBeGreaterThan(0);
  await page.getByTestId('lesson-stop').click();
  await expect(progress).toHaveAttribute('data-phase', 'stopped', { timeout: 120_000 });
  await expect(progress).toHaveText(en.jobs.stopped);
  const gpus = await app.api((a) => a.lesson('gpus'));
  expect(gpus.phase).toBe('stopped');
  expect(Object.keys(gpus.strategies).length).toBeLessThan(3);
  expect(await app.api((a) => a.activity().lesson)).toBeNull();
  await expect(page.getByTestId('lesson-run')).toBeEnabled();
  await expect(page.getByTestId('result-card')).toHaveCount(0);
  // Lesson 1's unfinished run was cleared when the job moved on: it reads as not run.
  expect(await app.api((a) => a.lesson('bytes').phase)).toBe('idle');
  expect(app.errors).toEqual([]);
});

test('on a phone every view fits the width, and axe finds nothing serious on any view', async ({ app }) => {
  const { page } = app;
  await page.setViewportSize(PHONE);
  for (const view of VIEW_IDS) {
    await page.goto('about:blank');
    await app.open(`#v=1&view=${view}`);
    await app.waitForBackend();
    expect(await app.api((a) => a.view())).toBe(view);
    expect(await scrollWidth(page), view).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousViolations(page), view).toEqual([]);
  }
  expect(app.errors).toEqual([]);
});

test('on a phone the Playground keeps Start, the status and the run’s step and loss in view while the settings scroll, and a run fits the width', async ({
  app,
}) => {
  const { page } = app;
  await page.setViewportSize(PHONE);
  await app.open('#v=1&view=playground&px=16&b=2&d=2&w=4&steps=2&val=2&sec=details');
  await app.waitForBackend();
  await page.getByTestId('start').click();
  await app.waitForSteps(2);
  await expect(page.getByTestId('preview-prediction-0')).toHaveAttribute('data-painted', /[1-9]/);
  // Scroll to the last setting: the run's status line is still inside the viewport.
  await app.section('settings');
  await page
    .getByTestId('view-playground-content')
    .locator('.config-panel')
    .evaluate((el) => {
      el.scrollIntoView({ block: 'end' });
    });
  const last = (await app.api((a) => a.latest()))!;
  await expect(page.getByTestId('run-progress')).toContainText(
    `Step ${last.step} · loss ${last.loss.toFixed(4)}`,
  );
  for (const id of ['status', 'run-progress']) {
    const box = await page.getByTestId(id).boundingBox();
    expect(box, id).not.toBeNull();
    expect(box!.y, id).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height, id).toBeLessThanOrEqual(PHONE.height);
  }
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(PHONE.height);
  // After a run (previews painted, tiles filled) nothing is wider than the phone.
  expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
  expect(app.errors).toEqual([]);
});

test('tabs switch views with a history entry each, Back returns, and the bare address opens lesson 1', async ({
  app,
}) => {
  const { page } = app;
  await app.open('');
  await app.waitForBackend();
  expect(await app.api((a) => a.view())).toBe('bytes');
  await page.getByTestId('view-loaders').click();
  await expect(page.getByTestId('lesson-loaders')).toBeVisible();
  await expect.poll(() => page.evaluate(() => location.hash)).toContain('view=loaders');
  await page.getByTestId('view-playground').click();
  await expect(page.getByTestId('start')).toBeVisible();
  await page.goBack();
  await expect(page.getByTestId('lesson-loaders')).toBeVisible();
  expect(await app.api((a) => a.view())).toBe('loaders');
  // A link from before views existed (no view=) opens the Playground.
  await page.goto('about:blank');
  await app.open('#v=1&px=16&b=2');
  await app.waitForBackend();
  expect(await app.api((a) => a.view())).toBe('playground');
  expect(app.errors).toEqual([]);
});
