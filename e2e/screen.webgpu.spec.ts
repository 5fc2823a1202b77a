/**
 * The Playground on one screen: at 1280 × 800 its first screen holds Start, the six lesson settings and
 * the two live charts without scrolling, every section opens under it one at a time, and the open section
 * travels in the link. On a 390 × 844 phone the header is one short row and no view scrolls sideways, in
 * either language, before and after a run.
 */
import type { Page } from '@playwright/test';
import { decodeHash } from '../src/config/urlCodec';
import { LESSON_SETTINGS, PLAYGROUND_SECTIONS, VIEW_IDS } from '../src/config/views';
import { expect, test } from './fixtures';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const TINY = 'v=1&view=playground&px=16&b=2&d=2&w=4&steps=2&val=2&wk=0';
/** Steps enough for a step profile: it records one step of the run and times the next. */
const PROFILED = 'v=1&view=playground&px=16&b=2&d=2&w=4&steps=12&val=12&wk=0&aug=0';

/** The element's box lies wholly inside the viewport. */
async function expectOnScreen(page: Page, testId: string, selector?: string): Promise<void> {
  const box = await (selector ? page.locator(selector) : page.getByTestId(testId)).boundingBox();
  expect(box, testId).not.toBeNull();
  const viewport = page.viewportSize()!;
  expect(box!.y, testId).toBeGreaterThanOrEqual(0);
  expect(box!.x, testId).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, testId).toBeLessThanOrEqual(viewport.height);
  expect(box!.x + box!.width, testId).toBeLessThanOrEqual(viewport.width);
}

const sidewaysPx = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('at 1280 × 800 the Playground fits one screen; every section opens and travels in the link', async ({
  app,
}) => {
  test.setTimeout(120_000);
  const { page } = app;
  await page.setViewportSize(DESKTOP);
  await app.open(`#${TINY}`);
  expect(await app.waitForBackend()).toBe('webgpu');
  // At rest: no section open, and the page no taller than the screen and a little.
  await expect(page.getByTestId('playground-section')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(
    DESKTOP.height + 40,
  );
  await expectOnScreen(page, 'start');
  for (const name of LESSON_SETTINGS) await expectOnScreen(page, name, `[data-field="${name}"]`);
  for (const id of ['chart-memory', 'chart-throughput']) await expectOnScreen(page, id);

  for (const id of PLAYGROUND_SECTIONS) {
    const body = await app.section(id);
    await expect(body.locator('h2').first()).toBeVisible();
    // One at a time, and named in the address bar.
    await expect(page.getByTestId('playground-section')).toHaveCount(1);
    await expect.poll(() => page.evaluate(() => location.hash)).toContain(`sec=${id}`);
    expect(decodeHash(await page.evaluate(() => location.hash)).section).toBe(id);
  }
  // Pressing the open one again closes it, and the link says none.
  await page.getByTestId('section-links').click();
  await expect(page.getByTestId('playground-section')).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => location.hash)).not.toContain('sec=');

  // A link naming a section opens with it; one naming no known section opens none and says so.
  await page.goto('about:blank');
  await app.open(`#${TINY}&sec=loader`);
  await expect(page.getByTestId('playground-section')).toHaveAttribute('data-section', 'loader');
  await expect(page.getByTestId('section-loader')).toHaveAttribute('aria-expanded', 'true');
  await page.goto('about:blank');
  await app.open(`#${TINY}&sec=nowhere`);
  await expect(page.getByTestId('problems-list')).toContainText('sec');
  await expect(page.getByTestId('playground-section')).toHaveCount(0);
  expect(app.errors).toEqual([]);
});

for (const lang of ['en', 'zh'] as const) {
  test(`on a 390 × 844 phone (${lang}) the header is one short row and no view scrolls sideways, before and after a run`, async ({
    app,
  }) => {
    test.setTimeout(300_000);
    const { page } = app;
    await page.setViewportSize(PHONE);
    await app.open(`#${PROFILED}&lang=${lang}`);
    expect(await app.waitForBackend()).toBe('webgpu');
    const visit = async (when: string) => {
      for (const view of VIEW_IDS) {
        await app.view(view);
        await expect.poll(() => app.api((a) => a.view())).toBe(view);
        const header = (await page.locator('header.app-header').boundingBox())!;
        expect(header.height, `${when} ${view}`).toBeLessThanOrEqual(120);
        expect(await sidewaysPx(page), `${when} ${view}`).toBe(0);
      }
    };
    await visit('before a run');
    // The view menu folds the tabs: only the current view's name is in the row.
    await expect(page.getByTestId('view-bytes')).toBeHidden();
    // A run with a step profile: the profile's tables are the widest a section holds.
    await app.profileStep(120_000);
    await expect(page.getByTestId('profile-bottleneck')).toBeVisible();
    // The first screen's summary carries the profile's bottleneck verdict (the next step stays in
    // the profile section, beside the tables it follows from).
    await expect(page.getByTestId('summary-bottleneck')).toHaveText(
      (await page.getByTestId('profile-bottleneck').locator('strong').textContent())!,
    );
    expect(await app.api((a) => a.history().length)).toBeGreaterThanOrEqual(2);
    for (const id of PLAYGROUND_SECTIONS) {
      await app.section(id);
      expect(await sidewaysPx(page), `after a run, section ${id}`).toBe(0);
    }
    await visit('after a run');
    expect(app.errors).toEqual([]);
  });
}
