import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from './trainConfig';
import { estimateTrainingMemory, MEMORY_GROUPS } from './memoryEstimate';
import { timingRuleFor, timingVerdict } from './stableTiming';
import {
  estimateByGroup,
  estimateOverPeak,
  measurePoint,
  pendingPoint,
  samplesPerSecFigure,
  samplesPerSecPerMiB,
} from './sweepPoint';
import type { TelemetryRow } from './telemetry';

/** A row whose figures are chosen by hand: step 1 compiles (1000 ms), later steps 40 or 60 ms. */
function row(step: number, over: Partial<TelemetryRow> = {}): TelemetryRow {
  const stepMs = step === 1 ? 1000 : step % 2 ? 60 : 40;
  return {
    step,
    timeMs: step * 100,
    loss: 1,
    dataWaitMs: stepMs / 4,
    uploadMs: 0,
    computeMs: (3 * stepMs) / 4,
    batchBuildMs: 1,
    stepMs,
    batchSize: 4,
    samplesPerSec: 4000 / stepMs,
    kernelsPerStep: 100,
    uploadedImageBytes: 4 * 16 * 16 * 3,
    uploadedMaskBytes: 4 * 16 * 16,
    hostBatchBytes: 0,
    gpuImageBytes: 0,
    hostBytesInFlight: 0,
    numTensors: 30,
    gpuBytesInUse: 1000,
    gpuPeakBytes: step === 1 ? 9_999_999 : 5000 + step,
    gpuBytesAllocated: 20_000 + step,
    ...over,
  };
}

const rule = timingRuleFor({ workers: 1, prefetch: 2 }, { blockSteps: 2, maxSteps: 9 });

describe('measurePoint', () => {
  it('reads only the timed steps: no compile step, no prefetched batch', () => {
    const rows = Array.from({ length: 9 }, (_, i) => row(i + 1));
    const verdict = timingVerdict(rows, rule);
    expect(verdict.firstTimedStep).toBe(4); // 1 warm-up + 1 × 2 prefetched
    const m = measurePoint(rows, verdict)!;
    // Steps 4..9: 40, 60, 40, 60, 40, 60 ms → 300 ms for 24 samples.
    expect(m.timedSteps).toBe(6);
    expect(m.samplesPerSec).toBeCloseTo(80, 10);
    expect(m.stepMs).toBe(50);
    expect(m.dataWaitMs).toBe(12.5);
    expect(m.computeMs).toBe(37.5);
    expect(m.firstStepMs).toBe(1000);
    // The compile step's peak (9,999,999) is not a timed step's.
    expect(m.gpuPeakBytes).toBe(5009);
    expect(m.gpuPoolBytes).toBe(20_009);
    expect(m.gpuBytesInUse).toBe(1000);
    expect(m.bytesToGpuPerSample).toBe(16 * 16 * 3 + 16 * 16);
    expect(samplesPerSecPerMiB(m)).toBeCloseTo(80 / (5009 / 2 ** 20), 6);
  });

  it("carries its samples/s interval: the min–max of its blocks' samples/s", () => {
    // Timed steps 4..9 (rule above) at these ms, 4 samples each; blocks of 2 steps:
    // (40 + 60) → 8 / 0.1 s = 80; (20 + 30) → 160; (50 + 50) → 80. Overall 24 / 0.25 s = 96.
    const ms = [1000, 40, 60, 40, 60, 20, 30, 50, 50];
    const rows = ms.map((stepMs, i) => row(i + 1, { stepMs }));
    const m = measurePoint(rows, timingVerdict(rows, rule), 2)!;
    expect(m.samplesPerSec).toBeCloseTo(96, 10);
    expect(m.samplesPerSecLow).toBeCloseTo(80, 10);
    expect(m.samplesPerSecHigh).toBeCloseTo(160, 10);
    expect(m.samplesPerSecBlocks).toBe(3);
    expect(samplesPerSecFigure(m)).toEqual({
      value: m.samplesPerSec,
      low: m.samplesPerSecLow,
      high: m.samplesPerSecHigh,
      blocks: 3,
    });
    // Blocks of 3 steps: (40 + 60 + 20) → 12 / 0.12 s = 100; (30 + 50 + 50) → 12 / 0.13 s.
    const by3 = measurePoint(rows, timingVerdict(rows, rule), 3)!;
    expect(by3.samplesPerSecLow).toBeCloseTo(12000 / 130, 10);
    expect(by3.samplesPerSecHigh).toBeCloseTo(100, 10);
    // One block is no spread: the interval is the figure itself.
    const short = measurePoint(rows.slice(0, 5), timingVerdict(rows.slice(0, 5), rule), 2)!;
    expect(short.samplesPerSecBlocks).toBe(1);
    expect([short.samplesPerSecLow, short.samplesPerSecHigh]).toEqual([
      short.samplesPerSec,
      short.samplesPerSec,
    ]);
  });

  it('says nothing before a timed step, and null peaks stay null (never 0)', () => {
    const warm = [row(1), row(2)];
    expect(measurePoint(warm, timingVerdict(warm, rule))).toBeNull();
    const cpuRows = Array.from({ length: 9 }, (_, i) =>
      row(i + 1, { gpuPeakBytes: null, gpuBytesAllocated: null, gpuBytesInUse: null }),
    );
    const m = measurePoint(cpuRows, timingVerdict(cpuRows, rule))!;
    expect(m.gpuPeakBytes).toBeNull();
    expect(samplesPerSecPerMiB(m)).toBeNull();
  });

  it('keeps the estimate by group, which sums to its total, and its ratio to the peak', () => {
    const estimate = estimateTrainingMemory(DEFAULT_CONFIG);
    const groups = estimateByGroup(estimate);
    expect(MEMORY_GROUPS.reduce((sum, g) => sum + groups[g], 0)).toBe(groups.totalBytes);
    const rows = Array.from({ length: 9 }, (_, i) => row(i + 1));
    const point = {
      ...pendingPoint(4),
      estimate: groups,
      measured: measurePoint(rows, timingVerdict(rows, rule)),
    };
    expect(estimateOverPeak(point)).toBeCloseTo(groups.totalBytes / 5009, 10);
    expect(estimateOverPeak(pendingPoint(4))).toBeNull();
  });
});
