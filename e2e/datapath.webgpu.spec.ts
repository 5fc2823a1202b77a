import { expect, test } from './fixtures';

const TINY = 'v=1&px=16&b=2&ch=3&d=2&w=4&lr=0.02&val=100&sec=datapath';

test('every data path feeds the model the same numbers on the real WebGPU adapter', async ({ app }) => {
  await app.open(`#${TINY}`);
  expect(await app.waitForBackend()).toBe('webgpu');
  const before = await app.api((a) => a.numTensors());
  const result = await app.api((a) => a.checkDataPaths());
  expect(result?.error).toBeNull();
  expect(result?.backend).toBe('webgpu');
  expect(result?.uncapturedErrors).toBe(0);
  const rows = result!.rows;
  expect(rows).toHaveLength(6);
  const n = 2 * 16 * 16 * 3;
  const bytesPerElement = { uint8: 1, float16: 2, float32: 4 } as const;
  for (const row of rows) {
    expect(row.ok, `${row.label}: ${row.maxAbsError}`).toBe(true);
    const exactPath = !(row.imageDtype === 'float16' && row.normalizeOn === 'loader');
    expect(row.maxAbsError).toBeLessThanOrEqual(exactPath ? 1e-6 : 1e-3 * 4);
    if (row.imageDtype === 'float16') expect(row.maxAbsError).toBeLessThanOrEqual(row.tolerance);
    expect(Math.abs(row.firstLoss - rows[0]!.firstLoss)).toBeLessThan(1e-3);
    const perElement = row.uploadPath === 'tf-tensor' ? 4 : bytesPerElement[row.imageDtype];
    expect(row.uploadedImageBytes).toBe(n * perElement);
  }
  // The check frees everything it allocated.
  expect(await app.api((a) => a.numTensors())).toBe(before);
  // And the UI shows it.
  await app.page.getByTestId('verify-paths').click();
  await expect(app.page.getByTestId('verify-result')).toContainText('uncaptured GPU errors: 0');
  expect(app.errors).toEqual([]);
});

for (const [dtype, norm, bytesPerElement] of [
  ['uint8', 'model', 1],
  ['float16', 'model', 2],
  ['float32', 'loader', 4],
] as const) {
  test(`training with ${dtype} images hands batch × H × W × C × ${bytesPerElement} bytes to the GPU`, async ({
    app,
  }) => {
    await app.open(`#${TINY}&dt=${dtype}&norm=${norm}&steps=2`);
    expect(await app.waitForBackend()).toBe('webgpu');
    await app.start();
    await app.waitForSteps(2);
    const history = await app.api((a) => a.history());
    const expected = 2 * 16 * 16 * 3 * bytesPerElement;
    for (const row of history) {
      expect(row.uploadedImageBytes).toBe(expected);
      expect(row.uploadedMaskBytes).toBe(2 * 16 * 16); // uint8 masks, packed
      expect(row.gpuImageBytes).toBe(2 * 16 * 16 * 3 * 4); // the model always sees float32
    }
    const shown = expected + 2 * 16 * 16;
    await expect(app.page.getByTestId('datapath-measured')).toContainText(
      `${shown.toLocaleString('en-US')} B handed`,
    );
    await expect(app.page.getByTestId('datapath-measured')).toContainText(
      `formula: ${shown.toLocaleString('en-US')} B`,
    );
    expect(app.errors).toEqual([]);
  });
}

test("the article example shows PyTorch's 167,772,160 B and 33,554,432 B", async ({ app }) => {
  await app.open(`#${TINY}`);
  await app.waitForBackend();
  await app.page.getByTestId('article-toggle').click();
  await expect(app.page.getByTestId('article-float-bytes')).toHaveText('167,772,160 B');
  await expect(app.page.getByTestId('article-uint8-bytes')).toHaveText('33,554,432 B');
  expect(app.errors).toEqual([]);
});
