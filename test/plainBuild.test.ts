// A plain `npm run build` carries no test code: no window test API, no fault injection, no test-hook
// message, no test-only cap. Those live behind `import.meta.env.VITE_TEST_HOOKS`, true only in the test
// build (`vite build --mode e2e`, into dist-e2e/); this reads the plain build in dist/, which `npm run
// check` makes before the unit tests run.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const DIST = fileURLToPath(new URL('../dist', import.meta.url));

/** What only the test build may contain, each with what it is. */
export const TEST_ONLY_PATTERNS: ReadonlyArray<readonly [RegExp, string]> = [
  [/batchlab.*testHooks/i, 'the fault-injection API (window.batchlabTestHooks)'],
  [/crashLoaderWorker|crashTrainingWorker/, 'a fault-injection hook'],
  [/injectLoaderCrash|crash-next|\(test hook\)/, 'the loader or training-worker crash injection'],
  [/test-hook/, 'the test-hook message to the training worker'],
  [/sweepMaxSteps/, "the sweep's test-only step cap"],
  [/forceCompareRatio/, "the comparison's test-only forced ratio"],
  [/batchlabParallel/, 'the multi-device test API (window.batchlabParallel)'],
  [/defineProperty\(\s*\w+\s*,\s*["'`]batchlab["'`]/, 'the test API (window.batchlab)'],
];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Every pattern found in `text`, as "what (pattern)". */
export function testOnlyCodeIn(text: string): string[] {
  return TEST_ONLY_PATTERNS.filter(([pattern]) => pattern.test(text)).map(
    ([pattern, what]) => `${what} (${pattern.source})`,
  );
}

describe('the plain build (dist/)', () => {
  it('exists: npm run build runs before the unit tests in npm run check', () => {
    expect(existsSync(join(DIST, 'index.html')), 'no dist/index.html: run `npm run build` first').toBe(true);
  });

  it('carries no test API, fault injection, test-hook message or test-only cap', () => {
    const files = filesUnder(DIST).filter((path) => /\.(js|mjs|html|css)$/.test(path));
    expect(files.some((path) => path.endsWith('.js'))).toBe(true);
    const found = files.flatMap((path) =>
      testOnlyCodeIn(readFileSync(path, 'utf8')).map((what) => `${path.slice(DIST.length + 1)}: ${what}`),
    );
    expect(found).toEqual([]);
  });

  it('the patterns catch each hook as the test build writes it', () => {
    // Minified shapes of what src/app/testHooks/ and the guarded branches compile to.
    const samples = [
      'Object.defineProperty(window,`batchlabTestHooks`,{value:Object.freeze(e)})',
      '{crashLoaderWorker:()=>t(`crash-loader`)}',
      '...{injectLoaderCrash(){n||r||a[o(s)]?.post({type:`crash-next`})}}',
      'e.type===`test-hook`',
      'n.get(`sweepMaxSteps`)',
      'n.get(`forceCompareRatio`)',
      'Object.defineProperty(window,`batchlabParallel`,{value:t})',
      'Object.defineProperty(window,`batchlab`,{value:Object.freeze(n),writable:!1})',
    ];
    for (const sample of samples) expect(testOnlyCodeIn(sample), sample).not.toEqual([]);
    expect(testOnlyCodeIn('`batchlab-run`,`batchlab-sweep`,`batchlab-comparison`')).toEqual([]);
  });
});
