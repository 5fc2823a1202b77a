/**
 * A/B comparison on the real (software) WebGPU adapter: A = uint8 images packed + normalize in the model,
 * B = float32 images + normalize in the loader, both with uint8 masks, 16 px × 2. A and B train in paired
 * rounds, each in its own worker; the table's ratios must match the byte calculator (image bytes exactly
 * 1:4), every timing figure reads only the timed blocks' steps, both workers must be gone afterwards, the
 * exports must carry the same numbers, and a ratio forced to 0.8× (test hook) reads "slower".
 */
import { readFile } from 'node:fs/promises';
import type { Page, Worker } from '@playwright/test';
import { browserBatchBytes } from '../src/data/batchBytes';
import { applyOverrides, decodeHash } from '../src/config/urlCodec';
import { expect, test } from './fixtures';

const HASH =
  '#v=1&px=16&b=2&ch=3&d=2&w=4&dt=uint8&norm=model&up=packed&mk=uint8&val=100&b.dt=float32&b.norm=loader';

/** Counts the page's workers created and closed from now on. */
function trackWorkers(page: Page): { created: () => number; closed: () => number } {
  let created = 0;
  let closed = 0;
  page.on('worker', (worker: Worker) => {
    created++;
    worker.on('close', () => closed++);
  });
  return { created: () => created, closed: () => closed };
}

const numberAttr = async (page: Page, testId: string, name: string): Promise<number> => {
  const value = await page.getByTestId(testId).getAttribute(name);
  if (value === null || value === '') throw new Error(`${testId} has no ${name}`);
  return Number(value);
};

test('an A/B run trains each side in its own worker in paired rounds and shows ratios that match the calculator', async ({
  app,
}) => {
  test.setTimeout(480_000);
  const { page } = app;
  await app.open(HASH);
  expect(await app.waitForBackend()).toBe('webgpu');

  const decoded = decodeHash(HASH);
  expect(decoded.problems).toEqual([]);
  const configA = decoded.config;
  const configB = applyOverrides(configA, decoded.overridesB ?? {});
  expect(configB).toMatchObject({ imageDtype: 'float32', normalizeOn: 'loader', maskDtype: 'uint8' });
  const bytesA = browserBatchBytes(configA, 'webgpu');
  const bytesB = browserBatchBytes(configB, 'webgpu');
  expect(bytesB.uploadImageBytes / bytesA.uploadImageBytes).toBe(4);

  const workers = trackWorkers(page);
  await page.getByTestId('compare-run').click();
  const status = page.getByTestId('compare-status');
  await expect(status).toHaveAttribute('data-phase', /running|done/);
  await expect(status).toHaveAttribute('data-phase', 'done', { timeout: 450_000 });

  // Two new workers, one per side, both terminated.
  expect(workers.created()).toBe(2);
  await expect.poll(() => workers.closed()).toBe(2);
  await expect(page.getByTestId('compare-panel')).toHaveAttribute('data-live-workers', '0');
  // The main run never started.
  expect(await app.api((a) => a.history().length)).toBe(0);

  const row = 'compare-row-';
  // Image bytes to the GPU: uint8 packed vs float32, exactly 1:4.
  expect(await numberAttr(page, `${row}image-bytes-to-gpu`, 'data-a')).toBe(bytesA.uploadImageBytes);
  expect(await numberAttr(page, `${row}image-bytes-to-gpu`, 'data-b')).toBe(bytesB.uploadImageBytes);
  expect(await numberAttr(page, `${row}image-bytes-to-gpu`, 'data-ratio')).toBe(4);
  expect(await numberAttr(page, 'compare-table', 'data-ratio-image-bytes-to-gpu')).toBe(4);
  await expect(page.getByTestId(`${row}image-bytes-to-gpu`)).toContainText('4.00×');
  // Images + masks to the GPU, and host bytes per batch, per formula.
  const toGpuA = bytesA.uploadImageBytes + bytesA.uploadMaskBytes;
  const toGpuB = bytesB.uploadImageBytes + bytesB.uploadMaskBytes;
  expect(await numberAttr(page, `${row}bytes-to-gpu`, 'data-a')).toBe(toGpuA);
  expect(await numberAttr(page, `${row}bytes-to-gpu`, 'data-b')).toBe(toGpuB);
  expect(await numberAttr(page, 'compare-table', 'data-ratio-bytes-to-gpu')).toBe(toGpuB / toGpuA);
  const hostA = bytesA.hostImageBytes + bytesA.hostMaskBytes;
  const hostB = bytesB.hostImageBytes + bytesB.hostMaskBytes;
  expect(await numberAttr(page, `${row}host-batch-bytes`, 'data-a')).toBe(hostA);
  expect(await numberAttr(page, `${row}host-batch-bytes`, 'data-b')).toBe(hostB);
  expect(await numberAttr(page, 'compare-table', 'data-ratio-host-batch-bytes')).toBe(hostB / hostA);
  // Timing, memory and loss exist and are positive (their values are the machine's business).
  for (const id of ['step-ms', 'samples-per-sec', 'gpu-bytes-in-use', 'final-loss']) {
    for (const side of ['data-a', 'data-b'])
      expect(await numberAttr(page, `${row}${id}`, side)).toBeGreaterThan(0);
    expect(await numberAttr(page, `${row}${id}`, 'data-ratio')).toBeGreaterThan(0);
  }

  // JSON export: both configs as run, the rows, and the same summary.
  const [jsonDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('compare-export-json').click(),
  ]);
  expect(jsonDownload.suggestedFilename()).toMatch(/^batchlab-comparison-.*\.json$/);
  const exported = JSON.parse(await readFile(await jsonDownload.path(), 'utf8'));
  expect(exported.kind).toBe('batchlab-comparison');
  expect(exported.a.config).toEqual(configA);
  expect(exported.b.config).toEqual(configB);
  expect(exported.overridesB).toEqual(decoded.overridesB);
  expect(exported.a.backend.backend).toBe('webgpu');
  expect(exported.b.backend.backend).toBe('webgpu');
  // Each side ran steps 1…n; its timing left out the compile step and every block's prefetched batches:
  // it timed 3 steps per paired round, never step 1, and the summary rests on exactly those steps.
  const rounds = exported.paired.rounds;
  expect(rounds).toBeGreaterThanOrEqual(1);
  expect(exported.paired.roundRatios).toHaveLength(rounds);
  for (const side of [exported.a, exported.b]) {
    const steps = side.rows.map((r: { step: number }) => r.step);
    expect(steps).toEqual(steps.map((_: number, i: number) => i + 1));
    expect(side.timedSteps).toHaveLength(3 * rounds);
    expect(side.timedSteps).not.toContain(1);
    expect(steps.length).toBeGreaterThan(side.timedSteps.length);
  }
  expect(exported.summary.timedStepsA).toBe(3 * rounds);
  expect(exported.summary.timedStepsB).toBe(3 * rounds);
  expect(exported.summary.firstTimedStepA).toBe(Math.min(...exported.a.timedSteps));
  expect(exported.schedule).toContain('paired rounds');
  expect(exported.timing).toContain('±10%');
  // The verdict line quotes the paired median and interval the export carries, with words that follow it.
  const ratio = exported.paired.ratios[1];
  const verdict = page.getByTestId('compare-verdict');
  expect(await numberAttr(page, 'compare-verdict', 'data-median')).toBe(ratio.median);
  const code = ratio.low > 1 ? 'faster' : ratio.high < 1 ? 'slower' : 'no-difference';
  await expect(verdict).toHaveAttribute('data-verdict', code);
  console.log(
    `comparison B ÷ A samples/s: ${ratio.median.toFixed(3)} (${ratio.low.toFixed(3)}–${ratio.high.toFixed(3)}), ${rounds} rounds, ${exported.paired.state}`,
  );
  const imageMetric = exported.summary.metrics.find((m: { id: string }) => m.id === 'image-bytes-to-gpu');
  expect(imageMetric).toMatchObject({ a: bytesA.uploadImageBytes, b: bytesB.uploadImageBytes, ratio: 4 });
  // Same seed, same data: the first step's loss matches to float32 rounding of the two normalize paths.
  expect(Math.abs(exported.a.rows[0].loss - exported.b.rows[0].loss)).toBeLessThan(1e-3);

  // Per-step charts (uPlot, A and B on one scale) hold both sides' timed steps only.
  const timedSteps = new Set<number>([...exported.a.timedSteps, ...exported.b.timedSteps]);
  for (const [id, figure] of [
    ['compare-loss', 'loss'],
    ['compare-step-ms', 'stepMs'],
  ] as const) {
    const chart = page.getByTestId(`chart-${id}`);
    await chart.scrollIntoViewIfNeeded();
    await expect(chart).toHaveAttribute('data-points', String(timedSteps.size));
    await expect(chart).toHaveAttribute('data-latest-a', String(exported.a.rows.at(-1)[figure]));
    await expect(chart).toHaveAttribute('data-latest-b', String(exported.b.rows.at(-1)[figure]));
  }

  // PNG export: a real PNG of a table-sized image.
  const [pngDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('compare-export-png').click(),
  ]);
  expect(pngDownload.suggestedFilename()).toMatch(/^batchlab-comparison-.*\.png$/);
  const png = await readFile(await pngDownload.path());
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(png.readUInt32BE(16)).toBeGreaterThan(400); // IHDR width
  expect(png.readUInt32BE(20)).toBeGreaterThan(150); // IHDR height

  expect(app.errors).toEqual([]);
});

test('Stop ends a comparison at once and leaves no worker behind', async ({ app }) => {
  const { page } = app;
  await app.open(HASH);
  expect(await app.waitForBackend()).toBe('webgpu');
  const workers = trackWorkers(page);
  await page.getByTestId('compare-run').click();
  // Paired rounds keep both sides' workers alive for the whole measurement.
  await expect(page.getByTestId('compare-panel')).toHaveAttribute('data-live-workers', '2');
  await page.getByTestId('compare-stop').click();
  await expect(page.getByTestId('compare-status')).toHaveAttribute('data-phase', 'stopped');
  await expect(page.getByTestId('compare-panel')).toHaveAttribute('data-live-workers', '0');
  await expect.poll(() => workers.created()).toBe(2);
  await expect.poll(() => workers.closed()).toBe(2);
  await expect(page.getByTestId('compare-results')).toHaveCount(0);
  expect(app.errors).toEqual([]);
});

test('a comparison forced to 0.8× (test hook) reads "slower" and explains why it is slower', async ({
  app,
}) => {
  test.setTimeout(480_000);
  const { page } = app;
  await page.goto(`/?testHooks=1&forceCompareRatio=0.8${HASH}`);
  expect(await app.waitForBackend()).toBe('webgpu');
  await page.getByTestId('compare-run').click();
  await expect(page.getByTestId('compare-status')).toHaveAttribute('data-phase', 'done', {
    timeout: 450_000,
  });
  const verdict = page.getByTestId('compare-verdict');
  await expect(verdict).toHaveAttribute('data-verdict', 'slower');
  expect(await numberAttr(page, 'compare-verdict', 'data-median')).toBeCloseTo(0.8, 9);
  expect(await numberAttr(page, 'compare-verdict', 'data-high')).toBeCloseTo(0.8, 9);
  await expect(verdict).toContainText('slower');
  await expect(verdict).toContainText('0.80×');
  const explain = page.getByTestId('compare-explain');
  await expect(explain).toHaveAttribute('data-verdict', 'slower');
  await expect(explain).toContainText('Why slower:');
  await expect(explain).not.toContainText('Why not more');
  // The table's samples/s ratio rests on the same (scaled) timed steps.
  expect(await numberAttr(page, 'compare-table', 'data-ratio-samples-per-sec')).toBeCloseTo(0.8, 6);
  expect(app.errors).toEqual([]);
});
