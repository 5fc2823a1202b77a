/**
 * The lessons of "Efficient PyTorch — Eliminating Bottlenecks", as BatchLab runs them: the experiment each
 * runs (a link: configuration A and, for the arms after the first, overrides of A). Their words — title,
 * question, arm labels, "Why?" — are in each language's dictionary (src/i18n/<lang>/lessons.ts), keyed by
 * lesson and arm id. Sizes suit a software GPU (16 px, batch ≤ 8). Pure data; the figures are computed by
 * the byte calculator or measured, never written here.
 */
import type { BackendInfo } from './backendInfo';
import { runPreflight, type PreflightResult } from './preflight';
import type { TimingRule } from './stableTiming';
import { DEFAULT_CONFIG, type TrainConfig } from './trainConfig';
import type { LessonId } from './views';

/** One configuration a lesson runs: A itself, or A with overrides. */
export interface LessonArm {
  /** Stable id; its label is the dictionary's `lessons.<lesson>.arms.<id>`. */
  id: string;
  patch: Partial<TrainConfig>;
  /**
   * The case it belongs to, in lessons that compare within several cases (lesson 2: storage-bound and
   * CPU-bound). Arms of one pair differ only in the setting the lesson varies; absent: one case.
   */
  pair?: string;
}

export interface Lesson {
  id: LessonId;
  /** Configuration A: the first arm runs exactly this. */
  config: TrainConfig;
  /** The arms a run trains one after the other (empty for the several-GPU lesson, which runs strategies). */
  arms: LessonArm[];
  /** Profile two steps of each arm after its measurement, to show where its step time goes. */
  profileArms: boolean;
  /**
   * A pretend, smaller GPU: the pre-flight checks each arm against this budget instead of the device's,
   * and an arm it refuses is recorded with the refusal's figures and never trained.
   */
  memoryBudgetBytes?: number;
  /**
   * The arm every other arm's one-step weight update is compared with, on the cpu backend (the budget may
   * refuse that arm on the GPU): see `gradientCheckConfig`.
   */
  sameGradientsAgainst?: string;
  /** Overrides of the timing rule (config/stableTiming.ts) for every arm of this lesson. */
  timing?: Partial<TimingRule>;
}

/** The small model every lesson trains: fast enough on a software adapter. */
const LESSON_BASE: TrainConfig = {
  ...DEFAULT_CONFIG,
  imageSizePx: 16,
  batchSize: 4,
  depth: 2,
  baseWidth: 4,
  augment: false,
  maxSteps: 40,
};

/**
 * Lesson 2's simulated storage latency, ms per sample (an object store's first byte): a batch of 2 waits
 * twice this, more than the small model's step takes on a software adapter even when the cores are busy
 * (measured 47–111 ms at a load average of 12), so 0 workers leave the GPU waiting and 2 workers overlap it.
 */
const LOADERS_STORAGE_LATENCY_MS = 100;

/** Lesson 2's CPU-bound case: samples in memory, but expensive to build (512 px sources, blurred). */
const LOADERS_CPU_BOUND: Partial<TrainConfig> = {
  storageLatencyMsPerSample: 0,
  blurRadiusPx: 24,
  sourceScale: 32,
};

/** Lesson 5's micro-batch count: the batch of 8 runs as 4 parts of 2. */
export const FIT_MICRO_BATCHES = 4;

/**
 * Lesson 5's pretend GPU, in bytes. The pre-flight holds a step to its estimate × the reuse pool's headroom
 * (memoryEstimate.ts POOL_HEADROOM). At 16 px, batch 8, depth 2, base width 4 that is 1.85 MB for the batch
 * at once with tfjs's conv kernels and 1.59 MB with BatchLab's own; the largest arm that must fit,
 * recomputation alone, needs 1.48 MB with tfjs's kernels (1.36 MB with BatchLab's). 1,500 KiB = 1.536 MB sits
 * between with about 3 % to spare on each side, whichever kernels the device runs: the batch at once is
 * refused, every other arm fits. Tiny, so that a software GPU trains the lesson in seconds; the ratios are
 * those of a real GPU and a batch thousands of times larger. config/lessons.test.ts proves it.
 */
export const FIT_MEMORY_BUDGET_BYTES = 1500 * 1024;

/**
 * "The same gradients": the largest difference of one step's weight update relative to the largest update
 * (engine/oneStepUpdate.ts maxRelativeDifference), at most this. engine/sameGradients.test.ts holds micro-
 * batches and recomputation to it, and lesson 5 says "the same gradients" only within it.
 */
export const SAME_GRADIENTS_TOLERANCE = 1e-5;

/** One configuration's training step against the reference's, from the same weights on the same batch. */
export interface StepDifference {
  /** The largest |difference| of the weights after the step. */
  maxWeightDifference: number;
  /** The largest |difference| of the updates ÷ the reference's largest |update| (maxRelativeDifference). */
  relativeUpdateDifference: number;
}

export const LESSONS: Record<LessonId, Lesson> = {
  bytes: {
    id: 'bytes',
    config: {
      ...LESSON_BASE,
      imageDtype: 'uint8',
      normalizeOn: 'model',
      uploadPath: 'packed',
      maskDtype: 'uint8',
    },
    arms: [
      { id: 'uint8', patch: {} },
      {
        id: 'float32',

        patch: { imageDtype: 'float32', normalizeOn: 'loader', maskDtype: 'int32' },
      },
      { id: 'int32-trap', patch: { uploadPath: 'tf-tensor' } },
    ],
    profileArms: true,
  },
  loaders: {
    id: 'loaders',
    // A: storage-bound. Building a 16 px batch costs almost nothing; each sample waits
    // LOADERS_STORAGE_LATENCY_MS, as a slow disk or network would, without using the CPU.
    config: {
      ...LESSON_BASE,
      batchSize: 2,
      workers: 0,
      prefetch: 2,
      augment: true,
      storageLatencyMsPerSample: LOADERS_STORAGE_LATENCY_MS,
    },
    arms: [
      { id: 'storage-w0', pair: 'storage', patch: {} },
      { id: 'storage-w2', pair: 'storage', patch: { workers: 2 } },
      { id: 'w0', pair: 'cpu', patch: LOADERS_CPU_BOUND },
      { id: 'w2', pair: 'cpu', patch: { ...LOADERS_CPU_BOUND, workers: 2 } },
    ],
    profileArms: false,
  },
  gpus: {
    id: 'gpus',
    config: { ...LESSON_BASE, batchSize: 4, maxSteps: 3 },
    arms: [],
    profileArms: false,
  },
  fit: {
    id: 'fit',
    config: { ...LESSON_BASE, batchSize: 8 },
    arms: [
      { id: 'at-once', patch: {} },
      { id: 'micro', patch: { microBatches: FIT_MICRO_BATCHES } },
      { id: 'recompute', patch: { recompute: 'block' } },
      { id: 'both', patch: { microBatches: FIT_MICRO_BATCHES, recompute: 'block' } },
    ],
    // The profile's memory by category is what the lesson measures (activations); two steps per arm.
    profileArms: true,
    memoryBudgetBytes: FIT_MEMORY_BUDGET_BYTES,
    sameGradientsAgainst: 'at-once',
    // Memory is the lesson; step time is its cost, quoted as a mean of the timed steps: 2 blocks suffice.
    // (The time cap stays the default's: it counts the compile step, up to 20 s on a busy software GPU.)
    timing: { maxSteps: 8 },
  },
};

/** Replicas the several-GPU lesson runs on. */
export const GPUS_LESSON_REPLICAS = 2;

/**
 * What the one-step comparison trains (on the cpu backend, from the same seeded weights, on batch 0): the
 * arm's configuration with plain SGD at learning rate 1, so the weights move by exactly minus the gradient
 * and a difference in the update is a difference in the gradients (Adam's first step, lr · g ÷ |g|, would
 * hide it).
 */
export const gradientCheckConfig = (config: TrainConfig): TrainConfig => ({
  ...config,
  optimizer: 'sgd',
  learningRate: 1,
});

/** The configuration an arm runs. */
export function armConfig(lesson: Lesson, arm: LessonArm): TrainConfig {
  return { ...lesson.config, ...arm.patch };
}

/**
 * What a lesson trains, for the pre-flight and the start rule: each arm's configuration by its id, or the
 * lesson's own configuration (id 'lesson') when it has no arms (the several-GPU lesson).
 */
export function lessonConfigs(lesson: Lesson): { id: string; config: TrainConfig }[] {
  return lesson.arms.length > 0
    ? lesson.arms.map((arm) => ({ id: arm.id, config: armConfig(lesson, arm) }))
    : [{ id: 'lesson', config: lesson.config }];
}

/**
 * Under a lesson's pretend GPU (`memoryBudgetBytes`): the pre-flight of `config` against that budget, the
 * per-buffer limits staying the device's `info` reports; null for a lesson without one. The one home of
 * "this arm is refused under the lesson's budget", for the job that skips it and the plan that says so.
 */
export function preflightUnderLessonBudget(
  lesson: Lesson,
  config: TrainConfig,
  info: BackendInfo | null,
): PreflightResult | null {
  if (lesson.memoryBudgetBytes === undefined) return null;
  return runPreflight(config, info, { memoryBudgetBytes: lesson.memoryBudgetBytes });
}
