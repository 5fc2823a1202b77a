/**
 * The page in Simplified Chinese: a `lang=zh` link opens every lesson and the Playground without a string of
 * the English dictionary on screen (the strings to look for are computed from the dictionary, names and
 * symbols both languages share left out), with `<html lang="zh-CN">`, no horizontal scroll at 390 px, and
 * no serious or critical axe finding; a run started in Chinese survives the header's switch to English
 * (same history, steps still rising); the link carries `lang=zh` through Copy link and the hash; a hostile
 * `lang` opens in English with a problem on the banner. Single Latin words are counted too: on every view,
 * at rest and after a run, at most 3 outside the names the glossary keeps (src/i18n/GLOSSARY.md), and none
 * in a menu's options.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { decodeHash } from '../src/config/urlCodec';
import { VIEW_IDS } from '../src/config/views';
import { flatten } from '../test/fixtures/checkDictionary';
import { en } from '../src/i18n/en';
import { zhCN } from '../src/i18n/zh-CN';
import { expect, test } from './fixtures';

const TINY = 'v=1&px=16&b=2&d=2&w=4&val=100&steps=400';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/**
 * English phrases that must not appear on a Chinese page: every literal run of a dictionary template (text
 * between placeholders) that holds at least two English words, unless the Chinese dictionary uses the same
 * run (names such as "DataParallel, loss inside forward" never do; "train.py" or "U-Net" are single tokens
 * and never qualify).
 */
function englishPhrases(): string[] {
  const zhText = [...flatten(zhCN).values()].join('\n');
  const phrases = new Set<string>();
  for (const text of flatten(en).values()) {
    for (const run of text.split(/\{\w+\}/)) {
      const phrase = run.trim().replace(/^[^A-Za-z]+|[^A-Za-z]+$/g, '');
      if ((phrase.match(/[A-Za-z]{2,}/g) ?? []).length < 2 || !/\s/.test(phrase)) continue;
      if (!zhText.includes(phrase)) phrases.add(phrase);
    }
  }
  return [...phrases];
}

/**
 * Latin words a Chinese page may show: the names the glossary keeps (APIs, dtypes, formats, products), units,
 * the arms' letters and math symbols, the language switch's "English", and the adapter's own words.
 */
const KEPT_LATIN = new Set(
  (
    'WebGPU WebGL TensorFlow.js tfjs PyTorch DataParallel nn.DataParallel DistributedDataParallel DDP DP ' +
    'all-reduce All-reduce U-Net IoU uint8 float16 float32 int32 int64 WGSL tf.tensor Uint8Array num_workers ' +
    'JSON CSV PNG JPEG WebP zip GPU CPU DataLoader BatchSizeFinder torchrun train.py python3 nproc-per-node ' +
    'BatchLab Adam SGD RGB Perfetto logits FLOPs GFLOP B KiB MiB GiB MB GB px MP ms A N H W K x English ' +
    'webgpu webgl cpu google swiftshader'
  ).split(' '),
);

/** The Latin words of `text` outside KEPT_LATIN, each once. */
function latinLeftovers(text: string): string[] {
  const words = (text.match(/[A-Za-z][\w.-]*/g) ?? []).map((w) => w.replace(/[.-]+$/, ''));
  return [...new Set(words.filter((w) => !KEPT_LATIN.has(w)))];
}

/** The page's text and, apart, its menus' options (innerText leaves closed menus out). */
const textAndMenus = (page: Page) =>
  page.evaluate(() => ({
    text: document.body.innerText,
    menus: [...document.querySelectorAll('option')].map((o) => o.textContent ?? '').join('\n'),
  }));

async function expectFewLatinWords(page: Page, view: string) {
  const { text, menus } = await textAndMenus(page);
  expect(latinLeftovers(menus), `${view}: menus`).toEqual([]);
  expect(latinLeftovers(text).length, `${view}: ${latinLeftovers(text).join(' ')}`).toBeLessThanOrEqual(3);
}

async function seriousAxe(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const pageText = (page: Page) => page.evaluate(() => document.body.innerText);
const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

test('lang=zh: every view in Chinese; the switch to English keeps the run; the link keeps the language', async ({
  app,
  context,
}) => {
  test.setTimeout(150_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const phrases = englishPhrases();
  expect(phrases.length).toBeGreaterThan(200); // the check has teeth
  const page = app.page;
  await page.setViewportSize(PHONE);
  await app.open(`#${TINY}&view=bytes&lang=zh`);
  expect(await app.waitForBackend()).toBe('webgpu');
  await expect.poll(() => htmlLang(page)).toBe('zh-CN');
  await expect(page.getByTestId('lang-zh-CN')).toHaveAttribute('aria-pressed', 'true');

  for (const view of VIEW_IDS) {
    await app.view(view);
    await expect.poll(() => app.api((a) => a.view())).toBe(view);
    const text = await pageText(page);
    expect(
      phrases.filter((p) => text.includes(p)),
      view,
    ).toEqual([]);
    await expectFewLatinWords(page, view);
    // No horizontal page scroll on a phone, in Chinese.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), view).toBe(0);
  }
  expect(await seriousAxe(page)).toEqual([]); // the Playground, in Chinese

  // Train a few steps in Chinese, then switch to English from the header.
  await page.setViewportSize(DESKTOP);
  await app.start();
  await app.waitForSteps(2);
  await expectFewLatinWords(page, 'playground, training');
  const before = await app.api((a) => ({ first: a.history()[0], steps: a.history().length }));
  await page.getByTestId('lang-en').click();
  await expect.poll(() => htmlLang(page)).toBe('en-US');
  await expect(page.getByTestId('status')).toContainText(en.app.run.status.running);
  await expect
    .poll(() => app.api((a) => a.history().length), { timeout: 60_000 })
    .toBeGreaterThan(before.steps + 1);
  const after = await app.api((a) => ({ first: a.history()[0], status: a.status().status }));
  expect(after.status).toBe('running');
  expect(after.first).toEqual(before.first); // the same run: its history was never reset
  expect(await seriousAxe(page)).toEqual([]); // the Playground, in English, while training
  await page.getByTestId('stop').click();
  await expect.poll(() => app.api((a) => a.status().status)).toBe('stopped');

  // The language travels in the hash and in Copy link.
  await page.getByTestId('lang-zh-CN').click();
  await expect.poll(() => page.evaluate(() => window.location.hash)).toContain('lang=zh');
  await app.section('links');
  await page.getByTestId('copy-link').first().click();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  const decoded = decodeHash(new URL(link).hash);
  expect(decoded.lang).toBe('zh-CN');
  expect(decoded.problems).toEqual([]);

  // A hostile language opens in English and says so.
  await page.goto(`/#${TINY}&view=bytes&lang=${encodeURIComponent('<b>xx</b>')}`);
  await expect(page.getByTestId('problems-banner')).toBeVisible();
  await expect(page.getByTestId('problems-list')).toContainText('lang');
  await expect(page.getByTestId('problems-list')).toContainText('en|zh');
  await expect.poll(() => htmlLang(page)).toBe('en-US');
  await expect(page.locator('b', { hasText: 'xx' })).toHaveCount(0);
  expect(app.errors).toEqual([]);
});
