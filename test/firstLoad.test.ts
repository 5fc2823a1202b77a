// What a lesson link loads, read from the plain build's files in dist/ (bytes, never time; `npm run check`
// builds before the unit tests run): the JavaScript fetched before the Run button works stays within its
// gzip budget, TensorFlow.js is in one chunk of the app, the photos generator is not preloaded, and the
// page carries its link preview (og: and twitter: tags, and the image they name).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const DIST = fileURLToPath(new URL('../dist', import.meta.url));
const ASSETS = join(DIST, 'assets');

/** A lesson link's JavaScript before Run is usable, gzip -9, at most (issue budget). */
const FIRST_LOAD_BUDGET_GZIP_BYTES = 450_000;

/** A string each TensorFlow.js package holds once (a flag or a message of its own), to find its copies. */
const TFJS_MARKERS = {
  'tfjs-core': 'TENSORLIKE_CHECK_SHAPE_CONSISTENCY',
  'tfjs-backend-webgpu': 'WEBGPU_DEFERRED_SUBMIT_BATCH_SIZE',
  'tfjs-backend-webgl': 'WEBGL_CPU_FORWARD',
  'tfjs-backend-cpu': 'tfjs-node',
} as const;

const html = () => readFileSync(join(DIST, 'index.html'), 'utf8');
const asset = (name: string) => readFileSync(join(ASSETS, name), 'utf8');
const gzipBytes = (name: string) => gzipSync(readFileSync(join(ASSETS, name)), { level: 9 }).length;
const matches = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[1]!);

/** Chunks a chunk imports statically (`import … from"./x.js"`, `import"./x.js"`, `export … from"./x.js"`). */
const staticImports = (text: string) =>
  matches(text, /(?:\bimport|\bexport)\s*(?:[\w$*{},\s]*?\bfrom\s*)?["'`]\.\/([\w.-]+\.js)["'`]/g);
/** Chunks a chunk imports when some code path asks (`import("./x.js")`). */
const dynamicImports = (text: string) => matches(text, /\bimport\(\s*["'`]\.\/([\w.-]+\.js)["'`]\s*\)/g);
/** Worker scripts a chunk starts (`new Worker(new URL(new URL("x.js", import.meta.url)…`). */
const workerScripts = (text: string) =>
  matches(text, /new Worker\(\s*new URL\(\s*new URL\(\s*["'`]([\w.-]+\.js)["'`]\s*,\s*import\.meta\.url/g);

/** `roots` and every chunk their static imports reach. */
function staticClosure(roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const next of staticImports(asset(name))) visit(next);
  };
  roots.forEach(visit);
  return seen;
}

/** Every chunk the app can ever load from index.html: static, dynamic and worker edges alike. */
function appChunks(): Set<string> {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const text = asset(name);
    for (const next of [...staticImports(text), ...dynamicImports(text), ...workerScripts(text)]) visit(next);
  };
  entryScripts().forEach(visit);
  return seen;
}

/** index.html's module scripts and module preloads, as asset names. */
const entryScripts = () => matches(html(), /<script type="module"[^>]*\ssrc="\.\/assets\/([\w.-]+\.js)"/g);
const preloads = () => matches(html(), /<link rel="modulepreload"[^>]*\shref="\.\/assets\/([\w.-]+\.js)"/g);

/**
 * What a lesson link fetches before Run works: index.html's script, its preloads and static imports; the
 * training worker the page starts at boot (the engine worker, its `training` role and their static imports).
 */
function firstLoadChunks(): string[] {
  const page = staticClosure([...entryScripts(), ...preloads()]);
  const engine = [...page]
    .flatMap((name) => workerScripts(asset(name)))
    .filter((n) => /^engineWorker-/.test(n));
  expect(new Set(engine).size, 'one engine worker script').toBe(1);
  const roles = dynamicImports(asset(engine[0]!));
  const training = roles.filter((name) => /^trainingWorker-/.test(name));
  expect(training, 'the training role').toHaveLength(1);
  return [...new Set([...page, ...staticClosure([engine[0]!, training[0]!])])].sort();
}

describe('the first load of a lesson link (dist/)', () => {
  it('reads the build: index.html has its script and the edges are found', () => {
    expect(
      readdirSync(ASSETS).some((n) => n.endsWith('.js')),
      'no dist/assets: run `npm run build`',
    ).toBe(true);
    expect(entryScripts()).toHaveLength(1);
    expect(staticImports('import{a as b}from"./x-1.js";import"./y.js";export{c}from"./z.js"')).toEqual([
      'x-1.js',
      'y.js',
      'z.js',
    ]);
    expect(dynamicImports('await import(`./w-2.js`)')).toEqual(['w-2.js']);
    expect(staticImports('await import(`./w-2.js`)')).toEqual([]);
  });

  it(`fetches at most ${FIRST_LOAD_BUDGET_GZIP_BYTES} bytes of JavaScript (gzip -9) before Run works`, () => {
    const chunks = firstLoadChunks();
    const sizes = Object.fromEntries(chunks.map((name) => [name, gzipBytes(name)]));
    const total = Object.values(sizes).reduce((a, b) => a + b, 0);
    expect(total, JSON.stringify(sizes)).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_GZIP_BYTES);
    // The fallback backends are not part of it.
    expect(chunks.filter((name) => name.includes('tfjs')).map((n) => n.replace(/-[\w-]+\.js$/, ''))).toEqual([
      'tfjs',
    ]);
  });

  it('holds each TensorFlow.js package in exactly one chunk of the app, workers included', () => {
    const chunks = [...appChunks()];
    expect(chunks.length).toBeGreaterThan(5);
    for (const [pkg, marker] of Object.entries(TFJS_MARKERS)) {
      expect(
        chunks.filter((name) => asset(name).includes(marker)),
        pkg,
      ).toHaveLength(1);
    }
  });

  it('preloads nothing a lesson does not use: the photos generator loads when the photos dataset is picked', () => {
    const page = staticClosure([...entryScripts(), ...preloads()]);
    const photoSet = [...appChunks()].filter((name) => /^photoSet-/.test(name));
    expect(photoSet).toHaveLength(1);
    expect(page.has(photoSet[0]!)).toBe(false);
    expect(html()).not.toContain('photoSet');
  });
});

describe('the link preview (dist/index.html)', () => {
  /** The `content` of `<meta property|name="key">`, or null. */
  const meta = (key: string) =>
    new RegExp(`<meta\\s+(?:property|name)="${key}"\\s+content="([^"]*)"`).exec(html())?.[1] ?? null;

  it('has og:title, og:description, og:image and twitter:card', () => {
    for (const key of ['og:title', 'og:description', 'og:image', 'og:image:alt', 'twitter:card']) {
      expect(meta(key)?.length ?? 0, key).toBeGreaterThan(0);
    }
    expect(meta('twitter:card')).toBe('summary_large_image');
  });

  it('points og:image at a PNG shipped beside index.html, of the size the tags declare, and small', () => {
    const image = meta('og:image')!;
    expect(image).toMatch(/^\.\/[\w-]+\.png$/);
    const png = readFileSync(join(DIST, image));
    // The PNG signature, then the IHDR chunk: width and height, big-endian, at bytes 16 and 20.
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
    const size = [png.readUInt32BE(16), png.readUInt32BE(20)];
    expect(size).toEqual([1200, 630]);
    expect(size).toEqual([Number(meta('og:image:width')), Number(meta('og:image:height'))]);
    expect(png.length).toBeLessThan(200_000);
  });
});
