/**
 * The pre-flight check off WebGPU (docs/RELIABILITY.md): webgl and cpu report no memory limits, so the
 * check assumes conservative ones and says so; an oversize link is still refused with Start disabled.
 */
import { runPreflight } from '../src/config/preflight';
import { expect, test } from './fixtures';

test('off WebGPU the pre-flight assumes conservative limits, says so, and still refuses oversize links', async ({
  app,
}) => {
  const { page } = app;
  await app.open('#v=1&px=16&b=2&d=2&w=4');
  const backend = await app.waitForBackend();
  expect(['webgl', 'cpu']).toContain(backend);
  expect((await app.api((a) => a.backend()))?.limits).toBeNull();
  await expect(page.getByTestId('preflight-ok')).toContainText(
    `${backend} reports no memory limits, so a conservative 1 GiB per buffer and a 1 GiB budget are assumed`,
  );
  await expect(page.getByTestId('start')).toBeEnabled();

  await page.goto('about:blank');
  await app.open('#v=1&px=256&b=64&d=3&w=16');
  await app.waitForBackend();
  const [config, info] = await Promise.all([app.api((a) => a.config()), app.api((a) => a.backend())]);
  const expected = runPreflight(config, info);
  if (expected.verdict !== 'refused') throw new Error(`expected a refusal, got ${expected.verdict}`);
  await expect(page.getByTestId('preflight-reason')).toHaveText(expected.reason);
  await expect(page.getByTestId('preflight-refusal')).toContainText('reports no memory limits');
  await expect(page.getByTestId('start')).toBeDisabled();
  expect(app.errors).toEqual([]);
});
