/**
 * Reliability e2e (docs/RELIABILITY.md): oversize links, the pre-flight guard and the GPU error guard
 * behind it, a lost device, crashed workers, and leaks (a 200-step soak, 20 start/stop/reset cycles).
 * Runs on the software WebGPU adapter: tiny models (16 px, batch 2, depth 2, width 4) except where a test
 * needs size, and there it never trains more than one step.
 */
import type { Page } from '@playwright/test';
import {
  expect,
  prependToTrainingWorker,
  SIMULATED_LIMIT_BYTES,
  smallBufferLimitPrelude,
  test,
  type AppPage,
} from './fixtures';

/** A model small enough for ~0.3 s steps on the software adapter; no validation after step 0. */
const TINY = 'v=1&px=16&b=2&d=2&w=4&steps=1000&val=1000';

const statusOf = (app: AppPage) => app.api((a) => a.status().status);

const GiB = 2 ** 30;
const MiB = 2 ** 20;

/** Bytes as the notices print them: one decimal, MiB below 1 GiB. */
const inWords = (bytes: number) =>
  bytes >= 1023.95 * MiB ? `${(bytes / GiB).toFixed(1)} GiB` : `${(bytes / MiB).toFixed(1)} MiB`;

/**
 * One training step of `v=1&px=512&b=512&d=2&w=8` (3 channels, 4 classes, Adam, uint8 images packed and
 * normalized in the model, uint8 masks) at its peak, near the end of the backward pass, counted by hand at
 * 4 B per element; p = 512² = 262,144 pixels.
 * - Fixed: 6,652 parameters (enc0a 224, enc0b 584, enc1a 1,168, enc1b 2,320, dec0a 1,736, dec0b 584,
 *   head 36) × 4 B × 4 (weights, gradients, Adam's two slots) = 106,432 B, + Normalize's mean and 1/std
 *   (2 × 3 × 4 B), Adam's two β powers (8 B), the loss value and its gradient's scale (4 B each) = 106,472 B.
 * - Per sample, in units of p bytes: batch 36 (uint8 upload 3, float32 input 12, uint8 mask 1, its int32 4,
 *   one-hot 16); activations kept for the backward pass 520 = 4 × 130 elements (enc0a, enc0b, dec0a, dec0b
 *   16 each as pre-ReLU and ReLU outputs of 8 channels; pool0 2; enc1a, enc1b 8 each at a quarter of the
 *   pixels; up0 16; cat0 24; head 4; softmax 4); the activations' gradients, all alive until the backward
 *   pass ends, 596 = 4 × 149 elements (the loss's and head's 4 + 4; head's input 8; dec0b 8 + 8; dec0a
 *   8 + 24; cat0's two splits 16 + 8; up0's input 4; enc1b 4 + 4; enc1a 4 + 2; pool0's input 8; enc0b 8 + 8;
 *   enc0a 8 + 3; enc0b read twice, one sum 8). 1,152 p = 301,989,888 B a sample: 512 samples + fixed =
 *   154,618,929,128 B (144.0 GiB).
 * - With BatchLab's own conv kernels (bias and ReLU fused) no pre-ReLU sum is kept (enc0a, enc0b, dec0a,
 *   dec0b 8 each, enc1a, enc1b 4 each: 40 elements fewer) and the image's gradient is never made (3 fewer):
 *   36 + 4 × 90 + 4 × 146 = 980 p = 256,901,120 B a sample, 131,533,479,912 B at 512 (122.5 GiB).
 * - tfjs's reuse pool holds up to 1.4× that (measured 1.14–1.38×): "fits" needs estimate × 1.4 ≤ budget.
 * - The largest buffer, cat0 (24 channels): 25,165,824 B a sample, 12 GiB at 512.
 */
const OVERSIZE = {
  fixedBytes: 106_472,
  bytesPerSample: { tfjsKernels: 301_989_888, ownKernels: 256_901_120 },
  cat0BytesPerSample: 25_165_824,
  poolHeadroom: 1.4,
} as const;

/** Opens the app with `?search` and `#hash`, and waits until the backend is up. */
async function openWith(app: AppPage, search: string, hash: string): Promise<string> {
  await app.page.goto(`/${search}#${hash}`);
  return app.waitForBackend();
}

/** Resolves once the run has produced at least `rows` telemetry rows in the history. */
async function waitForRows(app: AppPage, rows: number): Promise<void> {
  await expect
    .poll(() => app.api((a) => a.history().length), { timeout: 200_000, intervals: [250, 500, 1000] })
    .toBeGreaterThanOrEqual(rows);
}

/**
 * Source prepended to the training worker's script (test-only): keeps a handle on the WebGPU device and
 * lets the test fire an `uncapturederror` event on it, as the device does for a GPU error that no error
 * scope captured.
 */
const UNCAPTURED_ERROR_PRELUDE = `(() => {
  const requestDevice = GPUAdapter.prototype.requestDevice;
  GPUAdapter.prototype.requestDevice = async function (descriptor) {
    const device = await requestDevice.call(this, descriptor);
    self.__injectUncapturedGpuError = (message) =>
      device.dispatchEvent(new GPUUncapturedErrorEvent('uncapturederror', { error: new GPUValidationError(message) }));
    return device;
  };
})();`;

async function hook(page: Page, name: 'loseDevice' | 'crashTrainingWorker' | 'crashLoaderWorker') {
  await page.evaluate(`window.batchlabTestHooks.${name}()`);
}

test.describe('pre-flight check and GPU error guards', () => {
  test('an oversize link is refused with numbers, Start stays disabled, "Use batch N" fixes it', async ({
    app,
  }) => {
    expect(await openWith(app, '', 'v=1&px=512&b=512&d=2&w=8')).toBe('webgpu');
    // Oracles: the adapter's own report (read from WebGPU in the page, not through the app) and the bytes
    // of this config counted by hand (OVERSIZE). The app asks its device for the adapter's limits.
    const adapter = await app.adapter();
    if (!adapter) throw new Error('no WebGPU adapter');
    expect((await app.api((a) => a.backend()))?.limits).toEqual({
      maxBufferSizeBytes: adapter.maxBufferSize,
      maxStorageBufferBindingSizeBytes: adapter.maxStorageBufferBindingSize,
    });
    const perBufferBytes = Math.min(adapter.maxBufferSize, adapter.maxStorageBufferBindingSize);
    const budgetBytes = (adapter.isFallbackAdapter ? 1 : 4) * GiB;
    // Which kernels run the convolutions is the engine's choice by capability; the byte count follows it.
    const own = (await app.api((a) => a.backend()))!.ownConvKernels;
    const perSample = own ? OVERSIZE.bytesPerSample.ownKernels : OVERSIZE.bytesPerSample.tfjsKernels;
    const n = Math.min(
      Math.floor((budgetBytes / OVERSIZE.poolHeadroom - OVERSIZE.fixedBytes) / perSample),
      Math.floor(perBufferBytes / OVERSIZE.cat0BytesPerSample),
    );
    if (adapter.isFallbackAdapter) expect(n).toBe(2);
    const total = 512 * perSample + OVERSIZE.fixedBytes;
    const limits = [
      ...(OVERSIZE.cat0BytesPerSample * 512 > perBufferBytes
        ? [`this GPU allows ${inWords(perBufferBytes)} per buffer`]
        : []),
      `the memory budget is ${inWords(budgetBytes)}, for ${inWords(total * OVERSIZE.poolHeadroom)} with tfjs's reuse pool (×${OVERSIZE.poolHeadroom})`,
    ];

    const { page } = app;
    await expect(page.getByTestId('preflight-reason')).toHaveText(
      `Batch 512 at 512×512 needs about ${inWords(total)}, its largest buffer 12.0 GiB (activation); ${limits.join(' and ')}. ` +
        `The largest batch that fits is ${n}.`,
    );
    await expect(page.getByTestId('start')).toBeDisabled();
    await expect(page.getByTestId('start-blocked')).toBeVisible();
    await expect(page.getByTestId('preflight-skipped')).toHaveCount(0);

    const useBatch = page.getByTestId('preflight-use-batch');
    await expect(useBatch).toHaveText(`Use batch ${n}`);
    await useBatch.click();
    await expect.poll(() => app.api((a) => a.config().batchSize)).toBe(n);
    await expect(page.getByTestId('preflight-refusal')).toHaveCount(0);
    await expect(page.getByTestId('preflight-ok')).toBeVisible();
    await expect(page.getByTestId('start')).toBeEnabled();
    // The fix travels in the link like any edit.
    await expect
      .poll(() => page.evaluate(() => new URLSearchParams(location.hash.slice(1)).get('b')))
      .toBe(String(n));
    // And it is the largest: one more is refused again.
    await page.locator('[data-field="batchSize"] input').fill(String(n + 1));
    await expect(page.getByTestId('preflight-refusal')).toBeVisible();
    await expect(page.getByTestId('start')).toBeDisabled();
    expect(app.errors).toEqual([]);
  });

  test('a link whose loader would hold more host memory than a tab has is refused the same way', async ({
    app,
  }) => {
    // 64 px float32 images (49,152 B a sample) with 6-class one-hot masks (98,304 B): 147,456 B a sample,
    // 37,748,736 B (36.0 MiB) a batch of 256, held 16 workers × 4 prefetch + 1 = 65 times: 2.3 GiB, over
    // the 2 GiB assumed for a tab. The largest batch that fits: ⌊2³¹ / (65 × 147,456)⌋ = 224.
    const hash = 'v=1&px=64&b=256&k=6&w=4&dt=float32&norm=loader&mk=float32-onehot&wk=16&pf=4';
    expect(await openWith(app, '', hash)).toBe('webgpu');
    expect(await app.api((a) => a.config())).toMatchObject({ workers: 16, prefetch: 4, batchSize: 256 });

    const { page } = app;
    // Only the loader's sentence: the GPU step alone (about 588 MiB, counted as OVERSIZE is) fits this adapter.
    await expect(page.getByTestId('preflight-reason')).toHaveText(
      'The loader would hold up to 16 × 4 + 1 batches of 36.0 MiB = 2.3 GiB of host memory, over the 2.0 GiB ' +
        'assumed for a tab: use fewer workers, less prefetch, a smaller batch or uint8 storage.',
    );
    await expect(page.getByTestId('start')).toBeDisabled();
    await expect(page.getByTestId('preflight-use-batch')).toHaveText('Use batch 224');
    await page.getByTestId('preflight-use-batch').click();
    await expect.poll(() => app.api((a) => a.config().batchSize)).toBe(224);
    await expect(page.getByTestId('preflight-ok')).toBeVisible();
    await expect(page.getByTestId('start')).toBeEnabled();
    await page.locator('[data-field="batchSize"] input').fill('225');
    await expect(page.getByTestId('preflight-refusal')).toBeVisible();
    expect(app.errors).toEqual([]);
  });

  /**
   * The silent-wrong-numbers case: an op whose output exceeds the device's per-buffer limit gets an invalid
   * buffer and a GPUValidationError, and tfjs carries on with wrong numbers. This machine's adapter allows
   * 1 GiB per buffer (the last test of this group proves the guard against that limit, in minutes), so this
   * quick test gives the training worker a device whose per-buffer limit is 512 KiB: a prelude added to the
   * worker script (test-only) reports that limit from adapter.limits and device.limits and makes
   * createBuffer beyond it do what a real device does, a genuine Dawn validation error and an invalid
   * buffer, no exception. Batch 16 at 32×32 (cat0: 768 KiB) is then over the limit, while the step-0
   * evaluation (8 images, 384 KiB) is not. The pre-flight refuses it; `?skipPreflight=1` lets it start; the
   * step's error scope must stop the run with a GPU validation error and report no loss.
   */
  test('with ?skipPreflight=1 an over-limit step is caught by the GPU error scope, not trained on', async ({
    app,
  }) => {
    const { page } = app;
    await prependToTrainingWorker(page, smallBufferLimitPrelude(SIMULATED_LIMIT_BYTES));
    const hash = 'v=1&px=32&b=16&d=2&w=4&ch=1&k=2&steps=1&val=1000&aug=0';
    expect(await openWith(app, '?skipPreflight=1', hash)).toBe('webgpu');
    const info = await app.api((a) => a.backend());
    expect(info?.limits).toEqual({
      maxBufferSizeBytes: SIMULATED_LIMIT_BYTES,
      maxStorageBufferBindingSizeBytes: SIMULATED_LIMIT_BYTES,
    });
    await expect(page.getByTestId('preflight-reason')).toContainText(
      'its largest buffer 768.0 KiB (activation); this GPU allows 512.0 KiB per buffer.',
    );
    await expect(page.getByTestId('preflight-skipped')).toBeVisible();
    await expect(page.getByTestId('start')).toBeEnabled();

    await app.start();
    await expect.poll(() => statusOf(app), { timeout: 200_000 }).toBe('failed');
    const status = await app.api((a) => a.status());
    expect(status.message).toMatch(/^GPU validation error: Buffer size \(\d+\) exceeds the max buffer size/);
    await expect(page.getByTestId('status')).toContainText(
      'The run stopped with an error. GPU validation error',
    );
    // No loss computed from an invalid buffer was reported as if it were real; the step-0 evaluation,
    // which fits, is kept.
    expect(await app.api((a) => a.history())).toEqual([]);
    expect((await app.api((a) => a.evals())).map((e) => e.step)).toEqual([0]);
    // The app stays usable.
    await page.getByTestId('reset').click();
    await expect.poll(() => statusOf(app)).toBe('idle');
    await expect(page.getByTestId('start')).toBeEnabled();
    expect(app.errors).toEqual([]);
  });

  test('a GPU fault during the evaluation is caught too: no scores from an invalid buffer are reported', async ({
    app,
  }) => {
    const { page } = app;
    // 256 KiB per buffer: the step-0 evaluation of 8 images at 32×32 (cat0: 384 KiB) is over the limit.
    await prependToTrainingWorker(page, smallBufferLimitPrelude(256 * 1024));
    const hash = 'v=1&px=32&b=8&d=2&w=4&ch=1&k=2&steps=3&val=1000&aug=0';
    expect(await openWith(app, '?skipPreflight=1', hash)).toBe('webgpu');
    await expect(page.getByTestId('preflight-refusal')).toBeVisible();
    await app.start();
    await expect.poll(() => statusOf(app), { timeout: 200_000 }).toBe('failed');
    expect((await app.api((a) => a.status())).message).toMatch(/^GPU validation error: /);
    expect(await app.api((a) => a.evals())).toEqual([]);
    expect(await app.api((a) => a.history())).toEqual([]);
    expect(app.errors).toEqual([]);
  });

  test('an uncaptured GPU error ends the run as failed, keeps its telemetry, and Start works again', async ({
    app,
  }) => {
    const { page } = app;
    await prependToTrainingWorker(page, UNCAPTURED_ERROR_PRELUDE);
    expect(await openWith(app, '', TINY)).toBe('webgpu');
    await app.start();
    await waitForRows(app, 2);
    const engines = page.workers().filter((w) => w.url().includes('engineWorker'));
    const names = await Promise.all(engines.map((w) => w.evaluate('self.name')));
    const training = engines[names.indexOf('training')];
    expect(training).toBeDefined();
    await training!.evaluate('self.__injectUncapturedGpuError("injected by the test")');
    await expect.poll(() => statusOf(app)).toBe('failed');
    const rows = (await app.api((a) => a.history())).length;
    expect(rows).toBeGreaterThanOrEqual(2);
    // The run loop winds down after the fault; the status must still say what happened.
    await page.waitForTimeout(2_000);
    expect(await app.api((a) => a.status())).toEqual({
      status: 'failed',
      message: 'uncaptured GPU error: injected by the test',
    });
    await expect(page.getByTestId('status')).toContainText('uncaptured GPU error: injected by the test');
    await app.start();
    await waitForRows(app, rows + 1);
    await page.getByTestId('stop').click();
    await expect.poll(() => statusOf(app)).toBe('stopped');
    expect(app.errors).toEqual([]);
  });

  /**
   * The same guard against the adapter's real per-buffer limit, no simulation. Batch 512 at 264×264, width
   * 16, 1 channel, 2 classes: the step's first conv output, enc0a, is 512 × 264² × 16 × 4 B = 2,283,798,528 B,
   * over the software adapter's 1 GiB, and so is every level-0 and level-1 activation after it (level 1:
   * 512 × 132² × 32 × 4 B = 1.1 GB), so the device skips the convolutions instead of computing them for hours;
   * the step-0 evaluation (8 images, cat0 107 MB) fits and runs. The pre-flight's largest buffer is cat0,
   * 48 channels: 6,851,395,584 B (6.4 GiB). Measured here under a load average of 9 on 2 cores: 170 s, of
   * which ~107 s the evaluation. Sized for the software adapter's 1 GiB limit: a hardware adapter reports
   * its own limits and would compute the valid parts in seconds, so the test runs on software adapters only.
   */
  test('the same guard against the real 1 GiB per-buffer limit of the software adapter', async ({ app }) => {
    test.setTimeout(600_000);
    const { page } = app;
    const hash = 'v=1&px=264&b=512&d=2&w=16&ch=1&k=2&steps=1&val=1000&aug=0';
    expect(await openWith(app, '?skipPreflight=1', hash)).toBe('webgpu');
    const adapter = await app.adapter();
    test.skip(
      !adapter?.isFallbackAdapter,
      'needs a software adapter: the config is sized for its real 1 GiB per-buffer limit',
    );
    expect(Math.min(adapter!.maxBufferSize, adapter!.maxStorageBufferBindingSize)).toBe(GiB);
    expect((await app.api((a) => a.backend()))?.limits).toEqual({
      maxBufferSizeBytes: adapter!.maxBufferSize,
      maxStorageBufferBindingSizeBytes: adapter!.maxStorageBufferBindingSize,
    });
    await expect(page.getByTestId('preflight-reason')).toContainText(
      'its largest buffer 6.4 GiB (activation); this GPU allows 1.0 GiB per buffer',
    );
    await expect(page.getByTestId('preflight-skipped')).toBeVisible();

    await app.start();
    await expect.poll(() => statusOf(app), { timeout: 580_000, intervals: [1000, 2000] }).toBe('failed');
    expect((await app.api((a) => a.status())).message).toMatch(
      /^GPU validation error: Buffer size \(2283798528\) exceeds the max buffer size limit \(1073741824\)/,
    );
    await expect(page.getByTestId('status')).toContainText(
      'The run stopped with an error. GPU validation error',
    );
    // No loss from the invalid step; the evaluation, which fits, is kept.
    expect(await app.api((a) => a.history())).toEqual([]);
    expect((await app.api((a) => a.evals())).map((e) => e.step)).toEqual([0]);
    await page.getByTestId('reset').click();
    await expect.poll(() => statusOf(app)).toBe('idle');
    expect(app.errors).toEqual([]);
  });
});

test.describe('device and worker faults', () => {
  test('a lost GPU device is reported with its reason; Reload restores the same config', async ({ app }) => {
    const { page } = app;
    expect(await openWith(app, '?testHooks=1', TINY)).toBe('webgpu');
    const before = await app.api((a) => a.config());
    await app.start();
    await waitForRows(app, 1);

    await hook(page, 'loseDevice');
    await expect.poll(() => statusOf(app)).toBe('device-lost');
    const status = await app.api((a) => a.status());
    expect(status.message ?? '').not.toBe('');
    await expect(page.getByTestId('status')).toContainText(`The GPU device was lost. ${status.message}`);
    await expect(page.getByTestId('reload')).toBeVisible();
    await expect(page.getByTestId('start')).toBeDisabled();
    await expect(page.getByTestId('reset')).toBeDisabled();
    // Telemetry so far is kept.
    expect((await app.api((a) => a.history())).length).toBeGreaterThanOrEqual(1);
    // The config is still in the link.
    expect(new URL(page.url()).hash).toBe(`#${TINY}`);

    await Promise.all([page.waitForEvent('load'), page.getByTestId('reload').click()]);
    expect(await app.waitForBackend()).toBe('webgpu');
    expect(await app.api((a) => a.config())).toEqual(before);
    expect(await statusOf(app)).toBe('idle');
    // The fresh device trains.
    await app.start();
    await waitForRows(app, 1);
    await page.getByTestId('stop').click();
    await expect.poll(() => statusOf(app)).toBe('stopped');
    expect(app.errors).toEqual([]);
  });

  test('a crashed training worker is reported, a fresh one boots, and Start works again', async ({ app }) => {
    const { page } = app;
    expect(await openWith(app, '?testHooks=1', TINY)).toBe('webgpu');
    await app.start();
    await waitForRows(app, 1);

    await hook(page, 'crashTrainingWorker');
    await expect(page.getByTestId('status')).toContainText('the training worker crashed');
    // A fresh worker boots; the crash stays on screen until the user acts.
    await expect.poll(() => statusOf(app)).toBe('idle');
    await expect(page.getByTestId('status')).toContainText('the training worker crashed');
    expect((await app.api((a) => a.status())).message).toContain('injected training-worker crash');

    const rowsBefore = (await app.api((a) => a.history())).length;
    await app.start();
    await expect.poll(() => statusOf(app)).toBe('running');
    await waitForRows(app, rowsBefore + 1);
    await page.getByTestId('stop').click();
    await expect.poll(() => statusOf(app)).toBe('stopped');
    expect(app.errors).toEqual([]);
  });

  test('a crashed loader worker ends the run with its message; Start works again', async ({ app }) => {
    const { page } = app;
    expect(await openWith(app, '?testHooks=1', `${TINY}&wk=1&pf=1`)).toBe('webgpu');
    await app.start();
    await waitForRows(app, 1);

    await hook(page, 'crashLoaderWorker');
    await expect.poll(() => statusOf(app)).toBe('failed');
    const status = await app.api((a) => a.status());
    expect(status.message).toMatch(/loader worker \d+ failed: .*injected loader crash/);
    await expect(page.getByTestId('status')).toContainText('injected loader crash');

    const rowsBefore = (await app.api((a) => a.history())).length;
    await app.start();
    await waitForRows(app, rowsBefore + 1);
    await page.getByTestId('stop').click();
    await expect.poll(() => statusOf(app)).toBe('stopped');
    expect(app.errors).toEqual([]);
  });
});

test.describe('leaks', () => {
  test('a 200-step soak keeps the tensor count flat and GPU bytes in use bounded', async ({ app }) => {
    test.setTimeout(420_000);
    expect(await openWith(app, '', 'v=1&px=16&b=2&d=2&w=4&steps=200&val=200')).toBe('webgpu');
    const baseline = await app.api((a) => a.numTensors());
    await app.start();
    await expect
      .poll(() => app.api((a) => a.status()), { timeout: 400_000, intervals: [1000, 2000] })
      .toEqual({ status: 'stopped', message: 'Finished 200 steps.' });

    const history = await app.api((a) => a.history());
    expect(history.map((r) => r.step)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(history.every((r) => Number.isFinite(r.loss))).toBe(true);
    // After a 10-step warm-up the number of live tensors never changes.
    const warm = history.slice(9);
    expect(new Set(warm.map((r) => r.numTensors))).toEqual(new Set([warm[0]!.numTensors]));
    // GPU bytes held by live tensors stay within 10 % of their step-10 value.
    const atStep10 = warm[0]!.gpuBytesInUse ?? 0;
    expect(atStep10).toBeGreaterThan(0);
    const maxInUse = Math.max(...warm.map((r) => r.gpuBytesInUse ?? Number.POSITIVE_INFINITY));
    expect(maxInUse).toBeLessThanOrEqual(1.1 * atStep10);
    test.info().annotations.push({
      type: 'measured',
      description: `live tensors ${warm[0]!.numTensors} from step 10 on; GPU bytes in use ${atStep10} at step 10, max ${maxInUse}`,
    });

    await app.page.getByTestId('reset').click();
    await expect.poll(() => app.api((a) => a.numTensors())).toBe(baseline);
    expect(app.errors).toEqual([]);
  });

  test('20 config-change / start / stop / reset cycles return the tensor count to its baseline', async ({
    app,
  }) => {
    test.setTimeout(420_000);
    const { page } = app;
    expect(await openWith(app, '', TINY)).toBe('webgpu');
    const baseline = await app.api((a) => a.numTensors());
    expect(baseline).not.toBeNull();
    test.info().annotations.push({ type: 'measured', description: `baseline ${baseline} live tensors` });
    await app.section('settings');
    const learningRate = page.getByLabel('Learning rate');
    const seed = page.getByLabel('Seed');
    for (let cycle = 0; cycle < 20; cycle++) {
      // A changed config makes the next Start build a fresh trainer (and dispose the old one).
      await learningRate.fill(cycle % 2 === 0 ? '0.02' : '0.01');
      await seed.fill(String(100 + cycle));
      await expect.poll(() => app.api((a) => a.config().seed)).toBe(100 + cycle);
      const rowsBefore = (await app.api((a) => a.history())).length;
      await app.start();
      await waitForRows(app, rowsBefore + 1);
      await page.getByTestId('stop').click();
      await expect.poll(() => statusOf(app)).toBe('stopped');
      // Every other cycle resets; the others leave the trainer to the next config change.
      if (cycle % 2 === 1) {
        await page.getByTestId('reset').click();
        await expect.poll(() => statusOf(app)).toBe('idle');
        await expect.poll(() => app.api((a) => a.numTensors())).toBe(baseline);
        expect(await app.api((a) => a.history())).toEqual([]);
      }
    }
    expect(app.errors).toEqual([]);
  });
});
