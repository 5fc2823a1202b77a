/**
 * Shareable links: a preset link opens with exactly its config; clicking a preset applies it in place;
 * Copy link writes a link that decodes to exactly the page's experiment (clipboard, or the fallback field
 * when there is no clipboard); hide= hides controls; and the run=1 rule — a link starts training by itself
 * only with run=1 and a config that fits the device.
 */
import { PRESETS } from '../src/config/presets';
import { decodeHash } from '../src/config/urlCodec';
import { expect, test } from './fixtures';

const TINY = 'v=1&px=16&b=2&d=2&w=4&val=100';

const preset = (id: string) => {
  const p = PRESETS.find((preset) => preset.id === id);
  if (!p) throw new Error(`no preset ${id}`);
  return p;
};

test('a preset link opens with exactly its config and its B', async ({ app }) => {
  const article = preset('article');
  await app.open(article.hash);
  const expected = decodeHash(article.hash);
  expect(expected.problems).toEqual([]);
  expect(await app.api((a) => a.config())).toEqual(expected.config);
  await app.section('links');
  await expect(app.page.getByTestId('preset-article')).toHaveClass(/current/);
  await expect(app.page.getByTestId('preset-int32-trap')).not.toHaveClass(/current/);
  // The marker is the dictionary's words in the page (so a reader and a translation get it), not CSS.
  await expect(app.page.getByTestId('preset-link-article')).toHaveText(/\(current\)$/);
  await expect(app.page.getByTestId('preset-link-int32-trap')).not.toHaveText(/current/);
  // B's overrides reach the comparison panel.
  await app.section('compare');
  await expect(app.page.getByTestId('compare-b-dt')).toHaveValue('float32');
  await expect(app.page.getByTestId('compare-b-norm')).toHaveValue('loader');
  await expect(app.page.getByTestId('compare-b-mk')).toHaveValue('int32');
  await expect(app.page.getByTestId('compare-b-px')).toHaveValue('');
  await app.waitForBackend();
  expect(app.errors).toEqual([]);
});

test('clicking a preset applies it in place and the address bar follows, without a history entry', async ({
  app,
}) => {
  await app.open(`#${TINY}&hide=lr`);
  await app.waitForBackend();
  await app.section('links');
  const historyLength = await app.page.evaluate(() => history.length);
  for (const id of ['int32-trap', 'software-gpu', 'article']) {
    const p = preset(id);
    await app.page.getByTestId(`preset-link-${id}`).click();
    expect(await app.api((a) => a.config())).toEqual(decodeHash(p.hash).config);
    await expect(app.page.getByTestId(`preset-${id}`)).toHaveClass(/current/);
    // The page's own hide= stays: it belongs to the embedding page, not to the experiment.
    // The address bar follows (written back debounced, with replaceState): the preset, in the Playground,
    // with the section it was clicked in still open.
    const expected = p.hash.replace('#v=1&', '#v=1&view=playground&');
    await expect.poll(() => app.page.evaluate(() => location.hash)).toBe(`${expected}&hide=lr&sec=links`);
    await expect(app.page.locator('[data-field="learningRate"]')).toHaveCount(0);
  }
  expect(await app.page.evaluate(() => history.length)).toBe(historyLength);
  expect(await app.api((a) => a.status().status)).toBe('idle');
  expect(app.errors).toEqual([]);
});

test('Copy link writes a link that opens exactly the current experiment', async ({ app, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await app.open(`?skipPreflight=1#${TINY}&s=7&lr=0.02&hide=opt&b.dt=float32&b.norm=loader`);
  await app.waitForBackend();
  // An edit made on the page is in the link too.
  await app.page.locator('[data-field="batchSize"] input').fill('3');
  await expect.poll(() => app.api((a) => a.config().batchSize)).toBe(3);
  await app.section('links');
  await app.page.getByTestId('copy-link-run').check();
  await app.page.getByTestId('copy-link').click();
  await expect(app.page.getByTestId('copy-status')).toBeVisible();
  const link = await app.page.evaluate(() => navigator.clipboard.readText());
  expect(await app.page.getByTestId('copy-status').getAttribute('data-link')).toBe(link);
  const url = new URL(link);
  expect(url.search).toBe(''); // debug flags never travel
  const decoded = decodeHash(url.hash);
  expect(decoded.problems).toEqual([]);
  expect(decoded.config).toEqual(await app.api((a) => a.config()));
  expect(decoded.config).toMatchObject({ batchSize: 3, seed: 7, learningRate: 0.02, imageSizePx: 16 });
  expect(decoded.overridesB).toEqual({ imageDtype: 'float32', normalizeOn: 'loader' });
  expect(decoded.hide).toEqual(['opt']);
  expect(decoded.run).toBe(true);
  await expect(app.page.getByTestId('copy-link-field')).toHaveCount(0);
  expect(app.errors).toEqual([]);
});

test('Copy link on a lesson copies its view alone, not the Playground’s settings, and opens the lesson', async ({
  app,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // The Playground's settings differ from every lesson's: none of them may travel with a lesson's link.
  await app.open(`?skipPreflight=1#${TINY}&s=7&lr=0.02&view=loaders`);
  await app.waitForBackend();
  await app.page.getByTestId('lesson-loaders').getByTestId('copy-link').click();
  await expect(app.page.getByTestId('copy-status')).toBeVisible();
  const link = await app.page.evaluate(() => navigator.clipboard.readText());
  const url = new URL(link);
  expect(url.hash).toBe('#v=1&view=loaders');
  for (const key of ['px=', 'b=', 'lr=', 's=', 'blur=']) expect(url.hash).not.toContain(key);
  await app.open(url.hash);
  await expect(app.page.getByTestId('lesson-loaders')).toBeVisible();
  expect(await app.api((a) => a.view())).toBe('loaders');
  expect(app.errors).toEqual([]);
});

test('without a clipboard, the link appears selected in a text field', async ({ app }) => {
  await app.page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined, configurable: true });
  });
  await app.open(`#${TINY}&s=9`);
  await app.section('links');
  await app.page.getByTestId('copy-link').click();
  const field = app.page.getByTestId('copy-link-field');
  await expect(field).toBeVisible();
  await expect(field).toBeFocused();
  const link = await field.inputValue();
  expect(await field.evaluate((el: HTMLInputElement) => el.selectionEnd! - el.selectionStart!)).toBe(
    link.length,
  );
  const decoded = decodeHash(new URL(link).hash);
  expect(decoded.config).toEqual(await app.api((a) => a.config()));
  expect(decoded.config.seed).toBe(9);
  expect(decoded.run).toBe(false);
  expect(app.errors).toEqual([]);
});

test('hide= hides exactly the named controls', async ({ app }) => {
  await app.open(`#${TINY}&hide=lr,opt,dt`);
  await app.section('settings');
  for (const field of ['learningRate', 'optimizer', 'imageDtype']) {
    await expect(app.page.locator(`[data-field="${field}"]`)).toHaveCount(0);
  }
  for (const field of ['batchSize', 'imageSizePx', 'normalizeOn', 'seed']) {
    await expect(app.page.locator(`[data-field="${field}"]`)).toBeVisible();
  }
  await app.waitForBackend();
  expect(app.errors).toEqual([]);
});

test('a link with run=1 and a config that fits starts training by itself', async ({ app }) => {
  await app.open(`#${TINY}&steps=1&run=1`);
  expect(await app.waitForBackend()).toBe('webgpu');
  expect(await app.api((a) => a.autoStart())).toBe('start');
  await app.waitForSteps(1);
  await expect.poll(() => app.api((a) => a.status().status)).toBe('stopped');
  expect(await app.api((a) => a.history().length)).toBe(1);
  expect(app.errors).toEqual([]);
});

test('the same link without run=1 does not start', async ({ app }) => {
  await app.open(`#${TINY}&steps=1`);
  expect(await app.waitForBackend()).toBe('webgpu');
  // The run=1 rule decides once, at the first 'idle': wait for that decision, then nothing may have started.
  await expect.poll(() => app.api((a) => a.autoStart())).not.toBe('pending');
  expect(await app.api((a) => a.autoStart())).toBe('not-asked');
  expect(await app.api((a) => a.status().status)).toBe('idle');
  expect(await app.api((a) => a.history().length)).toBe(0);
  expect(app.errors).toEqual([]);
});

test('a run=1 link whose config does not fit does not start, and says why', async ({ app }) => {
  await app.open('#v=1&px=512&b=512&d=4&w=64&run=1');
  expect(await app.waitForBackend()).toBe('webgpu');
  await expect.poll(() => app.api((a) => a.autoStart())).not.toBe('pending');
  expect(await app.api((a) => a.autoStart())).toBe('refused');
  await expect(app.page.getByTestId('status')).toContainText('asked to start training (run=1)');
  expect(await app.api((a) => a.status().status)).toBe('idle');
  expect(await app.api((a) => a.history().length)).toBe(0);
  expect(app.errors).toEqual([]);
});
