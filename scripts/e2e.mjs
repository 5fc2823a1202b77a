// Runs the Playwright suite against the production build with the Chromium findChromium() picks. It first
// launches that browser once to print its version and WebGPU adapter (and to unpack the pinned browser
// before Playwright starts), then hands the path and the environment it needs to Playwright.
import { spawnSync } from 'node:child_process';
import { describeBrowser, describeLine } from './browserInfo.mjs';
import { findChromium } from './findChromium.mjs';
import { BASE_FLAGS } from './browserFlags.mjs';

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
