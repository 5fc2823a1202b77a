// Finds the Chromium that the e2e tests and the bench launch, in this order:
//   1. $CHROMIUM_PATH (must exist: a wrong path is an error, not a fallback);
//   2. the pinned Chromium inside the npm package @sparticuz/chromium (Linux x64), unpacked into the project;
//   3. a system Chromium (/usr/bin/chromium, /usr/bin/chromium-browser);
//   4. the browser Playwright installed (`npx playwright install chromium`).
// Returns { path, source, version, env } (env: variables the browser needs) or { error } with one line.
import { existsSync } from 'node:fs';
import { pinnedEnv, unpackPinnedChromium } from './pinnedChromium.mjs';

export const NO_BROWSER_MESSAGE =
  'No Chromium found: run `npm ci` (Linux x64 gets a pinned Chromium from the npm registry), set CHROMIUM_PATH, or install one (Debian: apt-get install chromium; elsewhere: npx playwright install chromium).';

const SYSTEM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

async function playwrightBrowserPath() {
  try {
    const { chromium } = await import('@playwright/test');
    return chromium.executablePath() || null;
  } catch {
    return null;
  }
}

/** What the finder looks at; tests replace any of it. */
export const defaultProbes = {
  env: process.env,
  exists: existsSync,
  pinned: () => unpackPinnedChromium(),
  playwright: playwrightBrowserPath,
};

export async function findChromium(probes = {}) {
  const { env, exists, pinned, playwright } = { ...defaultProbes, ...probes };
  if (env.CHROMIUM_PATH) {
    return exists(env.CHROMIUM_PATH)
      ? { path: env.CHROMIUM_PATH, source: 'CHROMIUM_PATH', version: null, env: {} }
      : { error: `CHROMIUM_PATH is set to ${env.CHROMIUM_PATH}, which does not exist.` };
  }
  const packaged = await pinned();
  if (packaged && exists(packaged.executablePath)) {
    return {
      path: packaged.executablePath,
      source: `@sparticuz/chromium ${packaged.version}`,
      version: packaged.version,
      env: pinnedEnv(packaged, env),
    };
  }
  const system = SYSTEM_PATHS.find((p) => exists(p));
  if (system) return { path: system, source: 'system', version: null, env: {} };
  const bundled = await playwright();
  if (bundled && exists(bundled)) return { path: bundled, source: 'Playwright', version: null, env: {} };
  return { error: NO_BROWSER_MESSAGE };
}
