// Builds the test build (`vite build --mode e2e` into dist-e2e/; skipped when E2E_OUT_DIR names a build
// already made) and runs the Playwright suite against it with the Chromium findChromium() picks. It first
// launches that browser once to print its version and WebGPU adapter (and to unpack the pinned browser
// before Playwright starts), then hands the path and the environment it needs to Playwright.
import { spawnSync } from 'node:child_process';
import { describeBrowser, describeLine } from './browserInfo.mjs';
import { findChromium } from './findChromium.mjs';
import { BASE_FLAGS } from './browserFlags.mjs';

if (!process.env.E2E_OUT_DIR) {
  const build = spawnSync('npx', ['vite', 'build', '--mode', 'e2e', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    console.error('[e2e] the test build (vite build --mode e2e) failed');
    process.exit(build.status ?? 1);
  }
}
const found = await findChromium();
if (found.error) {
  console.error(found.error);
  process.exit(1);
}
try {
  const info = await describeBrowser(found, [...BASE_FLAGS, '--enable-unsafe-webgpu']);
  console.log(`[e2e] ${describeLine(found, info)}`);
} catch (error) {
  console.error(`[e2e] the browser at ${found.path} (${found.source}) does not start: ${error.message}`);
  process.exit(1);
}
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, ...found.env, CHROMIUM_PATH: found.path },
});
process.exit(result.status ?? 1);
