/** The comparison's forced ratio (test build only): read only from a test page's search, scaled exactly. */
import { describe, expect, it } from 'vitest';
import { forcedTimeFactor, parseForcedRatio } from './forcedRatio';
import { roundRatios } from './pairedTiming';

describe('parseForcedRatio', () => {
  it('reads a positive ratio only with testHooks=1', () => {
    expect(parseForcedRatio('?testHooks=1&forceCompareRatio=0.8')).toBe(0.8);
    expect(parseForcedRatio('?forceCompareRatio=0.8')).toBeNull();
    for (const bad of ['0', '-1', 'x', ''])
      expect(parseForcedRatio(`?testHooks=1&forceCompareRatio=${bad}`), bad).toBeNull();
  });
});

describe('forcedTimeFactor', () => {
  it('scales B’s block so that its round’s ratio becomes the forced one', () => {
    const a = { steps: 3, batchSize: 2, timedMs: 300 };
    const b = { steps: 3, batchSize: 2, timedMs: 240 };
    const factor = forcedTimeFactor(a, b, 0.8);
    expect(roundRatios([a, { ...b, timedMs: b.timedMs * factor }])[1]).toBeCloseTo(0.8, 12);
  });
});
