// Finds a Chromium for the e2e tests and the bench: $CHROMIUM_PATH, else /usr/bin/chromium, else the browser
// that Playwright installed (`npx playwright install chromium`). Returns null when there is none.
import { existsSync } from 'node:fs';

export async function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  for (const candidate of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (existsSync(candidate)) return candidate;
  }
  try {
    const { chromium } = await import('@playwright/test');
    const bundled = chromium.executablePath();
    if (bundled && existsSync(bundled)) return bundled;
  } catch {
    // Playwright has no browser of its own here.
  }
  return null;
}

export const NO_BROWSER_MESSAGE =
  'No Chromium found: set CHROMIUM_PATH, or install one (Debian: apt-get install chromium; elsewhere: npx playwright install chromium).';
