import { describe, expect, it } from 'vitest';
import { blockSamplesPerSec, pointFigure, sweepSummary } from './sweepSummary';

const rows = (batchSize: number, stepMs: readonly number[]) =>
  stepMs.map((ms, i) => ({ step: i + 1, stepMs: ms, batchSize }));

describe('a sweep point’s interval from its blocks', () => {
  it('cuts the timed steps into blocks and reads samples/s of each', () => {
    // Step 1 compiles (not timed); steps 2..8 timed; blocks of 3: [2,3,4] and [5,6,7]; step 8 is a partial block.
    const r = rows(8, [5000, 100, 100, 100, 200, 200, 200, 50]);
    expect(blockSamplesPerSec(r, { firstTimedStep: 2, lastTimedStep: 8 }, 3)).toEqual([80, 40]);
    const fig = pointFigure(60, blockSamplesPerSec(r, { firstTimedStep: 2, lastTimedStep: 8 }, 3));
    expect(fig).toEqual({ value: 60, low: 40, high: 80, blocks: 2 });
  });

  it('knows no spread from fewer than 2 blocks', () => {
    expect(pointFigure(12, [12])).toEqual({ value: 12, low: 12, high: 12, blocks: 1 });
  });
});

describe('the sweep card’s summary', () => {
  const fig = (value: number, low: number, high: number) => ({ value, low, high, blocks: 4 });

  it('names the best point by the measure, not the ends', () => {
    // batch 1, 2, 4, 8: batch 2 is fastest (the 14.3 vs 9.7 samples/s).
    const points = [fig(5.7, 5.5, 6), fig(14.3, 13.5, 15), fig(12.8, 12, 13.6), fig(9.7, 9, 10.5)];
    const s = sweepSummary(points)!;
    expect(s.best).toBe(1);
    expect(s.tiedWithBest).toEqual([2]);
    expect(s.sameAsNext).toEqual([1]);
    expect(sweepSummary(points, false)!.best).toBe(0);
  });

  it('says neighbours do not differ when their intervals overlap, and not when they are apart', () => {
    const s = sweepSummary([fig(10, 9, 11), fig(10.5, 10, 12), fig(20, 19, 21)])!;
    expect(s.sameAsNext).toEqual([0]);
    expect(s.tiedWithBest).toEqual([]);
    const noSpread = sweepSummary([{ value: 10, low: 10, high: 10, blocks: 1 }, fig(10, 9, 11)])!;
    expect(noSpread.sameAsNext).toEqual([]);
    expect(noSpread.noSpread).toEqual([0]);
    expect(sweepSummary([])).toBeNull();
  });
});
