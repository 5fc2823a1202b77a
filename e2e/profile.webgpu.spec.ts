/**
 * The step profile and the per-step peak memory, on the software adapter: the profile of the default
 * config, its trace, memory by category when the batch doubles, the peak beside the between-step snapshot,
 * and a `prof=1` link.
 */
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Download } from '@playwright/test';
import { FILTER_GRADIENT_KERNELS } from '../src/config/stepProfile';
import type { TelemetryRow } from '../src/config/telemetry';
import { describeUNet, parameterCount } from '../src/config/unetSpec';
import { expect, test } from './fixtures';

/** The model's constants (small scalars and per-channel tables) beside its weights: well under 64 KiB. */
const CONSTANT_BYTES_MAX = 64 * 1024;

const rowOfStep = (rows: TelemetryRow[], step: number) => rows.find((r) => r.step === step);

test('the default config: kernels timed or the note, categories peak at the reported peak, trace exports', async ({
  app,
}) => {
  await app.open();
  expect(await app.waitForBackend()).toBe('webgpu');
  const profile = await app.profileStep(220_000);
  const config = await app.api((a) => a.config());
  expect(profile.config).toEqual(config);

  // The filter gradient (tfjs's Conv2DBackpropFilter, or BatchLab's own where the engine chose it) is among
  // the kernels, in the profile and in the table.
  const names = profile.kernelRows.map((r) => r.name);
  const filterGradient = FILTER_GRADIENT_KERNELS.find((k) => names.includes(k));
  expect(filterGradient, names.join(', ')).toBeDefined();
  const panel = app.page.locator('section.profile');

  // The profiled step's phase split, and the memory axis in binary units (the ticks the canvas draws).
  const phaseMs = await panel
    .getByTestId('profile-phases')
    .locator('[data-phase]')
    .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-ms'))));
  expect(phaseMs.length).toBeGreaterThanOrEqual(3);
  expect(phaseMs.filter((ms) => ms > 0).length, phaseMs.join(', ')).toBeGreaterThanOrEqual(3);
  await expect(panel.getByTestId('profile-chart-memory')).toHaveAttribute('data-ticks', /KiB|MiB/);
  // The slowest kernels' bars carry their names: one drawn tick under each bar.
  if (profile.timing !== 'none') {
    const kernelsChart = panel.getByTestId('profile-chart-kernels');
    const bars = Number(await kernelsChart.getAttribute('data-bars'));
    expect(bars).toBeGreaterThan(0);
    await expect
      .poll(
        async () =>
          ((await kernelsChart.getAttribute('data-bar-ticks')) ?? '').split('|').filter(Boolean).length,
      )
      .toBe(bars);
  }
  const more = panel.getByRole('button', { name: /^Show all/ });
  if (await more.isVisible()) await more.click();
  await expect(
    panel.locator(`[data-testid="profile-kernel-row"][data-kernel="${filterGradient}"]`),
  ).toHaveCount(profile.kernelRows.filter((r) => r.name === filterGradient).length);

  // Kernel times where the adapter offers 'timestamp-query', the plain note where it does not: which one is
  // decided by the adapter's features, read here apart from the engine, so the engine cannot fall back to
  // the note on a machine that can time kernels (this machine's adapter offers them: webgpu-here notes).
  const note = app.page.getByTestId('profile-timing-note');
  const adapterTimes = await app.page.evaluate(async () => {
    const adapter = await navigator.gpu.requestAdapter();
    return adapter?.features.has('timestamp-query') ?? false;
  });
  expect(profile.timing).toBe(adapterTimes ? 'gpu-timestamps' : 'none');
  if (adapterTimes) {
    expect(profile.totalKernelMs!).toBeGreaterThan(0);
    expect(profile.kernels.every((k) => k.ms !== null && k.ms >= 0)).toBe(true);
    expect(profile.timingStep).toBe(profile.memoryStep + 1);
    await expect(app.page.getByTestId('profile-profiled-ms')).toBeVisible();
  } else {
    await expect(note).toContainText('timestamp-query');
  }
  await expect(note).toHaveAttribute('data-timing', profile.timing);
  await expect(app.page.getByTestId('profile-bottleneck').locator('strong')).toHaveText(profile.bottleneck);
  // A verdict on convolutions (or their gradients) says what to try next: a smaller width or size, lesson 4.
  if (/convolution/.test(profile.bottleneck)) {
    await expect(app.page.getByTestId('profile-next-step')).toContainText(
      'a smaller base width or image size cuts it; lesson 4',
    );
  }
  // Shapes: one short line per row, every shape of the row in full on hover.
  const shapeCells = await panel
    .locator('[data-testid="profile-kernel-row"] td.shapes')
    .evaluateAll((cells) =>
      cells.map((c) => ({ title: c.getAttribute('title'), text: c.textContent ?? '' })),
    );
  expect(shapeCells.map((c) => c.title)).toEqual(profile.kernelRows.map((r) => r.shapes.join('; ')));
  for (const c of shapeCells) expect(c.text.length, c.text).toBeLessThanOrEqual(36);

  // The categories' peak is the reported peak: the chart's top line, the tracker of that step, its row.
  const history = await app.api((a) => a.history());
  const row = rowOfStep(history, profile.memoryStep)!;
  expect(row.gpuPeakBytes).toBe(profile.trackedPeakBytes);
  expect(profile.memory.peakBytes).toBe(profile.trackedPeakBytes);
  // Kernels per step: the header, the step's telemetry row and the profile's list say the same number, at
  // most 100 (issue 29's goal; 286 on tfjs's ops); the optimizer update is the fused one, two kernels per
  // weight variable (a filter and a bias per conv), where tfjs's Adam runs 14 per variable plus 4, and the
  // loss is the fused kernel.
  await expect(panel.getByTestId('profile-kernels')).toHaveText(String(profile.kernels.length));
  expect(profile.kernels.length).toBeLessThanOrEqual(100);
  expect(names).toContain('BatchLabCrossEntropy');
  expect(row.kernelsPerStep).toBe(profile.kernels.length);
  const update = profile.kernels.filter((k) => k.phase === 'optimizer').map((k) => k.name);
  const variables = 2 * describeUNet(config).convs.length;
  expect(update.filter((n) => n === 'BatchLabAdamMoments')).toHaveLength(variables);
  expect(update.filter((n) => n === 'BatchLabAdamWeights')).toHaveLength(variables);
  expect(update).toHaveLength(2 * variables);
  await expect(app.page.getByTestId('metric-kernels-per-step')).toHaveText(String(profile.kernels.length));
  // The categories against an independent count: the U-Net's parameter count from its spec (config/unetSpec)
  // gives the variables' float32 bytes, and Adam keeps two moments of every weight (plus its two scalar
  // powers of beta). A tensor put in the wrong category moves bytes away from these.
  const weightBytes = 4 * parameterCount(describeUNet(config));
  const { atPeak } = profile.memory;
  expect(config.optimizer).toBe('adam');
  expect(atPeak.parameters).toBeGreaterThanOrEqual(weightBytes);
  expect(atPeak.parameters).toBeLessThan(weightBytes + CONSTANT_BYTES_MAX);
  expect(atPeak.optimizerState).toBeGreaterThanOrEqual(2 * weightBytes);
  expect(atPeak.optimizerState).toBeLessThanOrEqual(2 * weightBytes + 2 * 4);
  const memoryChart = app.page.getByTestId('profile-chart-memory');
  await expect(memoryChart).toHaveAttribute('data-peak-bytes', String(profile.memory.peakBytes));
  await expect(app.page.getByTestId('profile-peak-bytes')).toHaveText(
    `${profile.memory.peakBytes.toLocaleString('en-US')} B`,
  );

  // The trace downloads, parses, and holds the phases and the kernels.
  const [download]: [Download, void] = await Promise.all([
    app.page.waitForEvent('download'),
    app.page.getByTestId('profile-export-trace').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    new RegExp(
      `^batchlab-uint8-model-${config.imageSizePx}px-b${config.batchSize}-trace-step${profile.timingStep}-\\d{8}-\\d{6}\\.json$`,
    ),
  );
  const trace = JSON.parse(await readFile(await download.path(), 'utf8')) as {
    traceEvents: { ph: string; tid: number; name: string; ts: number; dur?: number }[];
  };
  const complete = trace.traceEvents.filter((e) => e.ph === 'X');
  expect(complete.filter((e) => e.tid === 1)).toHaveLength(profile.phases.length);
  expect(complete.filter((e) => e.tid === 2).map((e) => e.name)).toContain(filterGradient);
  expect(trace.traceEvents.filter((e) => e.ph === 'C')).toHaveLength(profile.memory.kernelIndex.length);

  // The panel is reachable and labelled: axe finds nothing serious in it.
  const axe = await new AxeBuilder({ page: app.page }).include('section.profile').analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  expect(app.errors).toEqual([]);
});

test('doubling the batch doubles the inputs exactly; every step peaks above its snapshot; peak grows with the batch', async ({
  app,
}) => {
  const link = (b: number) => `#v=1&px=16&b=${b}&d=2&w=4&steps=50&val=50&aug=0`;
  await app.open(link(2));
  expect(await app.waitForBackend()).toBe('webgpu');
  const small = await app.profileStep(220_000);
  const smallRows = await app.api((a) => a.history());

  await app.page.evaluate((hash) => {
    window.location.hash = hash;
  }, link(4));
  await expect.poll(() => app.api((a) => a.config().batchSize)).toBe(4);
  await app.page.getByTestId('reset').click();
  await expect.poll(() => app.api((a) => a.status().status)).toBe('idle');
  const large = await app.profileStep(220_000);
  const largeRows = await app.api((a) => a.history());

  const a = small.memory.atPeak;
  const b = large.memory.atPeak;
  expect(a.inputs).toBeGreaterThan(0);
  expect(b.inputs).toBe(2 * a.inputs);
  expect(Math.abs(b.activations / (2 * a.activations) - 1)).toBeLessThan(0.05);
  expect(b.parameters).toBe(a.parameters);
  expect(b.optimizerState).toBe(a.optimizerState);

  for (const rows of [smallRows, largeRows]) {
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.gpuPeakBytes).not.toBeNull();
      expect(r.gpuPeakBytes!).toBeGreaterThanOrEqual(r.gpuBytesInUse!);
    }
  }
  const lastPeak = (rows: TelemetryRow[]) => rows.at(-1)!.gpuPeakBytes!;
  expect(lastPeak(largeRows)).toBeGreaterThan(lastPeak(smallRows));

  // The tiles and the memory chart show the peak of the latest step, never a stand-in zero.
  const latest = largeRows.at(-1)!;
  await expect(app.page.getByTestId('metric-gpu-peak')).not.toHaveText(/^0( B)?$/);
  const memory = app.page.getByTestId('chart-memory');
  await memory.scrollIntoViewIfNeeded();
  await expect(memory).toHaveAttribute('data-latest-gpu-peak-bytes', String(latest.gpuPeakBytes));
  expect(app.errors).toEqual([]);
});

test('a prof=1 link makes the profile when the page opens', async ({ app }) => {
  await app.open('#v=1&px=16&b=2&d=2&w=4&steps=50&val=50&aug=0&prof=1');
  expect(await app.waitForBackend()).toBe('webgpu');
  await expect
    .poll(() => app.api((a) => a.profile().status), { timeout: 220_000, intervals: [500, 1000] })
    .toBe('done');
  await expect(app.page.getByTestId('profile-bottleneck')).toBeVisible();
  // The link left out of the address bar's next write is not a problem: no problem banner for prof.
  expect(app.errors).toEqual([]);
});

test('on the cpu backend there is no GPU peak, and the tile says so instead of 0', async ({ app }) => {
  await app.open('#v=1&px=16&b=2&d=2&w=4&steps=2&val=2&be=cpu');
  expect(await app.waitForBackend()).toBe('cpu');
  await app.start();
  await app.waitForSteps(2);
  const latest = (await app.api((a) => a.latest())) as TelemetryRow;
  expect(latest.gpuPeakBytes).toBeNull();
  await expect(app.page.getByTestId('metric-gpu-peak')).toHaveText('no GPU on cpu');
  expect(app.errors).toEqual([]);
});
