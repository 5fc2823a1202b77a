import { describe, expect, it } from 'vitest';
import { renderSample } from './syntheticDataset';
import type { DatasetSpec } from './syntheticDataset';

/** FNV-1a over bytes: a cheap fingerprint for golden values. */
function fnv1a(bytes: Uint8Array): number {
  let h = 0x811c9dc5;
  for (const v of bytes) h = Math.imul(h ^ v, 0x01000193);
  return h >>> 0;
}

const RGB4: DatasetSpec = { seed: 42, sizePx: 32, channels: 3, numClasses: 4 };

describe('renderSample', () => {
  it('has the documented sizes', () => {
    const s = renderSample(RGB4, 0);
    expect(s.image.length).toBe(32 * 32 * 3);
    expect(s.mask.length).toBe(32 * 32);
    const g = renderSample({ ...RGB4, channels: 1, sizePx: 16 }, 0);
    expect(g.image.length).toBe(16 * 16);
  });

  it('is deterministic per (seed, sampleId) and pinned across machines', () => {
    const a = renderSample(RGB4, 5);
    const b = renderSample(RGB4, 5);
    expect(a.image).toEqual(b.image);
    expect(a.mask).toEqual(b.mask);
    const s0 = renderSample(RGB4, 0);
    expect(fnv1a(s0.image).toString(16)).toBe('67743819');
    expect(fnv1a(s0.mask).toString(16)).toBe('89496992');
  });

  it('differs between seeds and between samples', () => {
    const a = renderSample(RGB4, 0);
    expect(renderSample({ ...RGB4, seed: 43 }, 0).image).not.toEqual(a.image);
    expect(renderSample(RGB4, 1).image).not.toEqual(a.image);
    expect(renderSample(RGB4, 1).mask).not.toEqual(a.mask);
  });

  it('keeps mask classes in range and shows every foreground class across a few samples', () => {
    for (const numClasses of [2, 4, 6]) {
      const seen = new Set<number>();
      for (let id = 0; id < 6; id++) {
        const { mask } = renderSample({ ...RGB4, numClasses, sizePx: 48 }, id);
        expect(Math.max(...mask)).toBeLessThan(numClasses);
        for (const c of mask) seen.add(c);
      }
      expect([...seen].sort()).toEqual(Array.from({ length: numClasses }, (_, i) => i));
    }
  });

  it('covers a sensible share of pixels with foreground', () => {
    let fg = 0;
    let total = 0;
    for (let id = 0; id < 16; id++) {
      const { mask } = renderSample({ ...RGB4, sizePx: 64 }, id);
      fg += mask.filter((c) => c > 0).length;
      total += mask.length;
    }
    expect(fg / total).toBeGreaterThan(0.08);
    expect(fg / total).toBeLessThan(0.6);
  });

  it('gives classes distinct mean intensities (learnable) with overlapping ranges (not trivial)', () => {
    const spec: DatasetSpec = { seed: 1, sizePx: 64, channels: 1, numClasses: 4 };
    const values: number[][] = [[], [], [], []];
    for (let id = 0; id < 24; id++) {
      const { image, mask } = renderSample(spec, id);
      mask.forEach((c, i) => values[c]!.push(image[i]!));
    }
    const means = values.map((v) => v.reduce((a, b) => a + b, 0) / v.length);
    for (let a = 0; a < 4; a++) {
      for (let b = a + 1; b < 4; b++) expect(Math.abs(means[a]! - means[b]!)).toBeGreaterThan(20);
    }
    // Background reaches into the range of class 2 (dark squares) and class 1 (bright discs).
    const bg = values[0]!;
    expect(Math.min(...bg)).toBeLessThan(Math.max(...values[2]!));
    expect(Math.max(...bg)).toBeGreaterThan(Math.min(...values[1]!));
  });

  it('rejects specs outside the config limits', () => {
    expect(() => renderSample({ ...RGB4, sizePx: 8 }, 0)).toThrow();
    expect(() => renderSample({ ...RGB4, sizePx: 1032 }, 0)).toThrow();
    expect(() => renderSample({ ...RGB4, numClasses: 7 }, 0)).toThrow();
    expect(() => renderSample({ ...RGB4, numClasses: 1 }, 0)).toThrow();
  });
});
