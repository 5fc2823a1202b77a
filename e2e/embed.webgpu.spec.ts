/**
 * Embedding: a teaching page on another origin (a bare static server on its own port) frames BatchLab with
 * `embed=1`. Each lesson fits a 700 × 500 frame without sideways scroll, shows no header or tabs, speaks
 * the link's language, and offers "open in BatchLab" at the same state in a new tab; the Playground's
 * hide= still hides. Lesson 1, embedded with the code its own "Copy embed code" wrote, runs to its result
 * card inside the frame.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Frame, Page } from '@playwright/test';
import type { BatchLabTestApi } from '../src/app/testHooks/testApi';
import { decodeHash } from '../src/config/urlCodec';
import { expect, test } from './fixtures';

/** The teaching page's body for each path: set by each test before it opens the page. */
const pages = new Map<string, string>();
let server: Server;
let hostOrigin = '';

test.beforeAll(async () => {
  server = createServer((request, response) => {
    const body = pages.get(request.url ?? '');
    if (body === undefined) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><title>A course page</title><h1>Week 3</h1>${body}</html>`);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  hostOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((done) => server.close(done));
});

/** Opens the teaching page `path` holding `body` and returns BatchLab's frame once its page has loaded. */
async function openHost(page: Page, path: string, body: string, appOrigin: string): Promise<Frame> {
  pages.set(path, body);
  await page.goto(`${hostOrigin}${path}`);
  await expect(page.locator('iframe')).toHaveCount(1);
  await expect.poll(() => page.frames().find((f) => f.url().startsWith(appOrigin)) ?? null).not.toBeNull();
  const frame = page.frames().find((f) => f.url().startsWith(appOrigin))!;
  await frame.waitForLoadState('load');
  return frame;
}

/** The frame's document: its width, its scroll width, and whether it scrolls vertically. */
const frameScroll = (frame: Frame) =>
  frame.evaluate(() => ({
    clientWidth: document.documentElement.clientWidth,
    scrollWidth: document.documentElement.scrollWidth,
    scrollHeight: document.documentElement.scrollHeight,
    clientHeight: document.documentElement.clientHeight,
  }));

const frameApi = <T>(frame: Frame, fn: (api: BatchLabTestApi) => T) =>
  frame.evaluate(`(${fn.toString()})(window.batchlab)`) as Promise<T>;

const iframe = (src: string) =>
  `<iframe src="${src.replaceAll('&', '&amp;')}" title="BatchLab" width="700" height="500" style="border: 0"></iframe>`;

for (const [view, lang] of [
  ['bytes', null],
  ['loaders', 'zh'],
  ['gpus', null],
  ['tradeoffs', 'en'],
  ['fit', 'zh'],
] as const) {
  test(`lesson ${view} embedded on another origin fits 700 × 500 and opens in BatchLab at the same state`, async ({
    app,
    baseURL,
  }) => {
    const appOrigin = new URL(baseURL!).origin;
    expect(appOrigin).not.toBe(hostOrigin);
    const hash = `#v=1&view=${view}${lang ? `&lang=${lang}` : ''}`;
    const frame = await openHost(app.page, `/${view}`, iframe(`${appOrigin}/${hash}&embed=1`), appOrigin);
    const body = frame.locator('body');
    await expect(body.getByTestId(view === 'tradeoffs' ? 'sweep-run' : `lesson-${view}`)).toBeVisible();
    // No header, tabs or language switch; the language is the link's.
    await expect(frame.locator('.app-header, .view-nav, .lang-switch')).toHaveCount(0);
    expect(await frame.evaluate(() => document.documentElement.lang)).toMatch(
      lang === 'zh' ? /^zh-CN$/ : /^en\b/,
    );
    await expect
      .poll(() => frameApi(frame, (a) => a.status().status), { timeout: 120_000 })
      .not.toBe('booting');
    // No sideways scroll at 700 × 500; the lesson is taller than the frame, so the frame scrolls inside itself.
    const scroll = await frameScroll(frame);
    expect(scroll.clientWidth).toBeGreaterThan(600);
    expect(scroll.clientWidth).toBeLessThanOrEqual(700);
    expect(scroll.scrollWidth).toBeLessThanOrEqual(scroll.clientWidth);
    expect(scroll.scrollHeight).toBeGreaterThan(scroll.clientHeight);
    // "open in BatchLab": the same link without embed, in a new tab, without an opener.
    const open = frame.getByTestId('embed-open-full');
    await expect(open).toHaveAttribute('target', '_blank');
    await expect(open).toHaveAttribute('rel', /\bnoopener\b/);
    const href = (await open.getAttribute('href'))!;
    expect(href.startsWith(`${appOrigin}/#`)).toBe(true);
    const opened = decodeHash(new URL(href).hash);
    const asked = decodeHash(hash);
    expect([opened.view, opened.lang, opened.embed, opened.config]).toEqual([
      asked.view,
      asked.lang,
      false,
      asked.config,
    ]);
    expect(app.errors).toEqual([]);
  });
}

test('the Playground embedded with hide= hides exactly those controls', async ({ app, baseURL }) => {
  const appOrigin = new URL(baseURL!).origin;
  const src = `${appOrigin}/#v=1&view=playground&px=16&b=2&hide=lr,opt&embed=1`;
  const frame = await openHost(app.page, '/playground', iframe(src), appOrigin);
  await expect(frame.locator('[data-field="batchSize"]')).toBeVisible();
  await expect(frame.locator('[data-field="learningRate"], [data-field="optimizer"]')).toHaveCount(0);
  await expect(frame.locator('.app-header')).toHaveCount(0);
  const scroll = await frameScroll(frame);
  expect(scroll.scrollWidth).toBeLessThanOrEqual(scroll.clientWidth);
  const opened = decodeHash(new URL((await frame.getByTestId('embed-open-full').getAttribute('href'))!).hash);
  expect([opened.view, [...opened.hide].sort(), opened.embed, opened.config.batchSize]).toEqual([
    'playground',
    ['lr', 'opt'],
    false,
    2,
  ]);
  await expect
    .poll(() => frameApi(frame, (a) => a.status().status), { timeout: 120_000 })
    .not.toBe('booting');
  expect(app.errors).toEqual([]);
});

test('lesson 1, embedded with its own "Copy embed code", runs to its result card inside the frame', async ({
  app,
  baseURL,
  context,
}) => {
  const appOrigin = new URL(baseURL!).origin;
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: appOrigin });
  await app.open('#v=1&view=bytes');
  await app.page.getByTestId('copy-embed').click();
  await expect(app.page.getByTestId('copy-status')).toBeVisible();
  const snippet = await app.page.evaluate(() => navigator.clipboard.readText());
  expect(snippet).toMatch(
    /^<iframe src="[^"<>]+" title="BatchLab: [^"<>]+" width="700" height="500"[^<>]*><\/iframe>$/,
  );

  const frame = await openHost(app.page, '/lesson-1', snippet, appOrigin);
  await expect(frame.getByTestId('lesson-bytes')).toBeVisible();
  await expect
    .poll(() => frameApi(frame, (a) => a.backend()?.backend ?? null), { timeout: 120_000 })
    .toBe('webgpu');
  await frame.getByTestId('lesson-run').click();
  await expect(frame.getByTestId('result-card')).toBeVisible({ timeout: 240_000 });
  await expect(frame.getByTestId('lesson-progress')).toHaveAttribute('data-phase', 'done', {
    timeout: 120_000,
  });
  const scroll = await frameScroll(frame);
  expect(scroll.scrollWidth).toBeLessThanOrEqual(scroll.clientWidth);
  // The hash the frame writes back keeps embed=1: a reload of the frame stays compact.
  expect(decodeHash(new URL(frame.url()).hash).embed).toBe(true);
  await expect(frame.locator('.app-header')).toHaveCount(0);

  // The new tab opens the full app (header and tabs) on lesson 1.
  const [popup] = await Promise.all([
    app.page.context().waitForEvent('page'),
    frame.getByTestId('embed-open-full').click(),
  ]);
  await popup.waitForLoadState('load');
  expect(decodeHash(new URL(popup.url()).hash).view).toBe('bytes');
  expect(new URL(popup.url()).hash).not.toContain('embed');
  await expect(popup.getByTestId('view-bytes')).toHaveAttribute('aria-current', 'page');
  expect(await popup.evaluate(() => window.opener)).toBeNull();
  await popup.close();
  expect(app.errors).toEqual([]);
});
