import { describe, expect, it } from 'vitest';
import { compareEstimate, estimateWithinTolerance, GROUP_CATEGORY } from './estimateVsMeasured';
import { estimateTrainingMemory, type MemoryGroup } from './memoryEstimate';
import { MEMORY_CATEGORIES, zeroCategoryBytes } from './stepProfile';
import { DEFAULT_CONFIG } from './trainConfig';

describe('compareEstimate', () => {
  const e = estimateTrainingMemory(DEFAULT_CONFIG);

  it('pairs each of the six estimate groups with one measured category, each category once', () => {
    const categories = Object.values(GROUP_CATEGORY);
    expect(new Set(categories).size).toBe(6);
    expect([...categories].sort()).toEqual([...MEMORY_CATEGORIES].sort());
  });

  it("puts each group's bytes beside its category's and divides them", () => {
    const atPeak = {
      ...zeroCategoryBytes(),
      parameters: e.parameterBytes / 2,
      activations: e.activationBytes,
    };
    const c = compareEstimate(e, { atPeak, peakBytes: e.totalBytes * 2, poolBytes: e.totalBytes * 4 });
    const byGroup = (g: MemoryGroup) => c.groups.find((x) => x.group === g)!;
    expect(byGroup('parameter')).toMatchObject({ estimateBytes: e.parameterBytes, ratio: 2 });
    expect(byGroup('activation')).toMatchObject({ measuredBytes: e.activationBytes, ratio: 1 });
    expect(byGroup('gradient').ratio).toBeNull(); // measured 0: no ratio rather than Infinity
    expect(c.groups.reduce((s, g) => s + g.estimateBytes, 0)).toBe(e.totalBytes);
    expect(c.estimateOverPeak).toBe(0.5);
    expect(c.estimateOverPool).toBe(0.25);
  });

  it('has no ratios without measurements', () => {
    const c = compareEstimate(e, { atPeak: null, peakBytes: null, poolBytes: null });
    expect(c.groups.every((g) => g.measuredBytes === null && g.ratio === null)).toBe(true);
    expect([c.estimateOverPeak, c.estimateOverPool]).toEqual([null, null]);
  });

  it('holds the goal: within ±15 % of the measured peak', () => {
    expect([0.84, 0.85, 1, 1.15, 1.16].map(estimateWithinTolerance)).toEqual([
      false,
      true,
      true,
      true,
      false,
    ]);
  });
});
