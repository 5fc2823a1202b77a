/**
 * DataLoader workers end to end: the same seed trains on the same batches with 0 and 2 loader workers,
 * the trainer's wait for data and the host bytes held in flight are measured, and a loader worker that
 * crashes stops the run with its message while the app stays usable.
 *
 * hostBytesInFlight counts whole batches: batches received and not yet consumed (measured byteLength) plus
 * one expected-size batch per loader worker building one (see src/data/loader/workerPoolSource.ts), so it
 * is always (batches held) × hostBatchBytes, at most workers × prefetch × hostBatchBytes.
 */
import AxeBuilder from '@axe-core/playwright';
import type { TelemetryRow } from '../src/config/telemetry';
import { expect, test, type AppPage } from './fixtures';

const STEPS = 4;
const link = (workers: number, steps = STEPS) =>
  `#v=1&px=16&b=2&d=2&w=4&lr=0.02&steps=${steps}&val=${steps}&s=42&blur=8&src=4&wk=${workers}&pf=2&sec=loader`;

async function trainToEnd(app: AppPage, hash: string): Promise<TelemetryRow[]> {
  await app.open(hash);
  expect(await app.waitForBackend()).toBe('webgpu');
  await app.start();
  await app.waitForSteps(STEPS);
  await expect.poll(() => app.api((a) => a.status().status)).toBe('stopped');
  return app.api((a) => a.history());
}

test('0 and 2 loader workers train on the same batches; wait and bytes in flight are measured', async ({
  app,
}) => {
  const sync = await trainToEnd(app, link(0));
  // A fresh document for the second run: the hash is read at boot.
  await app.page.goto('about:blank');
  const pooled = await trainToEnd(app, link(2));
  expect(await app.api((a) => a.config().workers)).toBe(2);

  expect(sync.map((r) => r.step)).toEqual([1, 2, 3, 4]);
  expect(pooled.map((r) => r.step)).toEqual([1, 2, 3, 4]);
  // Same data, same seed, same model: the same losses.
  sync.forEach((row, i) => {
    const other = pooled[i]!.loss;
    expect(Number.isFinite(row.loss)).toBe(true);
    expect(Math.abs(row.loss - other), `step ${row.step}: ${row.loss} vs ${other}`).toBeLessThanOrEqual(1e-5);
  });

  // 0 workers: every batch is built while the trainer waits (the wait holds the build), nothing is held ahead.
  for (const row of sync) {
    expect(row.dataWaitMs).toBeGreaterThan(0);
    expect(row.dataWaitMs).toBeGreaterThanOrEqual(row.batchBuildMs);
    expect(row.hostBytesInFlight).toBe(0);
  }
  // Every batch reports what building it cost, wherever it was built (64 px sources, blurred, rescaled).
  for (const row of [...sync, ...pooled]) expect(row.batchBuildMs).toBeGreaterThan(0);
  const panel = app.page.getByRole('region', { name: 'Loader workers' });
  await expect(panel.getByTestId('loader-build')).toHaveText(
    /^[\d.,]+ (ms|s); upload \+ compute took [\d.,]+ (ms|s), so (1 worker on its own core|\d+ workers on their own cores) would keep up(\. This browser reports \d+ cores, and a software GPU computes on them too: more workers than cores take time from the training itself\.)?$/,
  );

  // 2 workers × prefetch 2: whole batches held, never more than the formula.
  const batchBytes = 2 * 16 * 16 * 3 + 2 * 16 * 16; // uint8 images + uint8 masks
  for (const row of pooled) {
    expect(row.hostBatchBytes).toBe(batchBytes);
    expect(row.hostBytesInFlight % row.hostBatchBytes).toBe(0);
    expect(row.hostBytesInFlight).toBeLessThanOrEqual(2 * 2 * row.hostBatchBytes);
  }
  expect(Math.max(...pooled.map((r) => r.hostBytesInFlight))).toBeGreaterThan(0);
  expect(app.errors).toEqual([]);
});

// Far more steps than the test runs: the run after the crash must still be running when Stop is clicked
// (with a cap of 60, fast steps once finished the run between the step count's poll and the click).
const CRASH_RUN_STEPS = 5000;

test('a crashed loader worker fails the run with its message; Start works again', async ({ app }) => {
  await app.page.goto(`/?testHooks=1${link(2, CRASH_RUN_STEPS)}`);
  expect(await app.waitForBackend()).toBe('webgpu');
  await app.start();
  await app.waitForSteps(1);
  await app.page.evaluate(() => window.batchlabTestHooks!.crashLoaderWorker());

  await expect.poll(() => app.api((a) => a.status().status)).toBe('failed');
  const failed = await app.api((a) => a.status());
  expect(failed.message).toMatch(
    /^loader worker [01] failed: batch \d+: injected loader crash \(test hook\)$/,
  );
  await expect(app.page.getByTestId('status')).toContainText('loader worker');
  const history = await app.api((a) => a.history());
  const stepsBefore = history.at(-1)!.step;
  expect(stepsBefore).toBeLessThan(CRASH_RUN_STEPS);
  // Every step that ran got its own batch, in order: none dropped or repeated.
  expect(history.map((r) => r.step)).toEqual(Array.from({ length: stepsBefore }, (_, i) => i + 1));

  // The app stays usable: a new Start spawns new loader workers and training continues.
  await app.start();
  await expect.poll(() => app.api((a) => a.status().status)).toBe('running');
  await app.waitForSteps(stepsBefore + 2);
  await app.page.getByTestId('stop').click();
  await expect.poll(() => app.api((a) => a.status().status)).toBe('stopped');
  const after = await app.api((a) => a.history());
  expect(after.map((r) => r.step)).toEqual(Array.from({ length: after.length }, (_, i) => i + 1));
  for (const row of after) expect(Number.isFinite(row.loss)).toBe(true);
  expect(app.errors).toEqual([]);
});

test('Stop interrupts a batch that takes far longer to build than the stop', async ({ app }) => {
  // 0 workers, 16 samples rendered at 1024 px and blurred with radius 32: tens of seconds of building on
  // two cores, one sample at a time with the event loop let in between.
  await app.open('#v=1&px=16&b=16&d=2&w=4&steps=5&val=5&s=42&blur=32&src=64&wk=0');
  expect(await app.waitForBackend()).toBe('webgpu');
  await app.start();
  // The step-0 evaluation is posted just before the loop asks for its first batch.
  await expect.poll(() => app.api((a) => a.evals().length), { timeout: 30_000 }).toBeGreaterThan(0);
  await app.page.getByTestId('stop').click();
  await expect
    .poll(() => app.api((a) => a.status()), { timeout: 15_000 })
    .toEqual({
      status: 'stopped',
      message: null,
    });
  // Stopped mid-build: no step ran, so the stop did not wait for the batch.
  expect(await app.api((a) => a.history().length)).toBe(0);
  // The app is usable: a cheap config trains afterwards.
  await app.page.goto('about:blank');
  await app.open(link(0, 2));
  await app.start();
  await app.waitForSteps(2);
  expect(app.errors).toEqual([]);
});

test('the loader panel shows the formula and the article example as text', async ({ app }) => {
  await app.open(link(2));
  const panel = app.page.getByRole('region', { name: 'Loader workers' });
  await expect(panel.getByTestId('loader-batch-bytes')).toHaveText('2,048 B (2.0 KiB)');
  await expect(panel.getByTestId('loader-formula')).toHaveText('2 × 2 × 2,048 B = 8,192 B (8.0 KiB)');
  await expect(panel.getByTestId('loader-measured')).toHaveText('—');
  const toggle = panel.getByRole('button', { name: 'Show the article’s example' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(panel.getByTestId('loader-article')).toBeHidden();
  await toggle.click();
  await expect(panel.getByRole('button', { name: 'Hide the article’s example' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(panel.getByTestId('loader-article-float')).toHaveText(
    'float32 image + int64 mask: 8 × 2 × 167,772,160 B = 2,684,354,560 B (2.5 GiB)',
  );
  await expect(panel.getByTestId('loader-article-uint8')).toHaveText(
    'uint8 image + uint8 mask: 8 × 2 × 33,554,432 B = 536,870,912 B (512.0 MiB), 5× less',
  );
  const axe = await new AxeBuilder({ page: app.page }).include('.loader-panel').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  expect(app.errors).toEqual([]);
});
