// Runs the Playwright suite against the production build with a Chromium found by findChromium().
import { spawnSync } from 'node:child_process';
import { NO_BROWSER_MESSAGE, findChromium } from './findChromium.mjs';

const chromium = await findChromium();
if (!chromium) {
  console.error(NO_BROWSER_MESSAGE);
  process.exit(1);
}
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
process.exit(result.status ?? 1);
