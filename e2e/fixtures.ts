/**
 * Shared e2e fixtures: every test collects page errors and console errors (and fails on them), and talks
 * to the app through its read-only `window.batchlab` test API.
 */
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import type { BatchLabTestApi } from '../src/app/testHooks/testApi';
import type { StepProfile } from '../src/config/stepProfile';
import type { TrainConfig } from '../src/config/trainConfig';
import { LESSON_SETTINGS, type SectionId, type ViewId } from '../src/config/views';

/** What the browser's WebGPU adapter reports, read in the page straight from WebGPU, not through the app. */
interface AdapterReport {
  maxBufferSize: number;
  maxStorageBufferBindingSize: number;
  isFallbackAdapter: boolean;
  vendor: string;
  architecture: string;
}

export interface AppPage {
  page: Page;
  /** Page errors and console errors seen so far. */
  errors: string[];
  open(hash?: string): Promise<void>;
  api<T>(fn: (api: BatchLabTestApi) => T): Promise<T>;
  waitForBackend(): Promise<string>;
  waitForSteps(steps: number): Promise<void>;
  start(): Promise<void>;
  /** Opens the Playground's section `id` (one at a time) unless it is open; resolves to its body. */
  section(id: SectionId): Promise<Locator>;
  /** A setting's field, opening the section that holds it when it is not on the first screen. */
  field(name: keyof TrainConfig): Promise<Locator>;
  /** Switches to view `id` from the header, through the view menu where the tabs are folded (a phone). */
  view(id: ViewId): Promise<void>;
  /** The adapter the app would get (same power preference), as an independent oracle; null without one. */
  adapter(): Promise<AdapterReport | null>;
  /**
   * Opens the profile section, presses "Profile a step" and waits for the profile (a failed one throws with
   * its message) and for the run it made to stop; resolves to the profile.
   */
  profileStep(timeoutMs: number): Promise<StepProfile>;
}

export const test = base.extend<{ app: AppPage }>({
  app: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`console: ${m.text()}`);
    });
    // The function's source is evaluated through the DevTools protocol, which a page's CSP does not govern.
    const api = <T>(fn: (api: BatchLabTestApi) => T) =>
      page.evaluate(`(${fn.toString()})(window.batchlab)`) as Promise<T>;
    const app: AppPage = {
      page,
      errors,
      // The bare address opens lesson 1; tests that drive the Playground open it by name.
      open: async (hash = '#view=playground') => {
        await page.goto(`/${hash}`);
      },
      api,
      waitForBackend: async () => {
        await expect.poll(() => api((a) => a.status().status), { timeout: 120_000 }).not.toBe('booting');
        return (await api((a) => a.backend()?.backend ?? 'none')) as string;
      },
      waitForSteps: async (steps) => {
        await expect
          .poll(
            async () => {
              const s = await api((a) => ({ step: a.latest()?.step ?? 0, status: a.status() }));
              if (s.status.status === 'failed') throw new Error(`run failed: ${s.status.message}`);
              return s.step;
            },
            { timeout: 200_000, intervals: [500, 1000] },
          )
          .toBeGreaterThanOrEqual(steps);
      },
      start: async () => {
        await page.getByTestId('start').click();
      },
      section: async (id) => {
        const button = page.getByTestId(`section-${id}`);
        if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
        const body = page.getByTestId('playground-section');
        await expect(body).toHaveAttribute('data-section', id);
        return body;
      },
      field: async (name) => {
        if (!(LESSON_SETTINGS as readonly string[]).includes(name)) await app.section('settings');
        return page.locator(`[data-field="${name}"]`);
      },
      view: async (id) => {
        const tab = page.getByTestId(`view-${id}`);
        if (!(await tab.isVisible())) await page.getByTestId('view-menu').click();
        await tab.click();
      },
      adapter: () =>
        page.evaluate(async () => {
          const adapter = await navigator.gpu?.requestAdapter({ powerPreference: 'high-performance' });
          if (!adapter) return null;
          return {
            maxBufferSize: adapter.limits.maxBufferSize,
            maxStorageBufferBindingSize: adapter.limits.maxStorageBufferBindingSize,
            isFallbackAdapter: adapter.info.isFallbackAdapter,
            vendor: adapter.info.vendor,
            architecture: adapter.info.architecture,
          };
        }),
      profileStep: async (timeoutMs) => {
        await app.section('profile');
        await page.getByTestId('profile-step').click();
        await expect
          .poll(
            async () => {
              const p = await api((a) => a.profile());
              if (p.status === 'failed') throw new Error(`profile failed: ${p.message}`);
              return p.status;
            },
            { timeout: timeoutMs, intervals: [500, 1000] },
          )
          .toBe('done');
        await expect.poll(() => api((a) => a.status().status), { timeout: 60_000 }).toBe('stopped');
        return (await api((a) => a.profile().profile)) as StepProfile;
      },
    };
    await use(app);
  },
});

/** The simulated small per-buffer limit (512 KiB) the reliability and finder tests give training workers. */
export const SIMULATED_LIMIT_BYTES = 512 * 1024;

/**
 * Source prepended to the training worker's script (test-only) so that its WebGPU device behaves like one
 * whose maxBufferSize and maxStorageBufferBindingSize are `limitBytes`: both limits objects report it, and
 * a larger createBuffer is turned into one the real device rejects (a validation error, an invalid buffer).
 */
export function smallBufferLimitPrelude(limitBytes: number): string {
  return `(() => {
  const LIMIT = ${limitBytes};
  const clamp = (real) => {
    const copy = {};
    for (const key in real) copy[key] = real[key];
    copy.maxBufferSize = Math.min(LIMIT, real.maxBufferSize);
    copy.maxStorageBufferBindingSize = Math.min(LIMIT, real.maxStorageBufferBindingSize);
    return Object.freeze(copy);
  };
  const adapterLimits = Object.getOwnPropertyDescriptor(GPUAdapter.prototype, 'limits').get;
  Object.defineProperty(GPUAdapter.prototype, 'limits', { get() { return clamp(adapterLimits.call(this)); } });
  const deviceLimits = Object.getOwnPropertyDescriptor(GPUDevice.prototype, 'limits').get;
  Object.defineProperty(GPUDevice.prototype, 'limits', { get() { return clamp(deviceLimits.call(this)); } });
  const createBuffer = GPUDevice.prototype.createBuffer;
  GPUDevice.prototype.createBuffer = function (descriptor) {
    if (descriptor.size <= LIMIT) return createBuffer.call(this, descriptor);
    // Dawn's own validation error and invalid buffer, whose size reads as requested, as on a real device.
    const buffer = createBuffer.call(this, { ...descriptor, size: deviceLimits.call(this).maxBufferSize + 4 });
    Object.defineProperty(buffer, 'size', { value: descriptor.size });
    return buffer;
  };
})();`;
}

/** The script every engine worker starts from (src/app/engineWorker.ts), in the build's assets. */
export const ENGINE_WORKER_SCRIPT = '**/assets/engineWorker-*.js';

/**
 * Serves the engine workers' script with `prelude` in front of it, run only in the training role (the main
 * run's worker and short-lived ones alike: their name is `training` or starts with `training:`). Call before
 * the page opens.
 */
export async function prependToTrainingWorker(page: Page, prelude: string): Promise<void> {
  await page.route(ENGINE_WORKER_SCRIPT, async (route) => {
    const response = await route.fetch();
    const guarded = `if (self.name.split(':')[0] === 'training') {\n${prelude}\n}`;
    await route.fulfill({ response, body: `${guarded}\n${await response.text()}` });
  });
}

export { expect };
