import { expect, test } from './fixtures';

test('without a WebGPU adapter it says so and trains on webgl or cpu', async ({ app }) => {
  await app.open('#v=1&px=16&b=2&d=2&w=4&lr=0.02&steps=5&val=5');
  const backend = await app.waitForBackend();
  expect(['webgl', 'cpu']).toContain(backend);
  const notice = app.page.getByTestId('fallback-notice');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('WebGPU is not available');
  await expect(notice).toContainText('webgpu:');

  await app.start();
  await app.waitForSteps(5);
  const history = await app.api((a) => a.history());
  expect(history).toHaveLength(5);
  expect(history.every((r) => Number.isFinite(r.loss))).toBe(true);
  expect(history.at(-1)!.loss).toBeLessThan(history[0]!.loss);
  // uint8 off WebGPU is widened to int32 by tfjs: 4 bytes per element, counted honestly.
  const cfg = await app.api((a) => a.config());
  expect(history[0]!.uploadedImageBytes).toBe(cfg.batchSize * cfg.imageSizePx ** 2 * cfg.channels * 4);
  expect(app.errors).toEqual([]);
});
