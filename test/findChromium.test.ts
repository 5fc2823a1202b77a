// The order in which the e2e tests and the bench pick a browser: CHROMIUM_PATH, the pinned package, the
// system's, Playwright's, else one line saying how to get one.
import { describe, expect, it } from 'vitest';
import { NO_BROWSER_MESSAGE, findChromium } from '../scripts/findChromium.mjs';

const PINNED = {
  executablePath: '/cache/147.0.0/chromium',
  libDir: '/cache/147.0.0/al2023/lib',
  fontconfigDir: '/cache/147.0.0/fontconfig',
  vulkanIcdJson: '/cache/147.0.0/vk_swiftshader_icd.json',
  vulkanLibDir: '/cache/147.0.0',
  version: '147.0.0',
};

/** A machine described by the files it has, with a pinned package or not, and Playwright's path. */
function machine(
  files: string[],
  opts: { env?: Record<string, string>; pinned?: boolean; pw?: string } = {},
) {
  const calls: string[] = [];
  return {
    calls,
    probes: {
      env: opts.env ?? {},
      exists: (p: string) => files.includes(p),
      pinned: async () => {
        calls.push('pinned');
        return opts.pinned ? PINNED : null;
      },
      playwright: async () => {
        calls.push('playwright');
        return opts.pw ?? null;
      },
    },
  };
}

describe('findChromium', () => {
  it('takes CHROMIUM_PATH first, without unpacking the pinned browser', async () => {
    const m = machine(['/opt/c', PINNED.executablePath, '/usr/bin/chromium'], {
      env: { CHROMIUM_PATH: '/opt/c' },
      pinned: true,
    });
    const found = await findChromium(m.probes);
    expect(found).toMatchObject({ path: '/opt/c', source: 'CHROMIUM_PATH' });
    expect(m.calls).toEqual([]);
  });

  it('reports a CHROMIUM_PATH that does not exist instead of falling back', async () => {
    const m = machine(['/usr/bin/chromium'], { env: { CHROMIUM_PATH: '/nope' }, pinned: true });
    const found = await findChromium(m.probes);
    expect(found).toEqual({ error: expect.stringContaining('/nope') });
  });

  it('prefers the pinned package to a system browser, with the libraries and fonts it needs', async () => {
    const m = machine([PINNED.executablePath, '/usr/bin/chromium'], {
      env: { LD_LIBRARY_PATH: '/usr/local/lib' },
      pinned: true,
    });
    const found = await findChromium(m.probes);
    expect(found).toMatchObject({ path: PINNED.executablePath, version: '147.0.0' });
    const env = ('env' in found ? found.env : {}) as Record<string, string | undefined>;
    expect(env.LD_LIBRARY_PATH?.split(':')).toEqual([PINNED.libDir, PINNED.vulkanLibDir, '/usr/local/lib']);
    expect(env.FONTCONFIG_PATH).toBe(PINNED.fontconfigDir);
  });

  it('falls back to the system browser where there is no pinned one', async () => {
    const m = machine(['/usr/bin/chromium-browser'], { pinned: false, pw: '/pw/chrome' });
    expect(await findChromium(m.probes)).toMatchObject({
      path: '/usr/bin/chromium-browser',
      source: 'system',
    });
    expect(m.calls).toEqual(['pinned']);
  });

  it("then to Playwright's own browser", async () => {
    const m = machine(['/pw/chrome'], { pw: '/pw/chrome' });
    expect(await findChromium(m.probes)).toMatchObject({ path: '/pw/chrome', source: 'Playwright' });
  });

  it('says in one line how to get a browser when there is none', async () => {
    const m = machine([], { pw: '/pw/missing' });
    const found = await findChromium(m.probes);
    expect(found).toEqual({ error: NO_BROWSER_MESSAGE });
    expect(NO_BROWSER_MESSAGE).not.toContain('\n');
    expect(m.calls).toEqual(['pinned', 'playwright']);
  });
});
