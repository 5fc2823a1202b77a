/**
 * Lesson 5's figures from scripted arms: the reference from the estimate (activations ÷ k; Chen et al.'s
 * 2√n ÷ n), each arm's peak ÷ the refused arm's estimate, step time ÷ the micro-batch arm's, activations
 * from the profile, and "the same gradients" only within the unit tests' tolerance.
 */
import { describe, expect, it } from 'vitest';
import { SWIFTSHADER } from '../../../test/fixtures/backends';
import { makeRows } from '../../../test/fixtures/testRows';
import {
  armConfig,
  FIT_MEMORY_BUDGET_BYTES,
  FIT_MICRO_BATCHES,
  LESSONS,
  preflightUnderLessonBudget,
  SAME_GRADIENTS_TOLERANCE,
  type StepDifference,
} from '../../config/lessons';
import { estimateTrainingMemory, type GpuShortfall } from '../../config/memoryEstimate';
import { estimateOptions } from '../../config/preflight';
import { zeroCategoryBytes, type StepProfile } from '../../config/stepProfile';
import type { ArmProgress } from '../../state/lessonStore';
import { fitArmIds, fitLessonResult, fitReference } from './fitResults';
import { scientific } from './lessonFormat';

const lesson = LESSONS.fit;
const ids = fitArmIds(lesson);
const config = (id: string) => armConfig(lesson, lesson.arms.find((a) => a.id === id)!);

const refusal: GpuShortfall = {
  batchSize: 8,
  imageSizePx: 16,
  totalBytes: 1_000_000,
  largestBufferBytes: 98_304,
  largestBufferGroup: 'activation',
  perBufferBytes: null,
  budget: { budgetBytes: FIT_MEMORY_BUDGET_BYTES, pooledBytes: 1_400_000, headroom: 1.4 },
  largestBatchThatFits: 6,
};

const profileWith = (activations: number) =>
  ({
    memory: { maxByCategory: { ...zeroCategoryBytes(), activations } },
  }) as unknown as StepProfile;

function arm(
  id: string,
  figures: { stepMs?: number; peak?: number; activations?: number; diff?: StepDifference } = {},
): ArmProgress {
  const refused = id === ids.referenceId;
  // Steps 1–7 measured; step 8, profiled after the measurement, peaks higher and is left out.
  const rows = refused
    ? []
    : [
        ...makeRows(1, 7, { stepMs: figures.stepMs ?? 100, gpuPeakBytes: figures.peak ?? 0 }),
        ...makeRows(8, 8, { stepMs: 1000, gpuPeakBytes: 10 * (figures.peak ?? 0) }),
      ];
  return {
    id,
    config: config(id),
    backend: null,
    rows,
    verdict: refused
      ? null
      : {
          state: 'stable',
          firstTimedStep: 2,
          lastTimedStep: 7,
          timedSteps: 6,
          meanStepMs: null,
          medianStepMs: null,
          blockMeans: [],
        },
    profile: figures.activations === undefined ? null : profileWith(figures.activations),
    timedSteps: null,
    refusal: refused ? refusal : null,
    sameGradients: figures.diff ?? null,
    finished: true,
  };
}

const same = { maxWeightDifference: 3e-8, relativeUpdateDifference: 5e-8 };

describe('fitReference', () => {
  it('divides the estimate’s activations by k and keeps 2√n ÷ n of them for recomputation', () => {
    const r = fitReference(lesson.config, FIT_MICRO_BATCHES);
    const e = estimateTrainingMemory(lesson.config);
    expect(ids).toEqual({ referenceId: 'at-once', baselineId: 'micro', bothId: 'both' });
    expect(r.activationBytes).toBe(e.activationBytes);
    expect(r.activationsPerMicroBatchBytes).toBe(e.activationBytes / 4);
    // Depth 2: enc0a, enc0b, enc1a, enc1b, dec0a, dec0b and the 1×1 head.
    expect(r.layers).toBe(7);
    expect(r.checkpointKeptShare).toBeCloseTo((2 * Math.sqrt(7)) / 7, 12);
    expect(r.checkpointActivationBytes).toBeCloseTo(e.activationBytes * r.checkpointKeptShare, 6);
    expect(r.dividedBytes).toBe(e.totalBytes - (e.parameterBytes + e.gradientBytes + e.optimizerBytes));
  });
});

describe('fitReference beside the refusal', () => {
  // The article quotes the batch at once's pooled bytes beside the budget: they must be the bytes the
  // pre-flight refused, on WebGPU with the own kernels and off it (where tfjs widens the uploaded images).
  const backends = [
    SWIFTSHADER,
    { ...SWIFTSHADER, ownConvKernels: true },
    { ...SWIFTSHADER, backend: 'cpu' as const, limits: null, isSoftwareAdapter: false },
  ];
  for (const info of backends) {
    it(`quotes the pre-flight's pooled bytes (${info.backend}, own kernels ${info.ownConvKernels})`, () => {
      const refused = preflightUnderLessonBudget(lesson, config('at-once'), info)!;
      if (refused.verdict !== 'refused' || refused.refusal.kind !== 'memory') throw new Error('not refused');
      const r = fitReference(lesson.config, FIT_MICRO_BATCHES, estimateOptions(lesson.config, info));
      expect(r.totalBytes).toBe(refused.estimate!.totalBytes);
      expect(r.activationBytes).toBe(refused.estimate!.activationBytes);
    });
  }
  it('differs off WebGPU from the WebGPU estimate (so a fixed option set would quote wrong bytes)', () => {
    const cpu = { ...SWIFTSHADER, backend: 'cpu' as const, limits: null, isSoftwareAdapter: false };
    const onCpu = fitReference(lesson.config, FIT_MICRO_BATCHES, estimateOptions(lesson.config, cpu));
    expect(onCpu.totalBytes).not.toBe(fitReference(lesson.config, FIT_MICRO_BATCHES).totalBytes);
  });
});

describe('fitLessonResult', () => {
  it('waits for the refusal and the micro-batch arm', () => {
    expect(fitLessonResult([], ids)).toBeNull();
    expect(fitLessonResult([arm('at-once')], ids)).toBeNull();
    expect(fitLessonResult([arm('micro', { stepMs: 100 })], ids)).toBeNull();
  });

  it('divides peaks by the refused estimate and step times by the micro-batch arm’s', () => {
    const r = fitLessonResult(
      [
        arm('at-once'),
        arm('micro', { stepMs: 100, peak: 300_000, activations: 90_000, diff: same }),
        arm('recompute', { stepMs: 150, peak: 900_000, activations: 260_000, diff: same }),
        arm('both', { stepMs: 200, peak: 280_000, activations: 60_000, diff: same }),
      ],
      ids,
    )!;
    expect(r.atOnceEstimateBytes).toBe(1_000_000);
    expect(r.budgetBytes).toBe(FIT_MEMORY_BUDGET_BYTES);
    expect(r.atOncePooledBytes).toBe(1_400_000);
    const byId = Object.fromEntries(r.arms.map((a) => [a.id, a]));
    expect(byId['at-once']).toMatchObject({ peakBytes: null, stepMs: null, refusal, sameGradients: null });
    expect(byId.micro).toMatchObject({
      peakOverAtOnceEstimate: 0.3,
      stepOverBaseline: 1,
      activationBytes: 90_000,
    });
    expect(byId.recompute).toMatchObject({ peakOverAtOnceEstimate: 0.9, stepOverBaseline: 1.5 });
    expect(byId.both).toMatchObject({ peakOverAtOnceEstimate: 0.28, stepOverBaseline: 2 });
    expect(r.recomputeActivationRatio).toBeCloseTo(60_000 / 90_000, 12);
    expect(r.largestTrainedPeakBytes).toBe(900_000);
    // The budget's verdict counts the pool as the refusal did: 900,000 B × 1.4.
    expect(r.largestTrainedPooledBytes).toBeCloseTo(1_260_000, 6);
    expect(r.largestWeightDifference).toBe(3e-8);
    expect(r.largestRelativeDifference).toBe(same.relativeUpdateDifference);
    expect(r.allSameGradients).toBe(true);
  });

  it('gives no verdict on a difference that is not a finite number', () => {
    const nan = { maxWeightDifference: Number.NaN, relativeUpdateDifference: Number.NaN };
    const r = fitLessonResult(
      [arm('at-once'), arm('micro', { stepMs: 100, diff: same }), arm('both', { diff: nan })],
      ids,
    )!;
    expect(r.arms.find((a) => a.id === 'both')!.withinTolerance).toBeNull();
    expect(r.allSameGradients).toBeNull();
  });

  it('says “the same gradients” only within the tolerance', () => {
    const over = { maxWeightDifference: 1e-3, relativeUpdateDifference: 2 * SAME_GRADIENTS_TOLERANCE };
    const edge = { maxWeightDifference: 1e-6, relativeUpdateDifference: SAME_GRADIENTS_TOLERANCE };
    const r = fitLessonResult(
      [arm('at-once'), arm('micro', { diff: edge }), arm('both', { diff: over }), arm('recompute')],
      ids,
    )!;
    const byId = Object.fromEntries(r.arms.map((a) => [a.id, a]));
    expect(byId.micro!.withinTolerance).toBe(true);
    expect(byId.both!.withinTolerance).toBe(false);
    expect(byId.recompute!.withinTolerance).toBeNull();
    expect(r.allSameGradients).toBe(false);
    expect(r.largestWeightDifference).toBe(1e-3);
    // Without profiles there is no activation ratio.
    expect(r.recomputeActivationRatio).toBeNull();
  });
});

describe('scientific', () => {
  it('writes tiny differences as a mantissa and a power of ten, and nothing for what is not a number', () => {
    expect(scientific(2.98e-8)).toBe('3.0 × 10⁻⁸');
    expect(scientific(9.96e-8)).toBe('1.0 × 10⁻⁷');
    expect(scientific(1e-5)).toBe('1.0 × 10⁻⁵');
    expect(scientific(0)).toBe('0');
    expect(scientific(Number.NaN)).toBe('—');
    expect(scientific(Number.POSITIVE_INFINITY)).toBe('—');
  });
});
