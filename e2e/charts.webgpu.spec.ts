import { readFile } from 'node:fs/promises';
import type { Download, Locator } from '@playwright/test';
import type { TelemetryRow } from '../src/config/telemetry';
import { browserBatchBytes } from '../src/data/batchBytes';
import { expect, test, type AppPage } from './fixtures';

const STEPS = 6;

async function downloadOf(app: AppPage, testId: string): Promise<{ name: string; bytes: Buffer }> {
  const [download]: [Download, void] = await Promise.all([
    app.page.waitForEvent('download'),
    app.page.getByTestId(testId).click(),
  ]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: await readFile(path) };
}

/** The chart's figure, scrolled into view (off-screen charts pause their redraws). */
async function chart(app: AppPage, id: string): Promise<Locator> {
  const figure = app.page.getByTestId(`chart-${id}`);
  await figure.scrollIntoViewIfNeeded();
  return figure;
}

test('live charts hold the latest telemetry; the run exports as JSON, CSV and PNG', async ({ app }) => {
  await app.open(`#v=1&px=16&b=2&d=2&w=4&lr=0.02&steps=${STEPS}&val=3`);
  expect(await app.waitForBackend()).toBe('webgpu');
  await app.start();
  await app.waitForSteps(STEPS);
  await expect.poll(() => app.api((a) => a.status().status)).toBe('stopped');
  await expect.poll(() => app.api((a) => a.evals().at(-1)?.step ?? -1)).toBe(STEPS);

  const latest = (await app.api((a) => a.latest())) as TelemetryRow;
  const lastEval = (await app.api((a) => a.evals().at(-1)))!;
  const config = await app.api((a) => a.config());
  const expectedBytes = browserBatchBytes(config, 'webgpu');
  expect(latest.step).toBe(STEPS);

  const memory = await chart(app, 'memory');
  await expect(memory).toHaveAttribute('data-points', String(STEPS));
  await expect(memory).toHaveAttribute('data-latest-gpu-bytes-in-use', String(latest.gpuBytesInUse));
  await expect(memory).toHaveAttribute('data-latest-gpu-bytes-allocated', String(latest.gpuBytesAllocated));
  await expect(memory).toHaveAttribute('data-latest-host-bytes-in-flight', String(latest.hostBytesInFlight));
  expect(Number(await memory.getAttribute('data-latest-gpu-bytes-in-use'))).toBeGreaterThan(0);
  await expect(memory.locator('.chart-note')).toBeHidden();

  const throughput = await chart(app, 'throughput');
  await expect(throughput).toHaveAttribute('data-points', String(STEPS));
  await expect(throughput).toHaveAttribute('data-latest-samples-per-sec', String(latest.samplesPerSec));
  await expect(throughput).toHaveAttribute('data-latest-data-wait-ms', String(latest.dataWaitMs));
  await expect(throughput).toHaveAttribute('data-latest-upload-ms', String(latest.uploadMs));
  await expect(throughput).toHaveAttribute('data-latest-compute-ms', String(latest.computeMs));

  const bytes = await chart(app, 'bytes');
  await expect(bytes).toHaveAttribute('data-points', String(STEPS));
  await expect(bytes).toHaveAttribute(
    'data-latest-uploaded-image-bytes',
    String(expectedBytes.uploadImageBytes),
  );
  await expect(bytes).toHaveAttribute(
    'data-latest-uploaded-mask-bytes',
    String(expectedBytes.uploadMaskBytes),
  );

  // Loss at steps 1…6 and IoU at steps 0, 3, 6 share one x axis: 7 points.
  const loss = await chart(app, 'loss');
  await expect(loss).toHaveAttribute('data-points', String(STEPS + 1));
  await expect(loss).toHaveAttribute('data-latest-loss', String(latest.loss));
  await expect(loss).toHaveAttribute('data-latest-mean-iou', String(lastEval.meanIoU));
  // The hover legend shows the newest values when the cursor is elsewhere.
  await expect(loss.locator('.u-legend')).toContainText(latest.loss.toFixed(4));
  await expect(loss.locator('.u-legend')).toContainText(lastEval.meanIoU.toFixed(3));

  const history = await app.api((a) => a.history());
  const json = await downloadOf(app, 'export-json');
  expect(json.name).toMatch(/^batchlab-uint8-model-16px-b2-\d{8}-\d{6}\.json$/);
  const run = JSON.parse(json.bytes.toString('utf8'));
  expect(run.config).toEqual(config);
  expect(run.telemetry).toHaveLength(STEPS);
  expect(run.telemetry).toEqual(history);
  expect(run.evals.map((e: { step: number }) => e.step)).toEqual([0, 3, 6]);

  const csv = await downloadOf(app, 'export-csv');
  expect(csv.name).toMatch(/^batchlab-uint8-model-16px-b2-\d{8}-\d{6}\.csv$/);
  const [header, ...lines] = csv.bytes.toString('utf8').trimEnd().split('\r\n');
  const columns = header!.split(',');
  expect(columns).toEqual(expect.arrayContaining(Object.keys(latest)));
  expect(lines).toHaveLength(STEPS);
  const cells = lines.map((line) => line.split(','));
  expect(cells.map((c) => Number(c[columns.indexOf('step')]))).toEqual([1, 2, 3, 4, 5, 6]);
  expect(Number(cells.at(-1)![columns.indexOf('loss')])).toBe(latest.loss);
  expect(Number(cells.at(-1)![columns.indexOf('uploadedImageBytes')])).toBe(expectedBytes.uploadImageBytes);

  const png = await downloadOf(app, 'export-png-memory');
  expect(png.name).toMatch(/^batchlab-uint8-model-16px-b2-memory-\d{8}-\d{6}\.png$/);
  expect([...png.bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(png.bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  const widthPx = png.bytes.readUInt32BE(16);
  const heightPx = png.bytes.readUInt32BE(20);
  const canvasPx = await memory.locator('canvas').evaluate((c: HTMLCanvasElement) => [c.width, c.height]);
  expect(widthPx).toBeGreaterThan(0);
  expect(widthPx).toBe(canvasPx[0]);
  // The PNG is the plot plus a title band above it.
  expect(heightPx).toBeGreaterThan(canvasPx[1]!);

  expect(app.errors).toEqual([]);
});

test('on the cpu backend the memory chart says there is no GPU memory instead of drawing zeros', async ({
  app,
}) => {
  await app.open('#v=1&px=16&b=2&d=2&w=4&steps=2&val=2&be=cpu');
  expect(await app.waitForBackend()).toBe('cpu');
  await app.start();
  await app.waitForSteps(2);
  const latest = (await app.api((a) => a.latest())) as TelemetryRow;
  expect(latest.gpuBytesInUse).toBeNull();
  const memory = await chart(app, 'memory');
  await expect(memory).toHaveAttribute('data-points', '2');
  await expect(memory.locator('.chart-note')).toHaveText('no GPU memory on the cpu backend');
  await expect(memory).toHaveAttribute('data-latest-gpu-bytes-in-use', 'null');
  await expect(memory).toHaveAttribute('data-latest-host-bytes-in-flight', String(latest.hostBytesInFlight));
  expect(app.errors).toEqual([]);
});
