import { readFile } from 'node:fs/promises';
import type { Download, Locator } from '@playwright/test';
import type { TelemetryRow } from '../src/config/telemetry';
import type { TrainConfig } from '../src/config/trainConfig';
import { browserBatchBytes } from '../src/data/batchBytes';
import { charts as chartWords } from '../src/i18n/en/chartText';
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
  if (id === 'bytes' || id === 'loss') await app.section('details');
  const figure = app.page.getByTestId(`chart-${id}`);
  await figure.scrollIntoViewIfNeeded();
  return figure;
}

test('live charts hold the latest telemetry; the run exports as JSON, CSV and PNG', async ({ app }) => {
  await app.open(`#v=1&px=16&b=2&d=2&w=4&lr=0.02&steps=${STEPS}&val=3`);
  expect(await app.waitForBackend()).toBe('webgpu');
  // The empty chart's sentence, which the canvas may shorten, is whole on hover; gone once there is data.
  const memoryPlot = (await chart(app, 'memory')).locator('.chart-plot');
  await expect(memoryPlot).toHaveAttribute('title', chartWords.specs.memory.empty);
  await app.start();
  await app.waitForSteps(STEPS);
  await expect.poll(() => app.api((a) => a.status().status)).toBe('stopped');
  await expect(memoryPlot).toHaveAttribute('title', '');
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
  await app.section('export');
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

test('each Start after the first draws a marker saying what changed; the Step tile and the charts agree', async ({
  app,
}) => {
  const { page } = app;
  const field = async (name: keyof TrainConfig) => (await app.field(name)).locator('input');
  const stopped = () => expect.poll(() => app.api((a) => a.status().status)).toBe('stopped');
  /** Every chart's latest x (each scrolled into view first: off-screen charts wait to redraw). */
  const expectChartsAt = async (x: string) => {
    for (const id of ['memory', 'throughput', 'bytes', 'loss'])
      await expect(await chart(app, id)).toHaveAttribute('data-latest-x', x);
  };
  await app.open('#v=1&px=16&b=2&d=2&w=4&lr=0.02&steps=3&val=100&s=42&wk=0');
  expect(await app.waitForBackend()).toBe('webgpu');
  const bytes = await chart(app, 'bytes');
  await expect(bytes).toHaveAttribute('data-points', '0');

  // Run 1: three steps.
  await app.start();
  await app.waitForSteps(3);
  await stopped();
  // Only the worker count changes: a marker says so (the model has its 3 steps already, so none follow).
  await (await field('workers')).fill('1');
  await app.start();
  await chart(app, 'bytes');
  await expect(bytes).toHaveAttribute('data-markers', '1');
  await expect(bytes).toHaveAttribute('data-marker-labels', 'workers 0→1');
  await stopped();
  // More steps: the trained model continues, its steps and the page's are the same.
  await (await field('maxSteps')).fill('5');
  await app.start();
  await app.waitForSteps(5);
  await stopped();
  await expectChartsAt('5');
  await expect(page.getByTestId('metric-step')).toHaveText('5');
  await expect(bytes).toHaveAttribute('data-marker-labels', 'workers 0→1 | steps 3→5');

  // A new seed builds a new model: its steps restart at 1, the page's go on.
  await (await field('seed')).fill('43');
  await (await field('maxSteps')).fill('2');
  await app.start();
  await expect.poll(() => app.api((a) => a.history().length), { timeout: 200_000 }).toBe(7);
  await stopped();
  await expectChartsAt('7');
  await expect(page.getByTestId('metric-step')).toHaveText('7 (model: 2)');
  await expect(bytes).toHaveAttribute('data-markers', '3');
  await expect(bytes).toHaveAttribute(
    'data-marker-labels',
    'workers 0→1 | steps 3→5 | new model: seed 42→43, steps 5→2',
  );
  // Hovering near a marker's line shows its full text in the legend.
  const plot = bytes.locator('.u-over');
  const box = (await plot.boundingBox())!;
  let legend = '';
  for (let dx = 0; dx < box.width && !legend.includes('New model'); dx += 3) {
    await page.mouse.move(box.x + dx, box.y + box.height / 2);
    legend = (await bytes.locator('.u-legend').textContent()) ?? '';
  }
  expect(legend).toContain('New model (weights from the seed): Seed 42 → 43; Steps 5 → 2');
  // Bytes are in binary units, as on the tiles.
  await app.section('details');
  await expect(page.getByTestId('metric-bytes-to-gpu')).toHaveText('2.0 KiB');
  expect(app.errors).toEqual([]);
});
