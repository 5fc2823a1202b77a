/**
 * The lesson cards' figures from scripted arms: bytes ratios from per-step byte counts computed by hand,
 * the article's figures from its example (32 × 512 × 512 RGB), wait shares from timed rows only, and
 * device balance from per-device peaks.
 */
import { describe, expect, it } from 'vitest';
import { makeRow } from '../../../test/fixtures/testRows';
import { LESSONS, armConfig } from '../../config/lessons';
import type { ParallelStepRecord, ReplicaStepReport } from '../../config/parallel';
import type { TelemetryRow } from '../../config/telemetry';
import type { ArmProgress } from '../../state/lessonStore';
import {
  articleBytes,
  articleGpus,
  armResults,
  bytesLessonResult,
  gpusLessonResult,
  inputKernelTime,
  loadersLessonResult,
  measuredStepMs,
} from './lessonResults';
import type { ProfiledKernel, StepProfile } from '../../config/stepProfile';
import { layoutArms } from '../../charts/armCharts';
import { en } from '../../i18n/en';
import { chartArmsOf } from './chartArms';
import type { PairedVerdict } from '../../config/pairedTiming';

const arm = (
  lessonId: 'bytes' | 'loaders',
  id: string,
  rows: TelemetryRow[],
  firstTimedStep = 2,
): ArmProgress => {
  const lesson = LESSONS[lessonId];
  const def = lesson.arms.find((a) => a.id === id)!;
  return {
    id,
    config: armConfig(lesson, def),
    backend: null,
    rows,
    timedSteps: null,
    verdict: {
      state: 'stable',
      firstTimedStep,
      lastTimedStep: rows.at(-1)?.step ?? 0,
      timedSteps: rows.length,
      meanStepMs: null,
      medianStepMs: null,
      blockMeans: [],
    },
    profile: null,
    refusal: null,
    sameGradients: null,
    finished: true,
  };
};

describe('bytesLessonResult', () => {
  // 4 × 16 × 16 pixels per step, 3 channels.
  const px = 4 * 16 * 16;
  const rows = (image: number, mask: number, stepMs: number) =>
    [1, 2, 3].map((step) => makeRow(step, { uploadedImageBytes: image, uploadedMaskBytes: mask, stepMs }));

  it('uint8 + uint8 vs float32 + int32: images 0.25×, the batch 4×; the article 5×', () => {
    const result = bytesLessonResult(
      armResults([
        arm('bytes', 'uint8', rows(px * 3, px, 100)),
        arm('bytes', 'float32', rows(px * 12, px * 4, 150)),
        arm('bytes', 'int32-trap', rows(px * 12, px, 120)),
      ]),
    )!;
    expect(result.imageRatio).toBe(0.25);
    expect(result.totalFactor).toBe(4);
    expect(result.trapFactor).toBe(4);
    const article = articleBytes();
    expect(article.floatBytes).toBe(167_772_160);
    expect(article.uint8Bytes).toBe(33_554_432);
    expect(article.factor).toBe(5);
    // The gap: 12 B image + 8 B int64 mask per pixel in the article, 12 + 4 here.
    expect(article.floatBytesPerPixel).toBe(20);
    expect(result.hereFloatBytesPerPixel).toBe(16);
    // One step time per arm: the mean of its timed steps (steps 2 and 3 here).
    expect(result.uint8StepMs).toBe(100);
    expect(result.floatStepMs).toBe(150);
  });

  // 7 steps, step 1 (compile) untimed: 6 timed steps, 2 blocks of 3.
  const timedRows = (stepMs: readonly number[]) =>
    stepMs.map((ms, i) => makeRow(i + 1, { uploadedImageBytes: px, uploadedMaskBytes: px, stepMs: ms }));
  const profiled = (a: ArmProgress): ArmProgress => ({
    ...a,
    // A profile's own times (kernels one pass each, serialised) that must never stand in for the step time.
    profile: { totalKernelMs: 999, profiledStepMs: 888, normalStepMs: 777 } as StepProfile,
  });

  it('card, arm table and chart quote one step time per arm: the mean of its timed steps, never a profiled one', () => {
    const progress = [
      profiled(arm('bytes', 'uint8', timedRows([5000, 100, 110, 120, 130, 140, 150]))),
      profiled(arm('bytes', 'float32', timedRows([5000, 200, 200, 200, 200, 200, 200]))),
    ];
    const arms = armResults(progress);
    const card = bytesLessonResult(arms)!;
    // By hand: (100 + 110 + 120 + 130 + 140 + 150) / 6 = 125; the float32 arm 200.
    expect(card.uint8StepMs).toBe(125);
    expect(card.floatStepMs).toBe(200);
    // The arm table's cell reads the same source.
    expect(arms.map(measuredStepMs)).toEqual([card.uint8StepMs, card.floatStepMs]);
    // The chart's arm markers name the same figures.
    const chart = chartArmsOf(en, 'bytes', progress, arms);
    expect(chart.map((c) => c.measuredStepMs)).toEqual([125, 200]);
    const markers = layoutArms(chart).markers.map((m) => m.detail);
    expect(markers[0]).toContain('measured step time 125 ms');
    expect(markers[1]).toContain('measured step time 200 ms');
  });

  it('the card says "faster" only when the interval of the block rates lies above 1', () => {
    // uint8 blocks 330 and 420 ms (batch 2), float32 two blocks of 600 ms: uint8 faster in every block.
    const faster = bytesLessonResult(
      armResults([
        arm('bytes', 'uint8', timedRows([9, 100, 110, 120, 130, 140, 150])),
        arm('bytes', 'float32', timedRows([9, 200, 200, 200, 200, 200, 200])),
      ]),
    )!;
    expect(faster.stepSpeed!.low).toBeCloseTo(600 / 420);
    expect(faster.stepSpeed!.high).toBeCloseTo(600 / 330);
    expect(faster.stepVerdict).toEqual({ code: 'faster', notSettled: false });
    // Blocks of 300 and 330 ms against 310 and 320 ms: the interval straddles 1.
    const same = bytesLessonResult(
      armResults([
        arm('bytes', 'uint8', timedRows([9, 100, 100, 100, 110, 110, 110])),
        arm('bytes', 'float32', timedRows([9, 100, 100, 110, 110, 110, 100])),
      ]),
    )!;
    expect(same.stepVerdict!.code).toBe('no-difference');
    // One block each: no interval, no verdict.
    const short = bytesLessonResult(
      armResults([
        arm('bytes', 'uint8', timedRows([9, 100, 100, 100])),
        arm('bytes', 'float32', timedRows([9, 200, 200, 200])),
      ]),
    )!;
    expect(short.stepSpeed).toBeNull();
    expect(short.stepVerdict).toBeNull();
  });

  it('is null until both the uint8 and float32 arms have finished', () => {
    expect(bytesLessonResult(armResults([arm('bytes', 'uint8', rows(px * 3, px, 100))]))).toBeNull();
    const unfinished = { ...arm('bytes', 'float32', rows(px * 12, px * 4, 150)), finished: false };
    expect(bytesLessonResult(armResults([arm('bytes', 'uint8', rows(1, 1, 1)), unfinished]))).toBeNull();
  });
});

describe('loadersLessonResult', () => {
  it('reads wait shares and throughput over the timed steps only', () => {
    const w0 = [1, 2, 3, 4].map((step) =>
      makeRow(step, { dataWaitMs: 600, uploadMs: 0, computeMs: 200, stepMs: 800, batchSize: 2 }),
    );
    // Steps 2–5 of the 2-worker arm were prefetched (no wait); only steps 6… are timed.
    const w2 = [1, 2, 3, 4, 5, 6, 7, 8].map((step) =>
      step <= 5
        ? makeRow(step, { dataWaitMs: 0, uploadMs: 0, computeMs: 100, stepMs: 100, batchSize: 2 })
        : makeRow(step, { dataWaitMs: 100, uploadMs: 0, computeMs: 300, stepMs: 400, batchSize: 2 }),
    );
    // The CPU-bound case is the pair 'w0'/'w2'; the storage-bound one has not run yet.
    const result = loadersLessonResult(armResults([arm('loaders', 'w0', w0), arm('loaders', 'w2', w2, 6)]))!;
    expect(result.storage).toBeNull();
    const cpu = result.cpu!;
    expect(cpu.waitShare0).toBe(0.75);
    expect(cpu.waitShare2).toBe(0.25);
    expect(cpu.speedup).toBe(2);
    expect(cpu.computeMs0).toBe(200);
    expect(cpu.computeMs2).toBe(300);
    expect(cpu.firstTimedStep2).toBe(6);
  });

  it('pairs the storage-bound arms apart from the CPU-bound ones', () => {
    const slow = [1, 2, 3, 4].map((step) =>
      makeRow(step, { dataWaitMs: 60, uploadMs: 0, computeMs: 40, stepMs: 100, batchSize: 2 }),
    );
    const fast = [1, 2, 3, 4].map((step) =>
      makeRow(step, { dataWaitMs: 10, uploadMs: 0, computeMs: 40, stepMs: 50, batchSize: 2 }),
    );
    const result = loadersLessonResult(
      armResults([arm('loaders', 'storage-w0', slow), arm('loaders', 'storage-w2', fast)]),
    )!;
    expect(result.cpu).toBeNull();
    expect(result.storage!.speedup).toBe(2);
    expect(result.storage!.waitShare0).toBe(0.6);
    expect(result.storage!.waitShare2).toBe(0.2);
    expect(result.storageLatencyMsPerSample).toBe(LESSONS.loaders.config.storageLatencyMsPerSample);
    expect(loadersLessonResult(armResults([arm('loaders', 'storage-w0', slow)]))).toBeNull();
  });
});

describe('the loaders lesson’s verdict follows its paired rounds', () => {
  const rows = (stepMs: number) =>
    [1, 2, 3, 4, 5, 6, 7].map((step) =>
      makeRow(step, { stepMs, dataWaitMs: 10, uploadMs: 0, computeMs: 50, batchSize: 2 }),
    );
  const arms = armResults([arm('loaders', 'w0', rows(100)), arm('loaders', 'w2', rows(110))]);
  const paired = (low: number, median: number, high: number, state: 'settled' | 'capped'): PairedVerdict => ({
    state,
    rounds: 6,
    ratios: [
      { median: 1, low: 1, high: 1, coverage: 0.97, rounds: 6 },
      { median, low, high, coverage: 0.97, rounds: 6 },
    ],
    roundRatios: [],
  });

  it('an interval below 1 reads slower; the figure is the paired median, not the two runs’ means', () => {
    const result = loadersLessonResult(arms, { cpu: paired(0.8, 0.85, 0.9, 'settled') })!;
    expect(result.cpu!.speedVerdict).toEqual({ code: 'slower', notSettled: false });
    expect(result.cpu!.speed!.median).toBe(0.85);
    expect(result.cpu!.rounds).toBe(6);
  });

  it('an interval across 1 reads no difference, and a capped one says it did not settle', () => {
    const result = loadersLessonResult(arms, { cpu: paired(0.95, 1.02, 1.1, 'capped') })!;
    expect(result.cpu!.speedVerdict).toEqual({ code: 'no-difference', notSettled: true });
  });

  it('without paired rounds there is no verdict', () => {
    expect(loadersLessonResult(arms)!.cpu!.speedVerdict).toBeNull();
  });

  it('counts only the steps the paired blocks timed', () => {
    // Steps 3–4 were timed (a block); steps 1–2 compiled and drained the prefetch and are slow.
    const mixed = [1, 2, 3, 4].map((step) =>
      makeRow(step, {
        stepMs: step <= 2 ? 1000 : 100,
        dataWaitMs: 0,
        uploadMs: 0,
        computeMs: 90,
        batchSize: 2,
      }),
    );
    const [only] = armResults([{ ...arm('loaders', 'w0', mixed), timedSteps: [3, 4] }]);
    expect(only!.figures.timedSteps).toBe(2);
    expect(only!.figures.meanStepMs).toBe(100);
  });
});

describe('gpusLessonResult', () => {
  const report = (rank: number, gpuBytes: number): ReplicaStepReport => ({
    rank,
    step: 0,
    shardLoss: null,
    batchLoss: null,
    stepMs: 1,
    waitMs: 0,
    busyMs: 1,
    dataMs: 0,
    sentBytes: { weights: 0, outputs: 0, 'output-grads': 0, grads: 0 },
    receivedBytes: { weights: 0, outputs: 0, 'output-grads': 0, grads: 0 },
    memory: {
      gpuBytesInUsePeak: gpuBytes,
      gpuBytesInUseEnd: gpuBytes,
      gpuBytesAllocated: gpuBytes,
      tensorBytesPeak: gpuBytes,
      numTensors: 1,
    },
  });
  const record = (d0: number, d1: number): ParallelStepRecord => ({
    step: 1,
    loss: 1,
    reports: [report(0, d0), report(1, d1)],
    expected: [],
  });

  it("device 0 ÷ device 1 per strategy, and the article's 4 GPUs: all 32 outputs vs 8", () => {
    const result = gpusLessonResult({ 'dp-gather': record(300, 100), ddp: record(150, 150) })!;
    expect(result.strategies.map((s) => [s.strategy, s.ratio])).toEqual([
      ['dp-gather', 3],
      ['ddp', 1],
    ]);
    expect(articleGpus().gpus).toBe(4);
    expect(articleGpus().outputRatio).toBe(4);
    expect(gpusLessonResult({})).toBeNull();
  });
});

describe('inputKernelTime', () => {
  const k = (name: string, layer: string | null, ms: number, phase: ProfiledKernel['phase'] = 'forward') =>
    ({
      name,
      layer,
      ms,
      phase,
      inputShapes: [],
      outputShapes: [],
      flops: null,
      dispatchedAtMs: 0,
    }) as ProfiledKernel;

  it('sums the Normalize layer and the data-path kernels, apart from the rest of the step', () => {
    const kernels = [
      k('Cast', 'normalize', 2),
      k('Sub', 'normalize', 1),
      k('Mul', 'normalize', 1.5),
      k('OneHot', 'normalize', 0.5),
      k('Conv2DBackpropFilter', 'enc0a', 20, 'backward'),
      k('Sum', 'loss', 3),
    ];
    const t = inputKernelTime({ kernels, totalKernelMs: 28, timing: 'gpu-timestamps' })!;
    expect(t.inputMs).toBe(5);
    expect(t.totalMs).toBe(28);
    expect(t.kernels).toEqual(['Cast', 'Sub', 'Mul', 'OneHot']);
  });

  it('has nothing to say without kernel times', () => {
    expect(
      inputKernelTime({ kernels: [k('Cast', 'normalize', 0)], totalKernelMs: null, timing: 'none' }),
    ).toBeNull();
  });
});
