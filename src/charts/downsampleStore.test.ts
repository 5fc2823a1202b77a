import { describe, expect, it } from 'vitest';
import { createDownsampleStore } from './downsampleStore';

/** Pushes steps 1…n with series 0 = step·10 and series 1 = a value that is null on odd steps. */
function filled(n: number, capacity: number) {
  const store = createDownsampleStore(2, capacity);
  for (let step = 1; step <= n; step++) store.push(step, [step * 10, step % 2 === 0 ? step : null]);
  return store;
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

describe('createDownsampleStore', () => {
  it('keeps raw points until the buckets are full', () => {
    const store = filled(9, 8);
    expect(store.length).toBe(9);
    expect(store.stride).toBe(1);
    expect(store.xs).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(store.ys[0]).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90]);
    expect(store.ys[1]).toEqual([null, 2, null, 4, null, 6, null, 8, null]);
    expect(store.counts.every((c) => c === 1)).toBe(true);
  });

  it('never holds more than bucketCapacity + 1 points, however long the run', () => {
    const store = createDownsampleStore(1, 16);
    let most = 0;
    for (let step = 1; step <= 10_000; step++) {
      store.push(step, [step]);
      most = Math.max(most, store.length);
    }
    expect(most).toBe(17);
    expect(store.length).toBeGreaterThan(8);
    expect(store.pushed).toBe(10_000);
    // 10,000 samples in ≤ 16 buckets: the stride is the smallest power of two that fits.
    expect(store.stride).toBe(1024);
  });

  it('halves the resolution by merging pairs when one more bucket is needed', () => {
    const store = filled(10, 8);
    // Point 0 pinned (step 1); buckets 2+3, 4+5, 6+7, 8+9 merged; step 10 opens a partial bucket.
    expect(store.stride).toBe(2);
    expect(store.xs).toEqual([1, 3, 5, 7, 9, 10]);
    expect(store.counts).toEqual([1, 2, 2, 2, 2, 1]);
    expect(store.ys[0]).toEqual([10, 25, 45, 65, 85, 100]);
    // null contributes nothing: each pair holds one even step.
    expect(store.ys[1]).toEqual([null, 2, 4, 6, 8, 10]);
  });

  it('fills the partial bucket before opening a new one', () => {
    const store = filled(11, 8);
    expect(store.xs).toEqual([1, 3, 5, 7, 9, 11]);
    expect(store.counts).toEqual([1, 2, 2, 2, 2, 2]);
    expect(store.ys[0]?.at(-1)).toBe(105);
  });

  it('keeps points in order and keeps the first and the last step', () => {
    for (const n of [1, 2, 9, 10, 17, 100, 1_000, 4_097]) {
      const store = filled(n, 8);
      expect(store.xs[0]).toBe(1);
      expect(store.xs.at(-1)).toBe(n);
      expect(store.ys[0]?.[0]).toBe(10);
      for (let i = 1; i < store.length; i++) expect(store.xs[i]).toBeGreaterThan(store.xs[i - 1]!);
    }
  });

  it('conserves Σ value·count and the sample count under the mean rule', () => {
    for (const n of [10, 33, 257, 5_000]) {
      const store = filled(n, 8);
      expect(sum(store.counts)).toBe(n);
      const weighted = store.ys[0]!.map((v, i) => (v ?? 0) * store.counts[i]!);
      expect(sum(weighted)).toBeCloseTo((10 * n * (n + 1)) / 2, 6);
      // Every full bucket holds `stride` samples; only the newest may hold fewer.
      const buckets = store.counts.slice(1);
      expect(buckets.slice(0, -1).every((c) => c === store.stride)).toBe(true);
      expect(buckets.at(-1)).toBeLessThanOrEqual(store.stride);
    }
  });

  it('ignores an x that does not move forward, and starts over after clear', () => {
    const store = filled(4, 8);
    store.push(4, [999, 999]);
    store.push(2, [999, 999]);
    store.push(Number.NaN, [999, 999]);
    expect(store.xs).toEqual([1, 2, 3, 4]);
    expect(store.pushed).toBe(4);
    store.clear();
    expect(store.length).toBe(0);
    expect(store.xs.at(-1)).toBeUndefined();
    expect(store.ys[0]).toEqual([]);
    store.push(1, [5, null]);
    expect(store.xs).toEqual([1]);
    expect(store.stride).toBe(1);
  });

  it('rejects an odd or tiny capacity', () => {
    expect(() => createDownsampleStore(1, 7)).toThrow(RangeError);
    expect(() => createDownsampleStore(1, 0)).toThrow(RangeError);
  });
});
