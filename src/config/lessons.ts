/**
 * The lessons of "Efficient PyTorch — Eliminating Bottlenecks", as BatchLab runs them: each lesson's
 * question in one sentence, the article's own figure, the experiment it runs (a link: configuration A and,
 * for the arms after the first, overrides of A), and the short reasons a measurement here may differ from
 * the article. Sizes suit a software GPU (16 px, batch ≤ 4). Pure data; the figures are computed by the
 * byte calculator or measured, never written here.
 */
import { DEFAULT_CONFIG, type TrainConfig } from './trainConfig';
import { encodeConfigToHash } from './urlCodec';
import type { LessonId } from './views';

/** One configuration a lesson runs: A itself, or A with overrides. */
export interface LessonArm {
  id: string;
  /** Short label, used in the result card and the chart (e.g. "0 workers"). */
  label: string;
  patch: Partial<TrainConfig>;
}

export interface Lesson {
  id: LessonId;
  /** Tab label. */
  title: string;
  /** The question the lesson answers, one sentence. */
  question: string;
  /** The primary button's text. */
  runLabel: string;
  /** Configuration A: the first arm runs exactly this. */
  config: TrainConfig;
  /** The arms a run trains one after the other (empty for the several-GPU lesson, which runs strategies). */
  arms: LessonArm[];
  /** Short bullets behind "Why?". */
  why: string[];
  /** Profile two steps of each arm after its measurement, to show where its step time goes. */
  profileArms: boolean;
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

export const LESSONS: Record<LessonId, Lesson> = {
  bytes: {
    id: 'bytes',
    title: 'Bytes to the GPU',
    question:
      'How many bytes does each training step send to the GPU when images and masks stay uint8 and the model normalizes them?',
    runLabel: 'Measure the three data paths',
    config: {
      ...LESSON_BASE,
      imageDtype: 'uint8',
      normalizeOn: 'model',
      uploadPath: 'packed',
      maskDtype: 'uint8',
    },
    arms: [
      { id: 'uint8', label: 'uint8, normalize in the model', patch: {} },
      {
        id: 'float32',
        label: 'float32, normalize in the loader',
        patch: { imageDtype: 'float32', normalizeOn: 'loader', maskDtype: 'int32' },
      },
      { id: 'int32-trap', label: 'uint8 via tf.tensor (the int32 trap)', patch: { uploadPath: 'tf-tensor' } },
    ],
    why: [
      'PyTorch: the loader hands over uint8 images and masks; a Normalize module inside the model casts and normalizes on the GPU.',
      'A float32 RGB pixel is 12 B, a uint8 one 3 B; a mask pixel is 8 B as int64, 1 B as uint8.',
      'TensorFlow.js has no uint8 tensor: tf.tensor(Uint8Array) silently becomes int32, 4 B per value — the trap.',
      'BatchLab uploads the packed bytes itself and unpacks them in a WGSL shader, so uint8 really crosses as 1 B.',
      'Fewer bytes per batch also means less host memory per prefetched batch (lesson 2).',
    ],
    profileArms: true,
  },
  loaders: {
    id: 'loaders',
    title: 'Loader workers',
    question:
      'Does the GPU wait for data when one thread builds every batch, and do two loader workers feed it?',
    runLabel: 'Compare 0 and 2 loader workers',
    config: {
      ...LESSON_BASE,
      batchSize: 2,
      workers: 0,
      prefetch: 2,
      augment: true,
      blurRadiusPx: 24,
      sourceScale: 32,
    },
    arms: [
      { id: 'w0', label: '0 workers', patch: {} },
      { id: 'w2', label: '2 workers', patch: { workers: 2 } },
    ],
    why: [
      'Each batch here is expensive on purpose: 512 px sources, blurred, cropped and rescaled to 16 px, like decoding photos.',
      'With 0 workers the training thread builds each batch when the step asks for it: the GPU waits.',
      'Loader workers build batches in parallel and ahead of time; each holds up to "prefetch" whole batches in memory.',
      'Timing starts only after the initial prefetch has drained, and runs until the throughput is stable.',
      'Workers and a software GPU share the same CPU cores: past the core count, more workers slow the training itself.',
    ],
    profileArms: false,
  },
  gpus: {
    id: 'gpus',
    title: 'Several GPUs',
    question:
      "Why does DataParallel's first GPU run out of memory first, and how do loss-inside-forward and DDP fix it?",
    runLabel: 'Run the three strategies on 2 devices',
    config: { ...LESSON_BASE, batchSize: 4, maxSteps: 3 },
    arms: [],
    why: [
      "nn.DataParallel gathers every replica's output on device 0, which computes the loss and steps the optimizer.",
      "For segmentation the outputs are B×H×W×classes floats: device 0 holds the whole batch's, the others only their shard's.",
      'Computing the loss inside forward returns one number per replica instead of its outputs.',
      'DistributedDataParallel has no master: every device averages gradients by all-reduce and holds the same bytes.',
      'Here every "device" is a Web Worker with its own WebGPU device; on a software adapter they share the CPU, so compare memory and bytes, not time.',
    ],
    profileArms: false,
  },
};

/** Replicas the several-GPU lesson runs on. */
export const GPUS_LESSON_REPLICAS = 2;

/** The configuration an arm runs. */
export function armConfig(lesson: Lesson, arm: LessonArm): TrainConfig {
  return { ...lesson.config, ...arm.patch };
}

/** The link that opens a lesson as designed: its view, its configuration A, and its second arm as B. */
export function lessonHash(lesson: Lesson): string {
  const b = lesson.arms[1]?.patch;
  return encodeConfigToHash(lesson.config, { view: lesson.id, ...(b ? { b } : {}) });
}
