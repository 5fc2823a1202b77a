import { describe, expect, it } from 'vitest';
import { highestBarEnd, intervalColumns } from './errorBars';

describe('error bar columns', () => {
  it('one low and one high per x; no bar without a spread or with ends not finite or out of order', () => {
    const { low, high } = intervalColumns([
      { low: 12.9, high: 15.1, blocks: 3 },
      null,
      { low: 11.8, high: 11.8, blocks: 1 },
      { low: 10.5, high: 13, blocks: 2 },
      { low: Number.NaN, high: 4, blocks: 4 },
      { low: 5, high: 4, blocks: 4 },
    ]);
    expect(low).toEqual([12.9, null, null, 10.5, null, null]);
    expect(high).toEqual([15.1, null, null, 13, null, null]);
  });

  it("the highest end on a scale reads only that scale's series", () => {
    const bars = [
      { series: 0, low: [1, null, 2], high: [3, null, 9] },
      { series: 1, low: [50], high: [80] },
    ];
    const scaleOf = (s: number) => ['rate', 'ms'][s];
    expect(highestBarEnd(bars, scaleOf, 'rate')).toBe(9);
    expect(highestBarEnd(bars, scaleOf, 'ms')).toBe(80);
    expect(highestBarEnd(bars, scaleOf, 'bytes')).toBeNull();
  });
});
