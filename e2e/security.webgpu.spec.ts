/**
 * Security and accessibility e2e (docs/RELIABILITY.md): the strict Content-Security-Policy holds with zero
 * violations in the page and in its workers during boot and training; the app requests nothing from other
 * origins; hostile links are reported as text and never become markup or script; axe finds no serious or
 * critical violation and Start works from the keyboard.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page, Worker } from '@playwright/test';
import { ENGINE_WORKER_SCRIPT, expect, test } from './fixtures';

/** A tiny model (~0.3 s steps) with one loader worker, so that both kinds of worker run. */
const TINY_RUN = 'v=1&px=16&b=2&d=2&w=4&steps=1000&val=1000&wk=1';

const CSP_TAG = '[csp-violation]';
const LISTENER_TAG = '[csp-listener]';

/**
 * Installs, in a worker, a listener that reports CSP violations through the console (Playwright forwards a
 * worker's console to the page, and the fixture records console errors). A violation inside a worker fires
 * on the worker's global, never on the document. Runs as source text in the worker.
 */
const WORKER_LISTENER =
  `if (!self.__cspListener) { self.__cspListener = true; console.debug(${JSON.stringify(LISTENER_TAG)}, self.name);` +
  `self.addEventListener('securitypolicyviolation', (e) => console.error(${JSON.stringify(CSP_TAG)}, ` +
  `self.name, e.violatedDirective, e.blockedURI)); }`;

/**
 * Collects violations: in the document through an init script; in the engine workers through their script,
 * rewritten to start with the listener (Playwright cannot add init scripts to workers); in nested workers
 * (the loaders, whose script requests the page cannot intercept) by evaluating the listener as soon as
 * they appear. Returns the workers seen, by name.
 */
async function instrumentCsp(page: Page): Promise<Map<string, Worker>> {
  const workers = new Map<string, Worker>();
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  page.on('worker', (worker) => {
    worker
      .evaluate(`${WORKER_LISTENER}; self.name`)
      .then((name) => workers.set(String(name), worker))
      .catch(() => undefined); // a worker that already ended
  });
  await page.route(ENGINE_WORKER_SCRIPT, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: `${WORKER_LISTENER}\n${await response.text()}` });
  });
  return workers;
}

const documentViolations = (page: Page) =>
  page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);

/** The production build's policy, directive → sources. */
function parsePolicy(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name, sources);
  }
  return directives;
}

test.describe('Content-Security-Policy', () => {
  test('the build carries a strict policy: no unsafe-eval, no inline scripts, nothing by default', async ({
    app,
  }) => {
    await app.open();
    const policy = await app.page
      .locator('meta[http-equiv="Content-Security-Policy"]')
      .getAttribute('content');
    expect(policy).not.toBeNull();
    const directives = parsePolicy(policy ?? '');
    const all = [...directives.values()].flat();
    expect(all).not.toContain("'unsafe-eval'");
    expect(all).not.toContain("'unsafe-inline'");
    expect(all).not.toContain('*');
    expect(directives.get('default-src')).toEqual(["'none'"]);
    // 'wasm-unsafe-eval' is there for long.js (a tfjs dependency), which compiles a tiny WebAssembly
    // module for 64-bit arithmetic inside the training worker.
    expect(directives.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    for (const name of ['object-src', 'base-uri', 'form-action'])
      expect(directives.get(name)).toEqual(["'none'"]);
    expect(directives.get('connect-src')).toEqual(["'self'"]);
    // No inline script in the page: every <script> has a same-origin src.
    const inline = await app.page.evaluate(
      () => [...document.scripts].filter((s) => !s.src || new URL(s.src).origin !== location.origin).length,
    );
    expect(inline).toBe(0);
    expect(app.errors).toEqual([]);
  });

  test('boot and training: zero violations in page and workers, zero requests to other origins', async ({
    app,
    baseURL,
  }) => {
    const { page } = app;
    const workers = await instrumentCsp(page);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));

    await app.open(`#${TINY_RUN}`);
    expect(await app.waitForBackend()).toBe('webgpu');
    await app.start();
    await expect
      .poll(() => app.api((a) => a.history().length), { timeout: 200_000 })
      .toBeGreaterThanOrEqual(3);
    await expect.poll(() => [...workers.keys()].sort()).toEqual(['loader', 'training']);

    expect(await documentViolations(page)).toEqual([]);
    expect(app.errors).toEqual([]);
    const origin = new URL(baseURL ?? '').origin;
    const foreign = requests.filter((url) => {
      const u = new URL(url);
      return u.protocol !== 'data:' && u.protocol !== 'blob:' && u.origin !== origin;
    });
    expect(foreign).toEqual([]);
    expect(requests.length).toBeGreaterThan(3);

    // Controls: the collectors do see a violation in the page and in each worker, which also proves the
    // workers run under the policy (a <meta> policy alone does not reach workers: the server must send it).
    await page.evaluate(() => {
      const img = document.createElement('img');
      img.src = 'https://csp-probe.invalid/pixel.png';
      document.body.append(img);
    });
    await expect.poll(() => documentViolations(page)).toContainEqual(expect.stringMatching(/^img-src /));
    for (const [name, worker] of workers) {
      await worker.evaluate(() => fetch('https://csp-probe.invalid/').catch(() => undefined));
      await expect
        .poll(() => app.errors.filter((e) => e.includes(CSP_TAG)), { timeout: 15_000 })
        .toContainEqual(expect.stringContaining(`${CSP_TAG} ${name} connect-src`));
    }
    await page.getByTestId('stop').click();
    await expect.poll(() => app.api((a) => a.status().status)).toBe('stopped');
  });
});

test.describe('hostile links', () => {
  /** 10 KiB of printable junk with markup, quotes, entities and broken escapes in it. */
  const garbage = '<img src=x onerror=alert(1)>&%ZZ"\'=;{}()[]\\/`'.repeat(320).slice(0, 10_240);
  const HOSTILE: { name: string; hash: string; shows: string }[] = [
    { name: 'a script tag', hash: '#<script>alert(1)</script>', shows: '<script>alert(1)</script>' },
    {
      name: 'an img onerror value',
      hash: '#px=<img src=x onerror=alert(1)>',
      shows: '<img src=x onerror=alert(1)>',
    },
    { name: '10 KiB of garbage', hash: `#${garbage}`, shows: 'link too long' },
    { name: 'broken percent-encoding', hash: '#px=%E0%A4%A', shows: 'not valid percent-encoding' },
  ];

  test('are listed as text in a dismissible banner; no markup, no script, no alert', async ({ app }) => {
    const { page } = app;
    await page.addInitScript(() => {
      const w = window as unknown as { __alerts: string[] };
      w.__alerts = [];
      window.alert = (message?: unknown) => void w.__alerts.push(String(message));
      window.confirm = (message?: unknown) => (w.__alerts.push(String(message)), false);
      window.prompt = (message?: unknown) => (w.__alerts.push(String(message)), null);
    });
    const census = () =>
      page.evaluate(() => ({
        scripts: document.querySelectorAll('script').length,
        imgs: document.querySelectorAll('img').length,
        handlers: document.querySelectorAll('[onerror],[onload],[onclick],[onmouseover]').length,
        alerts: (window as unknown as { __alerts: string[] }).__alerts,
      }));
    await app.open();
    await app.waitForBackend();
    await expect(page.getByTestId('problems-banner')).toHaveCount(0);
    const clean = await census();
    expect(clean.alerts).toEqual([]);

    for (const { name, hash, shows } of HOSTILE) {
      await test.step(name, async () => {
        await page.goto('about:blank');
        await app.open(hash);
        await app.waitForBackend();
        const banner = page.getByTestId('problems-banner');
        await expect(banner).toBeVisible();
        await expect(banner).toContainText(shows);
        expect(await census()).toEqual(clean);
        // The config is still a valid one.
        expect((await app.api((a) => a.config())).imageSizePx % 8).toBe(0);
        await page.getByTestId('problems-dismiss').click();
        await expect(banner).toHaveCount(0);
      });
    }
    expect(app.errors).toEqual([]);
  });

  test('no source file writes HTML from strings', () => {
    const sinks =
      /dangerouslySetInnerHTML|\.innerHTML|\.outerHTML|insertAdjacentHTML|document\.write|createContextualFragment/;
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir)) {
        const path = join(dir, entry);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(entry) && sinks.test(readFileSync(path, 'utf8'))) offenders.push(path);
      }
    };
    walk('src');
    expect(offenders).toEqual([]);
  });
});

test.describe('accessibility', () => {
  const seriousViolations = async (page: Page) => {
    const results = await new AxeBuilder({ page }).analyze();
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  };

  test('axe finds no serious or critical violation, with and without notices on screen', async ({ app }) => {
    await app.open();
    await app.waitForBackend();
    await expect(app.page.getByTestId('preflight-ok')).toBeVisible();
    expect(await seriousViolations(app.page)).toEqual([]);

    // An unknown key (problems banner) and an oversize config (pre-flight refusal, Start disabled).
    await app.page.goto('about:blank');
    await app.open('#v=1&px=512&b=512&zz=1');
    await app.waitForBackend();
    await expect(app.page.getByTestId('problems-banner')).toBeVisible();
    await expect(app.page.getByTestId('preflight-refusal')).toBeVisible();
    expect(await seriousViolations(app.page)).toEqual([]);
    expect(app.errors).toEqual([]);
  });

  test('Tab reaches Start, and Enter and Space both activate it', async ({ app }) => {
    const { page } = app;
    await app.open('#v=1&px=16&b=2&d=2&w=4&steps=1000&val=1000');
    expect(await app.waitForBackend()).toBe('webgpu');
    const focusedTestId = () =>
      page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);
    /** Presses Tab until the element with `testId` has focus; returns how many presses it took. */
    const tabTo = async (testId: string): Promise<number> => {
      for (let presses = 1; presses <= 120; presses++) {
        await page.keyboard.press('Tab');
        if ((await focusedTestId()) === testId) return presses;
      }
      throw new Error(`Tab never reached ${testId}`);
    };
    const rows = () => app.api((a) => a.history().length);
    const status = () => app.api((a) => a.status().status);

    // Tab visits the page's tabbable controls in document order (no positive tabindex, no trap): Start is
    // reached after exactly as many presses as there are tabbable controls up to it, counted here from the DOM.
    const tabbableUpToStart = await page.evaluate(() => {
      const selector = 'a[href], button, input, select, textarea, summary, [tabindex]';
      const seenGroups = new Set<string>();
      const tabbable = [...document.querySelectorAll<HTMLElement>(selector)].filter((el) => {
        if (el.tabIndex < 0 || (el as HTMLButtonElement).disabled || el.closest('[inert]')) return false;
        if (el.getClientRects().length === 0 || getComputedStyle(el).visibility === 'hidden') return false;
        // A radio group is one stop: its checked radio.
        if (el instanceof HTMLInputElement && el.type === 'radio' && el.name) {
          const group = `${el.form?.id ?? ''}/${el.name}`;
          const checked = document.querySelector(`input[type=radio][name="${el.name}"]:checked`);
          if (checked ? el !== checked : seenGroups.has(group)) return false;
          seenGroups.add(group);
        }
        return true;
      });
      return tabbable.findIndex((el) => el.dataset['testid'] === 'start') + 1;
    });
    expect(tabbableUpToStart).toBeGreaterThan(0);
    expect(await tabTo('start')).toBe(tabbableUpToStart);
    await page.keyboard.press('Enter');
    await expect.poll(status).toBe('running');
    await expect.poll(rows, { timeout: 200_000 }).toBeGreaterThanOrEqual(1);

    await tabTo('stop');
    await page.keyboard.press('Space');
    await expect.poll(status).toBe('stopped');

    const before = await rows();
    await tabTo('start');
    await page.keyboard.press('Space');
    await expect.poll(status).toBe('running');
    await expect.poll(rows, { timeout: 200_000 }).toBeGreaterThan(before);
    await tabTo('stop');
    await page.keyboard.press('Enter');
    await expect.poll(status).toBe('stopped');
    expect(app.errors).toEqual([]);
  });
});
