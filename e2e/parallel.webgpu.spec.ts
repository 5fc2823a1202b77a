/**
 * The multi-device lesson on the software adapter: N = 2 replica workers, each with its own WebGPU device,
 * for each strategy (16 px, batch 4, depth 2, width 4, 2 steps). Reads figures from window.batchlabParallel.
 */
import type { Page } from '@playwright/test';
import { expect, test, type AppPage } from './fixtures';
import type { BatchLabParallelApi } from '../src/app/testHooks/parallelTestApi';

const HASH = '#v=1&px=16&b=4&d=2&w=4&lr=0.02&sec=parallel';
const STEPS = 2;

/**
 * Device 0's extra bytes for HASH on 2 devices, by hand. The model (depth 2, width 4, 3 channels, 4 classes)
 * has P = 1,744 parameters: enc0a 112, enc0b 148, enc1a 296, enc1b 584, dec0a 436, dec0b 148, head 20.
 * Both dp strategies: weight gradients N·P·4 = 13,952 B (the other replica's and their sum) and Adam's two
 * slots 2·P·4 = 13,952 B: 27,904 B.
 * dp-gather adds the gathered logits 4×16×16×4 × 4 B = 16,384 B, their gradients 16,384 B, the batch's
 * labels as int32 4×16×16 × 4 B = 4,096 B and the loss 4 B: 64,772 B.
 */
const DEVICE0_EXTRA_BYTES = { 'dp-gather': 64_772, 'dp-loss-in-forward': 27_904, ddp: 0 } as const;

const parallel = <T>(page: Page, fn: (api: BatchLabParallelApi) => T) =>
  page.evaluate(`(${fn.toString()})(window.batchlabParallel)`) as Promise<T>;

/** Runs `strategy` on 2 devices through the panel and returns what the run recorded. */
async function runOnTwoDevices(app: AppPage, strategy: string) {
  const { page } = app;
  await app.open(HASH);
  expect(await app.waitForBackend()).toBe('webgpu');
  await page.getByTestId('parallel-replicas').selectOption('2');
  await page.getByTestId('parallel-strategy').selectOption(strategy);
  await page.getByTestId('parallel-steps').fill(String(STEPS));
  await page.getByTestId('parallel-start').click();
  await expect
    .poll(() => parallel(page, (p) => p.status().status), { timeout: 220_000, intervals: [1000, 2000] })
    .toMatch(/done|failed/);
  const status = await parallel(page, (p) => p.status());
  expect(status.status, status.message ?? '').toBe('done');
  const config = await app.api((a) => a.config());
  const steps = await parallel(page, (p) => p.steps());
  const run = await parallel(page, (p) => p.run());
  // It trained: every step has both devices' reports, a finite loss, and the bytes the formulas give.
  expect(steps.map((s) => s.step)).toEqual([1, 2]);
  for (const s of steps) {
    expect(Number.isFinite(s.loss)).toBe(true);
    expect(s.reports.map((r) => r.rank)).toEqual([0, 1]);
    for (const r of s.reports) {
      expect(r.sentBytes).toEqual(s.expected[r.rank]!.sentBytes);
      expect(r.receivedBytes).toEqual(s.expected[r.rank]!.receivedBytes);
      expect(r.memory.gpuBytesInUsePeak).toBeGreaterThan(0);
    }
  }
  expect(run?.backendDescription).toMatch(/webgpu/);
  // Workers are terminated at the end, so their devices are released.
  expect(await parallel(page, (p) => p.liveWorkers())).toBe(0);
  await expect(page.getByTestId('parallel-device-1')).toBeVisible();
  await expect(page.getByTestId('parallel-honest-note')).toContainText('wall time');
  const last = steps[steps.length - 1]!;
  const [d0, d1] = [last.reports[0]!, last.reports[1]!];
  const gatheredBytes = config.batchSize * config.imageSizePx * config.imageSizePx * config.numClasses * 4;
  const panel = page.getByTestId('parallel-device0');
  const extra = {
    measured: Number(await panel.getAttribute('data-measured-extra-bytes')),
    expected: Number(await panel.getAttribute('data-expected-extra-bytes')),
  };
  test.info().annotations.push({
    type: 'measured',
    description: `${strategy}: device 0 extra ${extra.measured} B measured, ${extra.expected} B expected`,
  });
  return { d0, d1, gatheredBytes, extra, digests: await parallel(page, (p) => p.weightDigests()) };
}

test.describe('several devices', () => {
  test('dp-gather: device 0 holds the gathered outputs, device 1 does not', async ({ app }) => {
    const { d0, d1, gatheredBytes, extra } = await runOnTwoDevices(app, 'dp-gather');
    expect(gatheredBytes).toBe(4 * 16 * 16 * 4 * 4);
    const measured = d0.memory.gpuBytesInUsePeak! - d1.memory.gpuBytesInUsePeak!;
    expect(measured).toBeGreaterThanOrEqual(gatheredBytes);
    // The panel's expectation (outputs, their gradients, labels, gradients, optimizer state) is what we
    // see, to the byte, and both equal the hand count.
    expect(extra.measured).toBe(measured);
    expect(extra.expected).toBe(DEVICE0_EXTRA_BYTES['dp-gather']);
    expect(extra.measured).toBe(extra.expected);
    // Device 1's whole output crossed to device 0, and its gradient came back.
    expect(d1.sentBytes.outputs).toBe(gatheredBytes / 2);
    expect(d1.receivedBytes['output-grads']).toBe(gatheredBytes / 2);
    await expect(app.page.getByTestId('parallel-expected-gather')).toContainText(
      gatheredBytes.toLocaleString('en-US'),
    );
    expect(app.errors).toEqual([]);
  });

  test('dp-loss-in-forward: only a few bytes of outputs travel', async ({ app }) => {
    const { d0, d1, gatheredBytes, extra } = await runOnTwoDevices(app, 'dp-loss-in-forward');
    expect(d1.sentBytes.outputs).toBeLessThanOrEqual(64);
    expect(d1.receivedBytes['output-grads']).toBeLessThanOrEqual(64);
    expect(d0.receivedBytes.outputs).toBeLessThanOrEqual(64);
    expect(d1.sentBytes.grads).toBeGreaterThan(0);
    // Device 0 still holds the gradients and the optimizer state, but no outputs: to the byte.
    expect(extra.expected).toBe(DEVICE0_EXTRA_BYTES['dp-loss-in-forward']);
    expect(extra.measured).toBe(extra.expected);
    expect(extra.measured).toBeLessThan(DEVICE0_EXTRA_BYTES['dp-gather'] - gatheredBytes);
    expect(app.errors).toEqual([]);
  });

  test('ddp: both devices hold the same memory and end with the same weights', async ({ app }) => {
    const { d0, d1, digests, extra } = await runOnTwoDevices(app, 'ddp');
    const [m0, m1] = [d0.memory.gpuBytesInUsePeak!, d1.memory.gpuBytesInUsePeak!];
    expect(Math.abs(m0 - m1) / Math.max(m0, m1)).toBeLessThanOrEqual(0.1);
    expect(extra.expected).toBe(DEVICE0_EXTRA_BYTES.ddp);
    expect(extra.measured).toBe(extra.expected);
    expect(d0.sentBytes.weights + d0.sentBytes.outputs + d1.sentBytes.outputs).toBe(0);
    expect(d0.sentBytes.grads).toBe(d1.sentBytes.grads);
    expect(digests).toHaveLength(2);
    expect(digests[0]).toBe(digests[1]);
    expect(app.errors).toEqual([]);
  });
});
