/**
 * The A/B summary: medians, the warm-up step left out of timing, byte figures from the last row, ratios
 * B/A (null where a side has no figure), and shared-scale bar widths.
 */
import { describe, expect, it } from 'vitest';
import type { TelemetryRow } from '../config/telemetry';
import {
  barPercents,
  buildCompareSummary,
  median,
  ratioOf,
  timedRows,
  type CompareMetricId,
} from './compareSummary';

function row(step: number, patch: Partial<TelemetryRow> = {}): TelemetryRow {
  return {
    step,
    timeMs: step * 100,
    loss: 1,
    dataWaitMs: 0,
    uploadMs: 0,
    computeMs: 0,
    batchBuildMs: 0,
    stepMs: 100,
    samplesPerSec: 20,
    uploadedImageBytes: 0,
    uploadedMaskBytes: 0,
    hostBatchBytes: 0,
    gpuImageBytes: 0,
    hostBytesInFlight: 0,
    numTensors: 10,
    gpuBytesInUse: 0,
    gpuPeakBytes: 0,
    gpuBytesAllocated: 0,
    ...patch,
  };
}

const metric = (s: ReturnType<typeof buildCompareSummary>, id: CompareMetricId) => {
  const m = s.metrics.find((x) => x.id === id);
  if (!m) throw new Error(`no metric ${id}`);
  return m;
};

describe('median', () => {
  it('takes the middle value, or the mean of the middle two', () => {
    expect(median([])).toBeNull();
    expect(median([7])).toBe(7);
    expect(median([9, 1, 5])).toBe(5);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([1, 1000])).toBe(500.5);
  });

  it('does not reorder its input', () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe('timedRows', () => {
  it('drops the first (compiling) step when there are two or more', () => {
    expect(timedRows([]).length).toBe(0);
    expect(timedRows([row(1)]).map((r) => r.step)).toEqual([1]);
    expect(timedRows([row(1), row(2), row(3)]).map((r) => r.step)).toEqual([2, 3]);
  });
});

describe('ratioOf', () => {
  it('is b / a, and null without both figures or with a zero A', () => {
    expect(ratioOf(2048, 6656)).toBe(3.25);
    expect(ratioOf(1536, 6144)).toBe(4);
    expect(ratioOf(null, 5)).toBeNull();
    expect(ratioOf(5, null)).toBeNull();
    expect(ratioOf(0, 5)).toBeNull();
    expect(ratioOf(Number.NaN, 5)).toBeNull();
  });
});

describe('buildCompareSummary', () => {
  // The e2e comparison: 2 × 16 × 16 × 3 images, uint8 masks. A: uint8 packed; B: float32.
  const n = 2 * 16 * 16 * 3;
  const p = 2 * 16 * 16;
  const bytesA = { uploadedImageBytes: n, uploadedMaskBytes: p, hostBatchBytes: n + p };
  const bytesB = { uploadedImageBytes: 4 * n, uploadedMaskBytes: p, hostBatchBytes: 4 * n + p };
  const rowsA = [
    row(1, { ...bytesA, stepMs: 9000, samplesPerSec: 0.2, loss: 1.4, gpuBytesInUse: 1000 }),
    row(2, { ...bytesA, stepMs: 300, samplesPerSec: 6, loss: 1.3, gpuBytesInUse: 1200 }),
    row(3, { ...bytesA, stepMs: 500, samplesPerSec: 4, loss: 1.2, gpuBytesInUse: 1300 }),
  ];
  const rowsB = [
    row(1, { ...bytesB, stepMs: 12000, samplesPerSec: 0.1, loss: 1.5, gpuBytesInUse: 2000 }),
    row(2, { ...bytesB, stepMs: 600, samplesPerSec: 3, loss: 1.4, gpuBytesInUse: 2600 }),
    row(3, { ...bytesB, stepMs: 1000, samplesPerSec: 2, loss: 0.9, gpuBytesInUse: 3900 }),
  ];
  const s = buildCompareSummary(rowsA, rowsB);

  it('lists every metric once, in a fixed order', () => {
    expect(s.metrics.map((m) => m.id)).toEqual([
      'image-bytes-to-gpu',
      'bytes-to-gpu',
      'host-batch-bytes',
      'step-ms',
      'samples-per-sec',
      'gpu-bytes-in-use',
      'final-loss',
    ]);
    expect(s.stepsA).toBe(3);
    expect(s.stepsB).toBe(3);
    expect(s.timedStepsA).toBe(2);
    expect(s.timedStepsB).toBe(2);
  });

  it('gives uint8 vs float32 image bytes exactly 1:4 and the byte totals per formula', () => {
    expect(metric(s, 'image-bytes-to-gpu')).toMatchObject({ a: 1536, b: 6144, ratio: 4 });
    expect(metric(s, 'bytes-to-gpu')).toMatchObject({ a: 2048, b: 6656, ratio: 3.25 });
    expect(metric(s, 'host-batch-bytes')).toMatchObject({ a: 2048, b: 6656, ratio: 3.25 });
  });

  it('takes timing medians without the first step', () => {
    expect(metric(s, 'step-ms')).toMatchObject({ a: 400, b: 800, ratio: 2 });
    expect(metric(s, 'samples-per-sec')).toMatchObject({ a: 5, b: 2.5, ratio: 0.5 });
  });

  it('takes GPU memory and loss from the last step', () => {
    expect(metric(s, 'gpu-bytes-in-use')).toMatchObject({ a: 1300, b: 3900, ratio: 3 });
    expect(metric(s, 'final-loss')).toMatchObject({ a: 1.2, b: 0.9 });
    expect(metric(s, 'final-loss').ratio).toBeCloseTo(0.75, 12);
  });

  it('uses the only step of a one-step run for timing', () => {
    const one = buildCompareSummary([row(1, { stepMs: 50 })], [row(1, { stepMs: 150 })]);
    expect(metric(one, 'step-ms')).toMatchObject({ a: 50, b: 150, ratio: 3 });
    expect(one.timedStepsA).toBe(1);
  });

  it('leaves a figure out (null) where a side has none: no rows, or no GPU memory on cpu', () => {
    const cpuB = rowsB.map((r) => ({ ...r, gpuBytesInUse: null }));
    const withCpu = buildCompareSummary(rowsA, cpuB);
    expect(metric(withCpu, 'gpu-bytes-in-use')).toMatchObject({ a: 1300, b: null, ratio: null });
    const empty = buildCompareSummary([], rowsB);
    for (const m of empty.metrics) {
      expect(m.a).toBeNull();
      expect(m.ratio).toBeNull();
    }
  });
});

describe('barPercents', () => {
  it('scales both bars to the larger figure', () => {
    expect(barPercents(1536, 6144)).toEqual({ a: 25, b: 100 });
    expect(barPercents(6, 3)).toEqual({ a: 100, b: 50 });
    expect(barPercents(null, 4)).toEqual({ a: 0, b: 100 });
    expect(barPercents(0, 0)).toEqual({ a: 0, b: 0 });
    expect(barPercents(null, null)).toEqual({ a: 0, b: 0 });
  });
});
