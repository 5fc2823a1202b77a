/**
 * The measured batch finder on the software WebGPU adapter, under the simulated 512 KiB per-buffer limit
 * (fixtures.ts): it must report the largest batch the pre-flight lets through (found here by checking
 * every batch 1..512 one by one, not by the finder's search), having run real steps only below it, with
 * no GPU error; "Use batch N" then sets the batch field to N. 16 px, depth 2, width 4, one channel: there the largest buffer is the
 * concat's (cat0, 12 KiB a sample), which the estimate counts exactly. (At width 8 the own filter-gradient
 * kernel's scratch buffer, which the estimate does not model, is larger: docs/PERFORMANCE.md.)
 */
import { runPreflight } from '../src/config/preflight';
import { LIMITS } from '../src/config/trainConfig';
import {
  expect,
  prependToTrainingWorker,
  SIMULATED_LIMIT_BYTES,
  smallBufferLimitPrelude,
  test,
} from './fixtures';

const HASH = 'view=playground&v=1&px=16&b=8&d=2&w=4&ch=1&k=2&aug=0&val=1000&sec=finder';

test('finds the largest batch that runs under a small buffer limit, and Use batch N applies it', async ({
  app,
}) => {
  const { page } = app;
  await prependToTrainingWorker(page, smallBufferLimitPrelude(SIMULATED_LIMIT_BYTES));
  await app.open(`#${HASH}`);
  expect(await app.waitForBackend()).toBe('webgpu');
  const info = (await app.api((a) => a.backend()))!;
  expect(info.limits).toEqual({
    maxBufferSizeBytes: SIMULATED_LIMIT_BYTES,
    maxStorageBufferBindingSizeBytes: SIMULATED_LIMIT_BYTES,
  });
  const config = await app.api((a) => a.config());
  // The fake device whose limit is the pre-flight rule: batch by batch, the largest one it lets through.
  let expected = 0;
  for (let b = 1; b <= LIMITS.batchSize.max; b++) {
    if (runPreflight({ ...config, batchSize: b }, info).verdict !== 'refused') expected = b;
  }
  expect(expected).toBeGreaterThan(config.batchSize);
  // A few real steps only: the test stays short.
  expect(expected).toBeLessThan(64);

  // Stop ends a search at once (its worker is terminated), keeps what ran, and a new search can start.
  await page.getByTestId('finder-find').click();
  await expect(page.getByTestId('start')).toBeDisabled();
  await page.getByTestId('finder-stop').click();
  await expect.poll(() => app.api((a) => a.finder().phase)).toBe('stopped');
  await expect(page.getByTestId('finder-status')).toHaveText('Stopped.');
  await expect(page.getByTestId('start')).toBeEnabled();

  await page.getByTestId('finder-find').click();
  await expect(page.getByTestId('start')).toBeDisabled();
  await expect
    .poll(() => app.api((a) => a.finder().phase), { timeout: 120_000, intervals: [500, 1000] })
    .not.toBe('running');
  const finder = await app.api((a) => a.finder());
  expect(finder.message).toBeNull();
  expect(finder.phase).toBe('done');
  expect(finder.result).toMatchObject({ largestBatch: expected, predictedLargestBatch: expected });
  // Real steps only where the pre-flight allows; refusals above; no GPU failure; O(log n) trials.
  expect(finder.trials.length).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(LIMITS.batchSize.max)) + 2);
  for (const t of finder.trials) {
    if (t.batchSize <= expected) {
      expect(t.outcome, `batch ${t.batchSize}: ${t.reason}`).toBe('ok');
      expect(t.gpuPeakBytes).toBeGreaterThan(0);
    } else {
      expect(t.outcome).toBe('refused');
      expect(t.stepMs).toBeNull();
    }
  }
  expect(finder.trials.map((t) => t.batchSize)).toContain(expected);
  expect(finder.trials.map((t) => t.batchSize)).toContain(expected + 1);
  await expect(page.getByTestId('finder-trial')).toHaveCount(finder.trials.length);
  // Nothing failed on the device: the answer is a lower bound, set by a limit the device reported.
  expect(finder.result?.bound).toEqual({ kind: 'refused', batchSize: expected + 1, source: 'reported' });
  await expect(page.getByTestId('finder-bound')).toContainText(`≥ ${expected}: no step failed`);
  await expect(page.getByTestId('finder-result')).toContainText(
    `The largest batch that ran is ${expected}; the estimate says ${expected} fits`,
  );
  // The main run saw no GPU error either, and the finder's worker is gone.
  expect(await app.api((a) => a.status().status)).toBe('idle');
  expect(await app.api((a) => a.activity().finder)).toBe('done');

  await page.getByTestId('finder-use-batch').click();
  await expect(page.locator('[data-field="batchSize"] input')).toHaveValue(String(expected));
  expect(await app.api((a) => a.config().batchSize)).toBe(expected);
  await expect(page.getByTestId('preflight-ok')).toBeVisible();
  await expect(page.getByTestId('start')).toBeEnabled();
  expect(app.errors).toEqual([]);
});

test('at the form’s maximum the result reads ≥ N and names the cap', async ({ app }) => {
  const { page } = app;
  // Tiny images from batch 128: every doubling up to the form's maximum runs on the software adapter.
  await app.open(`#view=playground&v=1&px=16&b=128&d=2&w=4&ch=1&k=2&aug=0&val=1000&sec=finder`);
  expect(await app.waitForBackend()).toBe('webgpu');
  const max = LIMITS.batchSize.max;
  await page.getByTestId('finder-find').click();
  await expect
    .poll(() => app.api((a) => a.finder().phase), { timeout: 240_000, intervals: [500, 1000] })
    .not.toBe('running');
  const finder = await app.api((a) => a.finder());
  expect(finder.phase).toBe('done');
  expect(finder.trials.every((t) => t.outcome === 'ok')).toBe(true);
  expect(finder.result).toMatchObject({ largestBatch: max, bound: { kind: 'form-max', max } });
  const bound = page.getByTestId('finder-bound');
  await expect(bound).toHaveAttribute('data-bound', 'form-max');
  await expect(bound).toHaveText(
    `≥ ${max}: no step failed; the search stopped at the form’s maximum batch (${max}).`,
  );
  // The capped next batch shows as a row of the trials table, after the trials that ran.
  const capped = page.locator('[data-testid="finder-trial"][data-outcome="capped"]');
  await expect(capped).toHaveCount(1);
  await expect(capped).toHaveAttribute('data-batch', String(2 * max));
  await expect(page.getByTestId('finder-trial')).toHaveCount(finder.trials.length + 1);
  expect(app.errors).toEqual([]);
});
