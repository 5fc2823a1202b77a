/**
 * The build works from any folder of any static host: the test build (dist-e2e/, relative asset and worker
 * URLs) is served by a bare static server under a nested path, with the app's CSP as a header, and lesson 1
 * runs there to its result card (the training and loader workers included). Nothing is asked of the host
 * outside that folder.
 */
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import { CONTENT_SECURITY_POLICY } from '../vite.config';
import { expect, test } from './fixtures';

const FOLDER = '/courses/ml/batchlab/';
const ROOT = resolve(process.env.E2E_OUT_DIR ?? 'dist-e2e');
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
};

let server: Server;
let origin = '';
/** Every path the page asked for, and those the host could not serve. */
const asked: string[] = [];
const missing: string[] = [];

test.beforeAll(async () => {
  server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://host').pathname);
    asked.push(path);
    const inside = path.startsWith(FOLDER) ? normalize(path.slice(FOLDER.length)) : null;
    const file =
      inside === null || inside.startsWith('..') ? null : join(ROOT, inside === '.' ? 'index.html' : inside);
    if (file === null) {
      missing.push(path);
      response.writeHead(404).end();
      return;
    }
    readFile(file).then(
      (body) => {
        response.writeHead(200, {
          'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
          'Content-Security-Policy': CONTENT_SECURITY_POLICY,
        });
        response.end(body);
      },
      () => {
        missing.push(path);
        response.writeHead(404).end();
      },
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((done) => server.close(done));
});

test('lesson 1 runs to its result card from the build served under a nested path', async ({ app }) => {
  const { page } = app;
  await page.goto(`${origin}${FOLDER}#v=1&view=bytes`);
  expect(await app.waitForBackend()).toBe('webgpu');
  await page.getByTestId('lesson-run').click();
  await expect(page.getByTestId('result-card')).toBeVisible({ timeout: 240_000 });
  await expect(page.getByTestId('lesson-progress')).toHaveAttribute('data-phase', 'done', {
    timeout: 120_000,
  });
  expect(missing).toEqual([]);
  expect(asked.filter((path) => !path.startsWith(FOLDER))).toEqual([]);
  // The workers were fetched from the folder too: the engine worker, its training role and tfjs.
  for (const chunk of ['engineWorker', 'trainingWorker', 'tfjs']) {
    const inFolder = new RegExp(`^/courses/ml/batchlab/assets/${chunk}-[\\w-]+\\.js$`);
    expect(asked.filter((path) => inFolder.test(path)).length, chunk).toBeGreaterThan(0);
  }
  // On WebGPU the fallback backends are never fetched.
  expect(asked.filter((path) => /\/tfjs-(webgl|cpu)-/.test(path))).toEqual([]);
  expect(app.errors).toEqual([]);
});
