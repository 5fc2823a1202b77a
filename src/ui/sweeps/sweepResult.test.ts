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
    expect(r.speedRatio).toBeCloseTo(3.1, 10);
    expect(r.peakRatio).toBeCloseTo(5.2, 10);
    // per MiB: 10, 9, 31/5.2 ≈ 5.96
    expect(r.bestPerMiB).toEqual({ label: 'batch 1', value: 10 });
    expect(r.estimateOverPeak!.low).toBeCloseTo(0.9, 10);
    expect(r.estimateOverPeak!.high).toBeCloseTo(1.1, 10);
    expect(r.skipped).toEqual([{ label: 'batch 16', status: 'refused', reason: 'does not fit' }]);
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
