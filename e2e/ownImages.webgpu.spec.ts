/**
 * Your own images, end to end: the test draws 12 image + mask pairs from known shapes in the browser
 * (JPEG images with a magenta background and a green disc, PNG masks holding class indices), loads them
 * through the file input, trains 5 steps on them with 2 loader workers decoding, and checks that the
 * previews show those images and the bytes follow the formula; then 0 workers (the training worker
 * decodes) give the same losses step by step: the same batches whatever the worker count. A broken set (a truncated JPEG, a mask with
 * class 9 for 4 classes) shows both messages and starts nothing. A link asking for files falls back to
 * synthetic data and says so. Grey masks of class indices with a stray 40 are never relabelled silently: the
 * file is named and Start waits until the user picks how to read them. Nothing leaves the page: the files are handed over as in-memory buffers.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { hostBatchBytes } from '../src/config/hostMemory';
import { en } from '../src/i18n/en';
import { fill } from '../src/i18n/fill';
import { expect, test } from './fixtures';

const STEPS = 5;
const LINK = `#view=playground&v=1&px=16&b=2&d=2&w=4&lr=0.02&k=4&steps=${STEPS}&val=${STEPS}&s=42&wk=2&pf=2&data=files&sec=dataset`;

interface Drawn {
  name: string;
  mimeType: string;
  bytes: number[];
}

/**
 * 12 pairs drawn in the page: 40×32 JPEGs (magenta, a green disc) and PNG grey masks: 0 outside the disc,
 * inside it the pair's values in columns (one value: a plain class 1–3).
 */
function drawPairs(page: Page, maskClass: (i: number) => number[]): Promise<Drawn[]> {
  const classes = Array.from({ length: 12 }, (_, i) => maskClass(i));
  return page.evaluate(async (classOf: number[][]) => {
    const out: Drawn[] = [];
    const bytes = async (c: OffscreenCanvas, type: string) =>
      Array.from(new Uint8Array(await (await c.convertToBlob({ type, quality: 0.9 })).arrayBuffer()));
    for (let i = 0; i < classOf.length; i++) {
      const image = new OffscreenCanvas(40, 32);
      const g = image.getContext('2d')!;
      g.fillStyle = 'rgb(230,20,230)';
      g.fillRect(0, 0, 40, 32);
      g.fillStyle = 'rgb(20,200,20)';
      g.fillRect(12 + (i % 4), 8, 12, 12);
      const mask = new OffscreenCanvas(40, 32);
      const m = mask.getContext('2d')!;
      const data = m.createImageData(40, 32);
      for (let y = 0; y < 32; y++) {
        for (let x = 0; x < 40; x++) {
          const inside = x >= 12 + (i % 4) && x < 24 + (i % 4) && y >= 8 && y < 20;
          const values = classOf[i]!;
          const v = inside ? values[x % values.length]! : 0;
          data.data.set([v, v, v, 255], (y * 40 + x) * 4);
        }
      }
      m.putImageData(data, 0, 0);
      const name = `shape-${String(i).padStart(2, '0')}`;
      out.push({ name: `${name}.jpg`, mimeType: 'image/jpeg', bytes: await bytes(image, 'image/jpeg') });
      out.push({ name: `${name}_mask.png`, mimeType: 'image/png', bytes: await bytes(mask, 'image/png') });
    }
    return out;
  }, classes);
}

const asFiles = (drawn: Drawn[]) =>
  drawn.map((d) => ({ name: d.name, mimeType: d.mimeType, buffer: Buffer.from(d.bytes) }));

test('trains 5 steps on 12 of your own JPEG/PNG pairs, decoded in 2 loader workers', async ({ app }) => {
  const { page } = app;
  await app.open(LINK);
  expect(await app.waitForBackend()).toBe('webgpu');
  // A link cannot carry files: it says so and the config falls back to the synthetic shapes.
  expect(await app.api((a) => a.config().dataSource)).toBe('synthetic');
  await expect(page.getByText(en.problems.codes.filesNotInLink)).toBeVisible();

  await page.getByTestId('dataset-source').selectOption('files');
  await expect(page.getByTestId('dataset-privacy')).toContainText('never sent anywhere');
  // No files yet: Start is disabled and says why.
  await expect(page.getByTestId('start')).toBeDisabled();
  await expect(page.getByTestId('start-blocked-dataset')).toHaveText(
    'choose your image and mask files first (Dataset panel)',
  );

  await page.getByTestId('dataset-files').setInputFiles(asFiles(await drawPairs(page, (i) => [(i % 3) + 1])));
  await expect.poll(() => app.api((a) => a.dataset().status), { timeout: 30_000 }).toBe('ready');
  const dataset = await app.api((a) => a.dataset());
  expect(dataset.pairs).toBe(12);
  expect(dataset.problems).toEqual([]);
  expect(dataset.maskMode).toBe('indices');
  // "Measured on this dataset": mean / std from these images (magenta: red and blue far above green).
  const config = await app.api((a) => a.config());
  expect(config.dataSource).toBe('files');
  expect(config.mean255[0]!).toBeGreaterThan(config.mean255[1]! + 60);

  await app.start();
  await app.waitForSteps(STEPS);
  await expect.poll(() => app.api((a) => a.status().status), { timeout: 60_000 }).toBe('stopped');
  const rows = await app.api((a) => a.history());
  expect(rows.map((r) => r.step)).toEqual([1, 2, 3, 4, 5]);
  for (const r of rows) {
    expect(Number.isFinite(r.loss)).toBe(true);
    expect(r.batchBuildMs).toBeGreaterThan(0);
    expect(r.hostBatchBytes).toBe(hostBatchBytes(config));
    expect(r.hostBytesInFlight % r.hostBatchBytes).toBe(0);
    expect(r.hostBytesInFlight).toBeLessThanOrEqual(2 * 2 * r.hostBatchBytes);
  }

  // The previews are the held-out pairs of these files: magenta with green, not synthetic shapes.
  await expect.poll(() => app.api((a) => a.preview()?.step ?? -1)).toBe(STEPS);
  const preview = (await app.api((a) => a.preview()))!;
  expect(preview.source).toBe('files');
  const [r, g, b] = preview.imageMean255 as [number, number, number];
  expect(r).toBeGreaterThan(g + 60);
  expect(b).toBeGreaterThan(g + 60);

  // The panels' bytes follow the formula for 2 × 16 × 16 × 3 uint8 images + 2 × 16 × 16 uint8 masks.
  expect(hostBatchBytes(config)).toBe(2 * 16 * 16 * 3 + 2 * 16 * 16);
  const loader = page.getByRole('region', { name: 'Loader workers' });
  await app.section('loader');
  await expect(loader.getByTestId('loader-batch-bytes')).toHaveText('2,048 B (2.0 KiB)');
  await app.section('datapath');
  await expect(page.getByTestId('datapath-current-bytes')).toHaveAttribute('title', /^2,048 B/);

  // The same files and seed with 0 workers (decoded in the training worker): the same batches, so the
  // same losses step by step.
  await page.getByRole('spinbutton', { name: 'Loader workers' }).fill('0');
  await expect.poll(() => app.api((a) => a.config().workers)).toBe(0);
  await page.getByTestId('reset').click();
  await expect.poll(() => app.api((a) => a.history().length)).toBe(0);
  await app.start();
  await expect
    .poll(() => app.api((a) => `${a.status().status} ${a.history().length}`), { timeout: 120_000 })
    .toBe(`stopped ${STEPS}`);
  const sync = await app.api((a) => a.history());
  sync.forEach((row, i) => {
    expect(row.hostBytesInFlight).toBe(0);
    expect(Math.abs(row.loss - rows[i]!.loss), `step ${row.step}`).toBeLessThanOrEqual(1e-5);
  });
  expect(app.errors).toEqual([]);
});

test('a broken set (truncated JPEG, class 9 for 4 classes) shows its messages and starts nothing', async ({
  app,
}) => {
  const { page } = app;
  await app.open(LINK);
  expect(await app.waitForBackend()).toBe('webgpu');
  await page.getByTestId('dataset-source').selectOption('files');
  const drawn = await drawPairs(page, (i) => [i === 5 ? 9 : 1]);
  const cut = drawn.find((d) => d.name === 'shape-02.jpg')!;
  cut.bytes = cut.bytes.slice(0, Math.floor(cut.bytes.length / 2));
  const markup = { ...drawn[0]!, name: '<img src=x onerror=alert(1)>.jpg' };
  await page.getByTestId('dataset-files').setInputFiles(asFiles([...drawn, markup]));
  await expect.poll(() => app.api((a) => a.dataset().status), { timeout: 30_000 }).toBe('ready');

  const problems = page.getByTestId('dataset-problems');
  await expect(problems).toContainText(
    'shape-02.jpg is truncated (the file ends before the image does): remove it or fix it',
  );
  await expect(problems).toContainText(
    'shape-05_mask.png holds class index 9, but there are 4 classes (0–3): raise the class count or fix the mask',
  );
  // The file name with markup is shown as text, never turned into an element.
  await expect(problems).toContainText('<img src=x onerror=alert(1)>.jpg');
  expect(await page.locator('img[src="x"]').count()).toBe(0);

  await expect(page.getByTestId('start')).toBeDisabled();
  await expect(page.getByTestId('start-blocked-dataset')).toContainText('no run starts');
  await expect(page.getByTestId('dataset-blocked')).toBeVisible();
  expect(await app.api((a) => a.status().status)).toBe('idle');
  expect(await app.api((a) => a.history().length)).toBe(0);
  // The panel with its picker, problems and blocked line passes axe.
  const axe = await new AxeBuilder({ page }).include('.dataset-panel').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  expect(app.errors).toEqual([]);
});

test('a grey mask of 0–2 with a stray 40 is named, and Start waits for index or colour mode, at 3 and 4 classes', async ({
  app,
}) => {
  const { page } = app;
  await app.open(LINK);
  expect(await app.waitForBackend()).toBe('webgpu');
  await page.getByTestId('dataset-source').selectOption('files');
  await page
    .getByTestId('dataset-files')
    .setInputFiles(asFiles(await drawPairs(page, (i) => (i === 5 ? [1, 2, 40] : [(i % 2) + 1]))));
  await expect.poll(() => app.api((a) => a.dataset().status), { timeout: 30_000 }).toBe('ready');
  const problems = page.getByTestId('dataset-problems');
  const start = page.getByTestId('start');
  // Classes lives in All settings; the Dataset section shows the problems (one section open at a time).
  const setClasses = async (k: number) => {
    await (await app.field('numClasses')).getByRole('spinbutton').fill(String(k));
    await app.section('dataset');
  };
  const stray = (k: number) =>
    `shape-05_mask.png ${fill(en.ownImages.problems.strayMaskValues, { indexValues: '0–2', stray: '40', numClasses: k })}`;

  for (const k of [4, 3]) {
    await setClasses(k);
    await expect.poll(() => app.api((a) => a.config().numClasses)).toBe(k);
    await expect(problems).toContainText(stray(k));
    expect(await app.api((a) => a.dataset().maskMode)).toBeNull();
    await expect(start).toBeDisabled();
  }
  const choice = page.getByTestId('dataset-mask-mode');
  // As class indices, 40 is a class too high at 3 classes; as colours, 4 colours are too many for 3.
  await choice.getByRole('radio', { name: en.ownImages.panel.maskModeChoice.indices }).check();
  await expect(problems).toContainText('shape-05_mask.png holds class index 40, but there are 3 classes');
  await expect(start).toBeDisabled();
  await choice.getByRole('radio', { name: en.ownImages.panel.maskModeChoice.colours }).check();
  await expect(problems).toContainText('the masks use 4 colours, more than the 3 classes');
  await expect(start).toBeDisabled();
  // Colours at 4 classes: 40 is the palette's class 3, shown to edit, and a run may start.
  await setClasses(4);
  await expect(problems).toHaveCount(0);
  await expect(page.getByTestId('dataset-palette')).toContainText('#282828');
  await expect(start).toBeEnabled();
  expect(await app.api((a) => a.dataset().maskMode)).toBe('colours');
  const axe = await new AxeBuilder({ page }).include('.dataset-panel').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  expect(app.errors).toEqual([]);
});
