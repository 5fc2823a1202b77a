/**
 * Export → PyTorch in the browser: a config PyTorch cannot reproduce is refused with the setting and
 * why, as text, and nothing downloads; the default one downloads a zip named after the config whose
 * train.py Python compiles, with the data and weights files beside it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures';

/** Any Python 3 compiles the script; BATCHLAB_PYTHON picks one. */
const PYTHON = process.env.BATCHLAB_PYTHON ?? 'python3';

test('Export → PyTorch refuses the tf.tensor trap, then saves a runnable project named after the config', async ({
  app,
}) => {
  await app.open('#v=1&px=16&b=2&d=2&w=4&steps=3&up=tf-tensor&sec=export');
  await app.waitForBackend();
  const status = app.page.getByTestId('export-pytorch-status');
  let downloads = 0;
  app.page.on('download', () => downloads++);
  await app.page.getByTestId('export-pytorch').click();
  await expect(status).toContainText('Not exported');
  await expect(status).toContainText("uploadPath: the 'uint8 via tf.tensor' upload is a TensorFlow.js trap");
  expect(downloads).toBe(0);

  await app.open('#v=1&px=16&b=2&d=2&w=4&steps=3&up=packed&sec=export');
  await expect.poll(() => app.api((a) => a.config().uploadPath)).toBe('packed');
  await app.page.getByTestId('export-pytorch-strategy').selectOption('ddp');
  await app.page.getByTestId('export-pytorch-processes').selectOption('2');
  const [download] = await Promise.all([
    app.page.waitForEvent('download'),
    app.page.getByTestId('export-pytorch').click(),
  ]);
  const name = download.suggestedFilename();
  expect(name).toMatch(/^batchlab-uint8-model-16px-b2-pytorch-ddp-\d{8}-\d{6}\.zip$/);
  await expect(status).toContainText(`Saved ${name}`);

  const dir = mkdtempSync(join(tmpdir(), 'batchlab-e2e-pytorch-'));
  try {
    const zipPath = join(dir, name);
    await download.saveAs(zipPath);
    const unzip = spawnSync(PYTHON, ['-m', 'zipfile', '-e', zipPath, dir], { encoding: 'utf8' });
    expect(unzip.stderr).toBe('');
    const folder = join(dir, name.replace(/\.zip$/, ''));
    expect(readdirSync(folder).sort()).toEqual(['README.md', 'data.npz', 'train.py', 'weights.npz']);
    const compiled = spawnSync(PYTHON, ['-m', 'py_compile', join(folder, 'train.py')], { encoding: 'utf8' });
    expect(compiled.stderr).toBe('');
    expect(compiled.status).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  expect(app.errors).toEqual([]);
});
