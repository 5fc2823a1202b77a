/**
 * The A/B summary: timing over the timed steps only (warm-up and prefetched steps left out), byte figures
 * from the last row, the data-wait share, ratios B/A (null where a side has no figure), shared-scale bars.
 */
import { describe, expect, it } from 'vitest';
import { makeRow } from '../../test/fixtures/testRows';
import type { TelemetryRow } from './telemetry';
import { ratioOf } from './armFigures';
import { barPercents, buildCompareSummary, pairedSideInput, type CompareMetricId } from './compareSummary';

const metric = (s: ReturnType<typeof buildCompareSummary>, id: CompareMetricId) => {
  const m = s.metrics.find((x) => x.id === id);
  if (!m) throw new Error(`no metric ${id}`);
  return m;
};

const rows = (steps: [number, Partial<TelemetryRow>][]) => steps.map(([step, patch]) => makeRow(step, patch));

describe('buildCompareSummary', () => {
  const a = rows([
    [1, { stepMs: 5000, dataWaitMs: 0, batchSize: 2, uploadedImageBytes: 768, uploadedMaskBytes: 256 }],
    [2, { stepMs: 100, dataWaitMs: 50, batchSize: 2, uploadedImageBytes: 768, uploadedMaskBytes: 256 }],
    [
      3,
      {
        stepMs: 300,
        dataWaitMs: 150,
        batchSize: 2,
        uploadedImageBytes: 768,
        uploadedMaskBytes: 256,
        loss: 0.5,
      },
    ],
  ]);
  const b = rows([
    [1, { stepMs: 9000, dataWaitMs: 0, batchSize: 2, uploadedImageBytes: 3072, uploadedMaskBytes: 1024 }],
    [2, { stepMs: 10, dataWaitMs: 0, batchSize: 2, uploadedImageBytes: 3072, uploadedMaskBytes: 1024 }],
    [3, { stepMs: 200, dataWaitMs: 20, batchSize: 2, uploadedImageBytes: 3072, uploadedMaskBytes: 1024 }],
    [
      4,
      {
        stepMs: 200,
        dataWaitMs: 20,
        batchSize: 2,
        uploadedImageBytes: 3072,
        uploadedMaskBytes: 1024,
        loss: 0.25,
      },
    ],
  ]);
  // B's step 2 was a prefetched batch: its timing starts at step 3.
  const s = buildCompareSummary({ rows: a, firstTimedStep: 2 }, { rows: b, firstTimedStep: 3 });

  it('times only the steps the timing rule counted: mean step ms and samples/s from them', () => {
    expect(metric(s, 'step-ms')).toMatchObject({ a: 200, b: 200, ratio: 1 });
    expect(metric(s, 'samples-per-sec')).toMatchObject({ a: 10, b: 10 });
    expect(s).toMatchObject({ timedStepsA: 2, timedStepsB: 2, firstTimedStepA: 2, firstTimedStepB: 3 });
  });

  it('the data-wait share is Σ wait ÷ Σ step over the timed steps', () => {
    expect(metric(s, 'data-wait-share')).toMatchObject({ a: 0.5, b: 0.1 });
  });

  it('bytes come from the last row and their ratio is exact', () => {
    expect(metric(s, 'image-bytes-to-gpu')).toMatchObject({ a: 768, b: 3072, ratio: 4 });
    expect(metric(s, 'bytes-to-gpu')).toMatchObject({ a: 1024, b: 4096, ratio: 4 });
    expect(metric(s, 'final-loss')).toMatchObject({ a: 0.5, b: 0.25, ratio: 0.5 });
  });

  it('a side without GPU memory has no figure and no ratio', () => {
    const cpu = buildCompareSummary(
      { rows: rows([[1, { gpuBytesInUse: null }]]), firstTimedStep: 2 },
      { rows: rows([[1, { gpuBytesInUse: 500 }]]), firstTimedStep: 2 },
    );
    expect(metric(cpu, 'gpu-bytes-in-use')).toMatchObject({ a: null, b: 500, ratio: null });
    expect(metric(cpu, 'step-ms')).toMatchObject({ a: null, b: null, ratio: null });
  });
});

describe('buildCompareSummary of sides measured in paired rounds', () => {
  // Steps 1–3 compiled and drained the first block's prefetch, 7–8 the second block's: never timed, and
  // far slower or faster than the timed ones, so a figure that read them would show it.
  const side = (timedMs: number) =>
    rows(
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((step) => [
        step,
        { stepMs: [4, 5, 6, 9, 10, 11].includes(step) ? timedMs : step === 1 ? 9000 : 1, batchSize: 4 },
      ]),
    );
  const timed = [4, 5, 6, 9, 10, 11];
  const s = buildCompareSummary(pairedSideInput(side(200), timed), pairedSideInput(side(250), timed));

  it('reads only the steps of the timed blocks', () => {
    expect(metric(s, 'step-ms')).toMatchObject({ a: 200, b: 250, ratio: 1.25 });
    expect(metric(s, 'samples-per-sec')).toMatchObject({ a: 20, b: 16, ratio: 0.8 });
    expect(s).toMatchObject({ stepsA: 11, timedStepsA: 6, timedStepsB: 6, firstTimedStepA: 4 });
  });
});

describe('ratioOf and barPercents', () => {
  it('ratio is b / a, null for a missing side, a zero or a non-finite figure', () => {
    expect(ratioOf(2, 8)).toBe(4);
    expect(ratioOf(null, 8)).toBeNull();
    expect(ratioOf(0, 8)).toBeNull();
    expect(ratioOf(2, Number.NaN)).toBeNull();
  });

  it('bars scale to the larger figure', () => {
    expect(barPercents(1, 4)).toEqual({ a: 25, b: 100 });
    expect(barPercents(null, null)).toEqual({ a: 0, b: 0 });
  });
});
