import { describe, expect, it } from 'vitest';
import { pendingPoint, type SweepPoint } from '../../config/sweepPoint';
import { sweepResult } from './sweepResult';

const point = (value: number, samplesPerSec: number, peak: number | null, estimate: number): SweepPoint => ({
  ...pendingPoint(value),
  status: 'done',
  estimate: {
    parameter: 0,
    gradient: 0,
    optimizer: 0,
    batch: 0,
    activation: estimate,
    transient: 0,
    totalBytes: estimate,
  },
  measured: {
    timedSteps: 6,
    firstTimedStep: 2,
    lastTimedStep: 7,
    stable: true,
    samplesPerSec,
    samplesPerSecLow: samplesPerSec,
    samplesPerSecHigh: samplesPerSec,
    samplesPerSecBlocks: 2,
    stepMs: 100,
    dataWaitMs: 0,
    uploadMs: 0,
    computeMs: 100,
    firstStepMs: 1000,
    gpuPeakBytes: peak,
    gpuPoolBytes: peak,
    gpuBytesInUse: 10,
    bytesToGpuPerSample: 4,
  },
});

describe('sweepResult', () => {
  it('compares the last measured point with the first, and names the most efficient', () => {
    const points = [
      point(1, 10, 2 ** 20, 2 ** 20 * 0.9),
      point(2, 18, 2 ** 21, 2 ** 21),
      point(8, 31, 5.2 * 2 ** 20, 5.2 * 2 ** 20 * 1.1),
      { ...pendingPoint(16), status: 'refused' as const, reason: 'does not fit' },
    ];
    const r = sweepResult('batchSize', points)!;
    expect(r.firstLabel).toBe('batch 1');
    expect(r.lastLabel).toBe('batch 8');
    // Every interval is a single value here (low = high), and 31 is the most.
    expect(r.best.label).toBe('batch 8');
    expect(r.best.figure.value).toBe(31);
    expect(r.tiedWithBest).toEqual([]);
    expect(r.peakRatio).toBeCloseTo(5.2, 10);
    // per MiB: 10, 9, 31/5.2 ≈ 5.96
    expect(r.bestPerMiB).toEqual({ label: 'batch 1', value: 10 });
    expect(r.estimateOverPeak!.low).toBeCloseTo(0.9, 10);
    expect(r.estimateOverPeak!.high).toBeCloseTo(1.1, 10);
    expect(r.skipped).toEqual([{ label: 'batch 16', status: 'refused', reason: 'does not fit' }]);
  });

  it('names the fastest point, not the last, and the points its interval overlaps', () => {
    const spread = (p: SweepPoint, low: number, high: number, blocks = 3): SweepPoint => ({
      ...p,
      measured: {
        ...p.measured!,
        samplesPerSecLow: low,
        samplesPerSecHigh: high,
        samplesPerSecBlocks: blocks,
      },
    });
    // The issue's zig-zag: batch 2 fastest (14.3), batch 8 last; 4 and 8 overlap batch 2's 12.9–15.1.
    const points = [
      spread(point(1, 9.7, 100, 100), 9.1, 10.2),
      spread(point(2, 14.3, 200, 200), 12.9, 15.1),
      spread(point(4, 12.1, 400, 400), 10.5, 13.0),
      spread(point(8, 13.5, 800, 800), 11.0, 14.0),
      spread(point(16, 11.8, 1600, 1600), 11.8, 11.8, 1),
    ];
    const r = sweepResult('batchSize', points)!;
    expect(r.best.label).toBe('batch 2');
    expect(r.best.figure).toEqual({ value: 14.3, low: 12.9, high: 15.1, blocks: 3 });
    expect(r.tiedWithBest).toEqual(['batch 4', 'batch 8']);
    // 1 vs 2 do not overlap (10.2 < 12.9); 4 and 8 overlap each other (pairs with the best are left out).
    expect(r.sameAsNext).toEqual([['batch 4', 'batch 8']]);
    expect(r.noSpread).toEqual(['batch 16']);
    expect(r.aheadOfAll).toBe(false);
    // Without the overlapping and the unspread points, batch 2 is ahead of all beyond noise.
    expect(sweepResult('batchSize', points.slice(0, 2))!.aheadOfAll).toBe(true);
    expect(r.peakRatio).toBe(16);
  });

  it('needs two measured points; a backend without a peak gives no peak ratio, never 0', () => {
    expect(sweepResult('batchSize', [point(1, 10, 100, 100)])).toBeNull();
    const r = sweepResult('imageSizePx', [point(16, 10, null, 100), point(32, 5, null, 400)])!;
    expect(r.peakRatio).toBeNull();
    expect(r.bestPerMiB).toBeNull();
    expect(r.lastLabel).toBe('32 px');
    expect(r.pixelRatio).toBe(4);
    expect(sweepResult('batchSize', [point(1, 10, 100, 100), point(2, 10, 200, 100)])!.pixelRatio).toBeNull();
  });
});
