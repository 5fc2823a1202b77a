/**
 * Lesson 5's figures: the reference — activations ÷ k for accumulation, and Chen et al. 2016's checkpoints
 * every √n layers for recomputation — computed from the pre-flight's estimate and the model's layers, and
 * what each arm measured: its peak GPU memory against the estimate of the batch at once (the arm the
 * pretend GPU refused), its activations from its step profile, its step time against the micro-batch arm's,
 * and its one-step weight difference from the batch at once (on the cpu backend). Pure; unit-tested.
 */
import {
  lessonConfigs,
  SAME_GRADIENTS_TOLERANCE,
  type Lesson,
  type StepDifference,
} from '../../config/lessons';
import {
  estimateTrainingMemory,
  type GpuShortfall,
  type MemoryEstimate,
  type MemoryOptions,
} from '../../config/memoryEstimate';
import type { TrainConfig } from '../../config/trainConfig';
import { describeUNet } from '../../config/unetSpec';
import type { ArmProgress } from '../../state/lessonStore';
import { armResults, measuredStepMs } from './lessonResults';

export interface FitReference {
  /** Micro-batches of the accumulation arm. */
  k: number;
  /** The estimate's activation group for the batch at once, and ÷ k. */
  activationBytes: number;
  activationsPerMicroBatchBytes: number;
  /** The model's layers (its convs): Chen et al.'s n. */
  layers: number;
  /**
   * Share of the n layer outputs kept with a checkpoint every √n layers: √n checkpoints plus one segment's
   * √n outputs, recomputed, at most all of them: min(1, 2√n ÷ n).
   */
  checkpointKeptShare: number;
  /** The estimate's activation group × that share. */
  checkpointActivationBytes: number;
  /** The estimate of the batch at once: all of it, and what k micro-batches divide (activations, their
   * gradients, the batch; not the weights, their gradients or the optimizer's state). */
  totalBytes: number;
  dividedBytes: number;
}

/** The reference figures for `config` (the batch at once) and `k` micro-batches. */
export function fitReference(config: TrainConfig, k: number, options: MemoryOptions = {}): FitReference {
  const estimate: MemoryEstimate = estimateTrainingMemory(config, options);
  const layers = describeUNet(config).convs.length;
  const checkpointKeptShare = Math.min(1, (2 * Math.sqrt(layers)) / layers);
  return {
    k,
    activationBytes: estimate.activationBytes,
    activationsPerMicroBatchBytes: estimate.activationBytes / k,
    layers,
    checkpointKeptShare,
    checkpointActivationBytes: estimate.activationBytes * checkpointKeptShare,
    totalBytes: estimate.totalBytes,
    dividedBytes: estimate.activationBytes + estimate.transientBytes + estimate.batchBytes,
  };
}

/** One arm of the lesson as the card shows it. */
export interface FitArm {
  id: string;
  /** The pre-flight's figures when the pretend GPU refused it (it never trained); else null. */
  refusal: GpuShortfall | null;
  /**
   * The highest per-step GPU peak (the allocator's high-water mark) of its steps up to the last timed one
   * (the compile step included, the profiled steps after the measurement not); null without one.
   */
  peakBytes: number | null;
  /** peakBytes ÷ the batch at once's estimate. */
  peakOverAtOnceEstimate: number | null;
  /** The activation category's highest value during its profiled step (measured); null without a profile. */
  activationBytes: number | null;
  /** Its measured step time (mean of the timed steps) and that ÷ the baseline arm's. */
  stepMs: number | null;
  stepOverBaseline: number | null;
  /** Its one training step against the batch at once's, and whether that is within the tolerance. */
  sameGradients: StepDifference | null;
  withinTolerance: boolean | null;
}

export interface FitLessonResult {
  arms: FitArm[];
  /** The refused arm's estimate (the pre-flight's total) and the pretend GPU's budget. */
  atOnceEstimateBytes: number;
  budgetBytes: number;
  /** The estimate with tfjs's reuse pool, as the budget is checked, and that factor. */
  atOncePooledBytes: number;
  poolHeadroom: number;
  /** Activations of the recompute-and-micro arm ÷ those of the micro arm: recomputation at the same parts. */
  recomputeActivationRatio: number | null;
  /** The highest measured peak in use of the arms that trained (the allocator's reuse pool not counted). */
  largestTrainedPeakBytes: number | null;
  /**
   * That peak × the pool factor: the basis the budget refused the batch at once on, so the verdict "within
   * the budget" compares like with like.
   */
  largestTrainedPooledBytes: number | null;
  /**
   * Over the arms compared so far: the largest weight difference, the largest update difference ÷ the
   * largest update (what the tolerance judges), and whether every one is within tolerance (null while any
   * is not a finite number).
   */
  largestWeightDifference: number | null;
  largestRelativeDifference: number | null;
  allSameGradients: boolean | null;
}

/**
 * The card's figures once the refused arm has its refusal and the baseline arm has finished; null before.
 * Step ratios are null while the baseline has no timed step.
 * `referenceId`: the refused arm (the batch at once); `baselineId`: the micro-batch arm, which step times
 * are divided by (the batch at once never ran on the GPU); `bothId`: micro-batches with recomputation.
 */
export function fitLessonResult(
  progress: readonly ArmProgress[],
  ids: { referenceId: string; baselineId: string; bothId: string },
): FitLessonResult | null {
  const reference = progress.find((a) => a.id === ids.referenceId);
  const budget = reference?.refusal?.budget;
  if (!reference?.refusal || !budget) return null;
  const results = armResults(progress);
  const stepOf = (id: string) => {
    const r = results.find((a) => a.id === id && a.finished);
    return r ? measuredStepMs(r) : null;
  };
  if (!results.some((a) => a.id === ids.baselineId && a.finished)) return null;
  const baselineMs = stepOf(ids.baselineId);
  const estimate = reference.refusal.totalBytes;
  const arms = progress
    .filter((a) => a.finished)
    .map((a): FitArm => {
      // The steps it ran until its timing was decided; the profiled steps after them record more on purpose.
      const last = a.verdict?.lastTimedStep ?? Number.POSITIVE_INFINITY;
      const peaks = a.rows.flatMap((r) => (r.gpuPeakBytes === null || r.step > last ? [] : [r.gpuPeakBytes]));
      const peakBytes = peaks.length > 0 ? Math.max(...peaks) : null;
      const stepMs = stepOf(a.id);
      return {
        id: a.id,
        refusal: a.refusal,
        peakBytes,
        peakOverAtOnceEstimate: peakBytes === null ? null : peakBytes / estimate,
        activationBytes: a.profile?.memory.maxByCategory.activations ?? null,
        stepMs,
        stepOverBaseline: stepMs === null || baselineMs === null ? null : stepMs / baselineMs,
        sameGradients: a.sameGradients,
        // A difference that is not a finite number (a NaN weight, an all-zero reference update) is no verdict.
        withinTolerance:
          a.sameGradients === null || !Number.isFinite(a.sameGradients.relativeUpdateDifference)
            ? null
            : a.sameGradients.relativeUpdateDifference <= SAME_GRADIENTS_TOLERANCE,
      };
    });
  const compared = arms.filter((a) => a.sameGradients !== null);
  const peaks = arms.flatMap((a) => (a.peakBytes === null ? [] : [a.peakBytes]));
  const act = (id: string) => arms.find((a) => a.id === id)?.activationBytes ?? null;
  const both = act(ids.bothId);
  const micro = act(ids.baselineId);
  return {
    arms,
    atOnceEstimateBytes: estimate,
    budgetBytes: budget.budgetBytes,
    atOncePooledBytes: budget.pooledBytes,
    poolHeadroom: budget.headroom,
    recomputeActivationRatio: both === null || micro === null || micro === 0 ? null : both / micro,
    largestTrainedPeakBytes: peaks.length === 0 ? null : Math.max(...peaks),
    largestTrainedPooledBytes: peaks.length === 0 ? null : Math.max(...peaks) * budget.headroom,
    largestWeightDifference:
      compared.length === 0 ? null : Math.max(...compared.map((a) => a.sameGradients!.maxWeightDifference)),
    largestRelativeDifference:
      compared.length === 0
        ? null
        : Math.max(...compared.map((a) => a.sameGradients!.relativeUpdateDifference)),
    allSameGradients:
      compared.length === 0 || compared.some((a) => a.withinTolerance === null)
        ? null
        : compared.every((a) => a.withinTolerance === true),
  };
}

/** Lesson 5's arms by role, read from config/lessons.ts: the refused reference, the micro-batch baseline, both. */
export function fitArmIds(lesson: Lesson): { referenceId: string; baselineId: string; bothId: string } {
  const configs = lessonConfigs(lesson);
  const find = (test: (c: TrainConfig) => boolean) => configs.find(({ config }) => test(config))?.id ?? '';
  return {
    referenceId: lesson.sameGradientsAgainst ?? '',
    baselineId: find((c) => c.microBatches > 1 && c.recompute === 'off'),
    bothId: find((c) => c.microBatches > 1 && c.recompute === 'block'),
  };
}
