/**
 * Lesson 4, tradeoff curves, as a person meets it from a link: a batch sweep 1, 2, 4 at 16 px runs point
 * after point, each in its own worker; peak memory rises strictly with the batch, bytes to the GPU per
 * sample stay those of the byte formula, every peak is at least the between-step snapshot, and the CSV has
 * one row per point. The result card names the point with the table's most samples/s, with its interval. `?testHooks=1&sweepMaxSteps=8` (search, never the shared hash) caps each point's steps
 * so the sweep stays short on a software adapter. Phone width and axe are checked after the run. A point
 * the pre-flight refuses is marked with its reason and the sweep goes on. A micro-batch sweep at a fixed batch
 * shows the peak falling with each split, samples/s beside it.
 */
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { browserBatchBytes } from '../src/data/batchBytes';
import { DEFAULT_CONFIG } from '../src/config/trainConfig';
import { expect, test } from './fixtures';

const PHONE = { width: 390, height: 844 };

test('a batch sweep 1, 2, 4 at 16 px: 3 points, peak rising with the batch, constant bytes per sample, CSV per point', async ({
  app,
}) => {
  test.setTimeout(120_000);
  const { page } = app;
  await page.goto('/?testHooks=1&sweepMaxSteps=8#v=1&view=tradeoffs&px=16&wk=0&sw=b:1,2,4');
  expect(await app.waitForBackend()).toBe('webgpu');
  expect(await app.api((a) => a.view())).toBe('tradeoffs');
  await expect(page.getByTestId('view-tradeoffs')).toHaveAttribute('aria-current', 'page');
  expect(await app.api((a) => a.sweepSpec())).toEqual({ setting: 'batchSize', values: [1, 2, 4] });
  await expect(page.getByTestId('sweep-values')).toHaveValue('1,2,4');

  await page.getByTestId('sweep-run').click();
  await expect.poll(() => app.api((a) => a.activity().sweep)).toBe(true);
  await expect(page.getByTestId('sweep-progress')).toHaveAttribute('data-phase', 'done', {
    timeout: 110_000,
  });
  expect(await app.api((a) => a.activity().sweep)).toBe(false);

  const run = await app.api((a) => a.sweep());
  expect(run.points.map((p) => [p.value, p.status])).toEqual([
    [1, 'done'],
    [2, 'done'],
    [4, 'done'],
  ]);
  const measured = run.points.map((p) => p.measured!);
  for (const [i, m] of measured.entries()) {
    const batch = run.points[i]!.value as number;
    // The compile step was never timed, and each point timed at least one step.
    expect(m.firstTimedStep).toBeGreaterThanOrEqual(2);
    expect(m.timedSteps).toBeGreaterThan(0);
    // Bytes to the GPU per sample: the byte formula's, the same for every batch.
    const expected = browserBatchBytes({ ...DEFAULT_CONFIG, imageSizePx: 16, batchSize: batch }, 'webgpu');
    expect(m.bytesToGpuPerSample).toBe((expected.uploadImageBytes + expected.uploadMaskBytes) / batch);
    // The peak inside a step is never below the snapshot between steps.
    expect(m.gpuPeakBytes).not.toBeNull();
    expect(m.gpuPeakBytes!).toBeGreaterThanOrEqual(m.gpuBytesInUse!);
    expect(run.points[i]!.estimate!.totalBytes).toBeGreaterThan(0);
  }
  expect(new Set(measured.map((m) => m.bytesToGpuPerSample)).size).toBe(1);
  expect(measured[1]!.gpuPeakBytes!).toBeGreaterThan(measured[0]!.gpuPeakBytes!);
  expect(measured[2]!.gpuPeakBytes!).toBeGreaterThan(measured[1]!.gpuPeakBytes!);

  // The page shows the same: a table row per point, the result card, the curves.
  await expect(page.getByTestId('sweep-table').locator('tbody tr')).toHaveCount(3);
  await expect(page.getByTestId('sweep-point-2')).toHaveAttribute(
    'data-peak-bytes',
    String(measured[2]!.gpuPeakBytes),
  );
  // The card names the point with the table's most samples/s, not the last one, with its interval.
  const rates = await Promise.all(
    [0, 1, 2].map(async (i) =>
      Number(await page.getByTestId(`sweep-point-${i}`).getAttribute('data-samples-per-sec')),
    ),
  );
  const top = Math.max(...rates);
  const topLabel = `batch ${String(run.points[rates.indexOf(top)]!.value)}`;
  const card = page.getByTestId('sweep-result');
  await expect(card).toHaveAttribute('data-best', topLabel);
  expect(Number(await card.getAttribute('data-best-samples-per-sec'))).toBe(top);
  const low = Number(await card.getAttribute('data-best-low'));
  const high = Number(await card.getAttribute('data-best-high'));
  expect(low).toBeLessThanOrEqual(top);
  expect(high).toBeGreaterThanOrEqual(top);
  expect(high).toBeGreaterThan(low);
  await expect(page.getByTestId('sweep-result-figure')).toContainText(
    `${topLabel}: ${top.toFixed(1)} samples/s (${low.toFixed(1)}–${high.toFixed(1)})`,
  );
  await expect(page.getByTestId('sweep-result-tied')).toBeVisible();
  await expect(page.getByTestId('chart-sweep-memory')).toHaveAttribute('data-points', '3');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('sweep-export-csv').click(),
  ]);
  expect(download.suggestedFilename()).toBe('batchlab-sweep-batch-1-2-4-at-16px.csv');
  const lines = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\r\n');
  expect(lines).toHaveLength(1 + 3);
  expect(lines[0]!.startsWith('batchSize,status,')).toBe(true);
  expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['1', '2', '4']);

  const violations = (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(violations).toEqual([]);
  await page.setViewportSize(PHONE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  expect(app.errors).toEqual([]);
});

test('a point the pre-flight refuses is marked with its reason and the sweep goes on', async ({ app }) => {
  test.setTimeout(90_000);
  const { page } = app;
  // 512 px at batch 64 cannot fit this device; 16 px at batch 64 trains (capped at 3 steps).
  await page.goto('/?testHooks=1&sweepMaxSteps=3#v=1&view=tradeoffs&px=16&b=64&wk=0&sw=px:512,16');
  expect(await app.waitForBackend()).toBe('webgpu');
  await page.getByTestId('sweep-run').click();
  await expect(page.getByTestId('sweep-progress')).toHaveAttribute('data-phase', 'done', { timeout: 80_000 });
  const run = await app.api((a) => a.sweep());
  // The link's values were put in ascending order: 16 first.
  expect(run.points.map((p) => [p.value, p.status])).toEqual([
    [16, 'done'],
    [512, 'refused'],
  ]);
  expect(run.points[1]!.reason).toMatch(/Batch 64 at 512×512 needs about/);
  expect(run.points[1]!.measured).toBeNull();
  await expect(page.getByTestId('sweep-point-1')).toHaveAttribute('data-status', 'refused');
  expect(app.errors).toEqual([]);
});

test('a micro-batch sweep 1, 2, 4 at batch 8: the peak falls with each split, samples/s measured beside it', async ({
  app,
}) => {
  test.setTimeout(120_000);
  const { page } = app;
  await page.goto('/?testHooks=1&sweepMaxSteps=6#v=1&view=tradeoffs&px=16&b=8&wk=0&sw=mb:1,2,4');
  expect(await app.waitForBackend()).toBe('webgpu');
  expect(await app.api((a) => a.sweepSpec())).toEqual({ setting: 'microBatches', values: [1, 2, 4] });
  await page.getByTestId('sweep-run').click();
  await expect(page.getByTestId('sweep-progress')).toHaveAttribute('data-phase', 'done', {
    timeout: 110_000,
  });
  const run = await app.api((a) => a.sweep());
  expect(run.points.map((p) => [p.value, p.status])).toEqual([
    [1, 'done'],
    [2, 'done'],
    [4, 'done'],
  ]);
  const peaks = run.points.map((p) => p.measured!.gpuPeakBytes!);
  // The same batch of 8 in 1, 2 and 4 pieces: each split holds fewer activations at its peak.
  expect(peaks[1]).toBeLessThan(peaks[0]!);
  expect(peaks[2]).toBeLessThan(peaks[1]!);
  // The estimate models the split the same way.
  const estimates = run.points.map((p) => p.estimate!.totalBytes);
  expect(estimates[1]).toBeLessThan(estimates[0]!);
  expect(estimates[2]).toBeLessThan(estimates[1]!);
  for (const [i, point] of run.points.entries()) {
    const row = page.getByTestId(`sweep-point-${i}`);
    await expect(row).toHaveAttribute('data-peak-bytes', String(point.measured!.gpuPeakBytes));
    expect(Number(await row.getAttribute('data-samples-per-sec'))).toBeGreaterThan(0);
  }
  expect(app.errors).toEqual([]);
});
