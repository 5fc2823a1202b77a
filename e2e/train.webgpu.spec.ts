import { expect, test } from './fixtures';

test('trains a U-Net on the WebGPU backend: loss finite and falling, prediction drawn', async ({ app }) => {
  await app.open('#v=1&px=16&b=2&d=2&w=4&lr=0.02&steps=8&val=4');
  expect(await app.waitForBackend()).toBe('webgpu');
  // What holds on any adapter, checked against the adapter's own report (read from WebGPU in the page):
  // the app names the adapter it got, a fallback adapter is flagged as software, and the software notice
  // shows exactly when the app flags one.
  const adapter = await app.adapter();
  if (!adapter) throw new Error('no WebGPU adapter');
  const backend = await app.api((a) => a.backend());
  expect(backend?.adapterDescription).toContain(`${adapter.vendor} ${adapter.architecture}`.trim());
  if (adapter.isFallbackAdapter) expect(backend?.isSoftwareAdapter).toBe(true);
  await expect(app.page.getByTestId('software-notice')).toHaveCount(backend?.isSoftwareAdapter ? 1 : 0);
  await expect(app.page.getByTestId('fallback-notice')).toHaveCount(0);

  const tensorsBefore = await app.api((a) => a.numTensors());
  await app.start();
  await app.waitForSteps(8);
  await expect.poll(() => app.api((a) => a.status().status)).toBe('stopped');

  const history = await app.api((a) => a.history());
  expect(history.map((r) => r.step)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  for (const row of history) expect(Number.isFinite(row.loss)).toBe(true);
  const first = history[0]!.loss;
  const last = history[history.length - 1]!.loss;
  expect(last).toBeLessThan(first);

  // Tensor count is flat across steps (no per-step leak).
  const counts = history.slice(2).map((r) => r.numTensors);
  expect(new Set(counts).size).toBe(1);
  // GPU memory is measured on webgpu.
  expect(history.at(-1)!.gpuBytesInUse).toBeGreaterThan(0);

  // The prediction preview was painted after training.
  await app.section('details');
  await expect(app.page.getByTestId('preview-prediction-0')).toHaveAttribute('data-painted', /[1-9]/);
  const evals = await app.api((a) => a.evals());
  expect(evals.length).toBeGreaterThanOrEqual(2);

  // Reset disposes everything the run created.
  await app.page.getByTestId('reset').click();
  await expect.poll(() => app.api((a) => a.numTensors())).toBe(tensorsBefore);
  expect(app.errors).toEqual([]);
});
