/**
 * e2e against the test build (`vite build --mode e2e` into dist-e2e/: the production build plus the window
 * test APIs and fault injection; scripts/e2e.mjs builds it) served by vite preview on 127.0.0.1, in
 * headless Chromium.
 * Project `webgpu` gets a real WebGPU adapter (software here) via --enable-unsafe-webgpu; project
 * `no-webgpu` runs without it (navigator.gpu exists, requestAdapter() returns null) and proves the fallback.
 * The software adapter is slow: one worker, generous timeouts, 16–32 px inputs in the tests.
 */
import { defineConfig } from '@playwright/test';
import { BASE_FLAGS } from './scripts/browserFlags.mjs';

// E2E_PORT / E2E_OUT_DIR let several builds be tested side by side (default: dist-e2e/ on 4317).
const PORT = Number(process.env.E2E_PORT ?? 4317);
const OUT_DIR = process.env.E2E_OUT_DIR ?? 'dist-e2e';
// scripts/e2e.mjs sets CHROMIUM_PATH (and the libraries the pinned browser needs) from findChromium().
const executablePath = process.env.CHROMIUM_PATH;
const launch = (extra: string[]) => ({
  args: [...BASE_FLAGS, ...extra],
  ...(executablePath ? { executablePath } : {}),
});

export default defineConfig({
  testDir: 'e2e',
  workers: 1,
  fullyParallel: false,
  timeout: 240_000,
  expect: { timeout: 120_000 },
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1280, height: 800 },
    trace: 'off',
  },
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${PORT} --strictPort --outDir ${OUT_DIR}`,
    url: `http://127.0.0.1:${PORT}`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
  projects: [
    {
      name: 'webgpu',
      testMatch: /.*\.webgpu\.spec\.ts/,
      use: { browserName: 'chromium', launchOptions: launch(['--enable-unsafe-webgpu']) },
    },
    {
      name: 'no-webgpu',
      testMatch: /.*\.nowebgpu\.spec\.ts/,
      use: { browserName: 'chromium', launchOptions: launch([]) },
    },
  ],
});
