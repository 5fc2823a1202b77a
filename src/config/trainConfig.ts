/**
 * The one description of an experiment: every setting a run depends on, declared once with its bounds.
 * Pure data + zod schema. Imported by every layer; imports nothing of the app.
 */
import { z } from 'zod';

// The app runs under a CSP without 'unsafe-eval': keep zod off its `new Function` fast path. This must
// run before the first schema is built, so it lives here, in the module every schema user imports first.
z.config({ jitless: true });

export const IMAGE_DTYPES = ['uint8', 'float16', 'float32'] as const;
export type ImageDtype = (typeof IMAGE_DTYPES)[number];

export const NORMALIZE_PLACEMENTS = ['loader', 'model'] as const;
/** Where (x - mean) / std happens: in the data loader on the CPU, or in the model's first layer on the GPU. */
export type NormalizePlacement = (typeof NORMALIZE_PLACEMENTS)[number];

export const MASK_DTYPES = ['uint8', 'int32', 'float32-onehot'] as const;
export type MaskDtype = (typeof MASK_DTYPES)[number];

/**
 * How image bytes reach the GPU. `packed`: the storage bytes cross as they are (1/2/4 B per element) and a
 * WGSL program unpacks them. `tf-tensor`: the naive path, `tf.tensor(Uint8Array)`, which tfjs widens to
 * int32 (4 B per element) — kept to show the trap.
 */
export const UPLOAD_PATHS = ['packed', 'tf-tensor'] as const;
export type UploadPath = (typeof UPLOAD_PATHS)[number];

export const OPTIMIZERS = ['adam', 'sgd'] as const;
export type OptimizerName = (typeof OPTIMIZERS)[number];

/**
 * Where training samples come from: BatchLab's synthetic shapes, the user's own image + mask files
 * (never part of a link: a link naming them falls back to synthetic), or "photos", JPEGs BatchLab draws
 * and encodes at startup so the loader pays a real decode.
 */
export const DATA_SOURCES = ['synthetic', 'files', 'photos'] as const;
export type DataSource = (typeof DATA_SOURCES)[number];

/** How many equal micro-batches one step's batch runs as (gradients accumulated, one optimizer step). */
export const MICRO_BATCH_COUNTS = [1, 2, 4, 8, 16, 32, 64] as const;
export type MicroBatchCount = (typeof MICRO_BATCH_COUNTS)[number];

/**
 * Activation recomputation: `off` keeps every activation the backward pass needs; `block` keeps only each
 * U-Net block's input and output (a block = its two 3×3 convs) and recomputes the block's inside during
 * the backward pass.
 */
export const RECOMPUTE_MODES = ['off', 'block'] as const;
export type RecomputeMode = (typeof RECOMPUTE_MODES)[number];

export const BACKEND_PREFERENCES = ['auto', 'webgpu', 'webgl', 'cpu'] as const;
export type BackendPreference = (typeof BACKEND_PREFERENCES)[number];

/** Bounds shared by the schema, the UI sliders and the URL codec. */
export const LIMITS = {
  imageSizePx: { min: 16, max: 512 },
  batchSize: { min: 1, max: 512 },
  depth: { min: 2, max: 4 },
  baseWidth: { min: 4, max: 64 },
  numClasses: { min: 2, max: 6 },
  learningRate: { min: 1e-5, max: 1 },
  seed: { min: 0, max: 2 ** 31 - 1 },
  workers: { min: 0, max: 16 },
  prefetch: { min: 1, max: 4 },
  blurRadiusPx: { min: 0, max: 32 },
  sourceScale: { min: 1, max: 64 },
  storageLatencyMsPerSample: { min: 0, max: 1000 },
  maxSteps: { min: 1, max: 100_000 },
  validateEverySteps: { min: 1, max: 1000 },
} as const;

/** Largest source image the loader renders, px per side (imageSizePx × sourceScale ≤ this). */
export const SOURCE_SIDE_MAX_PX = 1024;

/** The largest sourceScale whose source side fits SOURCE_SIDE_MAX_PX at `imageSizePx`. */
export function maxSourceScale(imageSizePx: number): number {
  return Math.max(
    LIMITS.sourceScale.min,
    Math.min(LIMITS.sourceScale.max, Math.floor(SOURCE_SIDE_MAX_PX / imageSizePx)),
  );
}

const intIn = (b: { min: number; max: number }) => z.number().int().min(b.min).max(b.max);
const numIn = (b: { min: number; max: number }) => z.number().min(b.min).max(b.max);
const channelStat = z.number().min(0).max(255);

export const trainConfigFields = z.object({
  seed: intIn(LIMITS.seed),
  imageSizePx: intIn(LIMITS.imageSizePx).refine((v) => v % 8 === 0, 'image size must be a multiple of 8'),
  channels: z.union([z.literal(1), z.literal(3)]),
  numClasses: intIn(LIMITS.numClasses),
  batchSize: intIn(LIMITS.batchSize),
  /** The batch runs as this many equal micro-batches (a divisor of batchSize): same gradients, less memory. */
  microBatches: z.union(MICRO_BATCH_COUNTS.map((k) => z.literal(k))),
  recompute: z.enum(RECOMPUTE_MODES),
  depth: intIn(LIMITS.depth),
  baseWidth: intIn(LIMITS.baseWidth),
  optimizer: z.enum(OPTIMIZERS),
  learningRate: numIn(LIMITS.learningRate),
  imageDtype: z.enum(IMAGE_DTYPES),
  normalizeOn: z.enum(NORMALIZE_PLACEMENTS),
  uploadPath: z.enum(UPLOAD_PATHS),
  maskDtype: z.enum(MASK_DTYPES),
  /** Per-channel mean on the 0–255 scale (length = channels). */
  mean255: z.array(channelStat).min(1).max(3),
  /** Per-channel standard deviation on the 0–255 scale (length = channels), > 0. */
  std255: z.array(channelStat.min(1e-3)).min(1).max(3),
  workers: intIn(LIMITS.workers),
  prefetch: intIn(LIMITS.prefetch),
  /** Box-blur radius applied by the loader to the source image: a knob that makes batches expensive to build. */
  blurRadiusPx: intIn(LIMITS.blurRadiusPx),
  /**
   * Samples are rendered at sourceScale × imageSizePx (like photos decoded at full size), then crop +
   * area-rescaled to the model's input: the loader's work grows with sourceScale². 1 = render at input size.
   */
  sourceScale: intIn(LIMITS.sourceScale),
  augment: z.boolean(),
  /**
   * Simulated storage: the loader waits this long per sample (a timer, no CPU work), as reading each sample
   * from a slow disk or network would. Whole ms. 0 = samples are in memory.
   */
  storageLatencyMsPerSample: intIn(LIMITS.storageLatencyMsPerSample),
  dataSource: z.enum(DATA_SOURCES),
  maxSteps: intIn(LIMITS.maxSteps),
  validateEverySteps: intIn(LIMITS.validateEverySteps),
  backend: z.enum(BACKEND_PREFERENCES),
});

/**
 * Combinations that cannot exist: uint8 storage cannot hold normalized values, and the naive
 * `tf.tensor(Uint8Array)` path only exists for uint8; mean/std carry one value per channel.
 */
export const trainConfigSchema = trainConfigFields.superRefine((c, ctx) => {
  if (c.imageDtype === 'uint8' && c.normalizeOn === 'loader') {
    ctx.addIssue({ code: 'custom', path: ['normalizeOn'], message: 'uint8 storage normalizes in the model' });
  }
  if (c.uploadPath === 'tf-tensor' && c.imageDtype !== 'uint8') {
    ctx.addIssue({
      code: 'custom',
      path: ['uploadPath'],
      message: 'the tf.tensor path applies to uint8 only',
    });
  }
  if (c.mean255.length !== c.channels || c.std255.length !== c.channels) {
    ctx.addIssue({ code: 'custom', path: ['mean255'], message: 'mean and std need one value per channel' });
  }
  if (c.batchSize % c.microBatches !== 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['microBatches'],
      message: 'the batch must split into equal micro-batches',
    });
  }
  if (c.imageSizePx * c.sourceScale > SOURCE_SIDE_MAX_PX) {
    ctx.addIssue({
      code: 'custom',
      path: ['sourceScale'],
      message: `the source side (image size × source scale) is at most ${SOURCE_SIDE_MAX_PX} px`,
    });
  }
});

export type TrainConfig = z.infer<typeof trainConfigFields>;

/**
 * Per-channel statistics of BatchLab's synthetic dataset on the 0–255 scale, measured with
 * measureChannelStats (seed 42, 32 px, 4 classes, 256 samples); a unit test re-measures and pins them.
 */
export const DATASET_STATS = {
  1: { mean255: [110.4], std255: [34.9] },
  3: { mean255: [110.1, 106.0, 105.2], std255: [36.6, 29.9, 31.5] },
} as const;

/** The article's grayscale statistics (0.221·255 / 0.242·255), offered as an alternative. */
export const ARTICLE_GRAY_MEAN255 = 0.221 * 255;
export const ARTICLE_GRAY_STD255 = 0.242 * 255;

export const DEFAULT_CONFIG: TrainConfig = {
  seed: 42,
  imageSizePx: 32,
  channels: 3,
  numClasses: 4,
  batchSize: 4,
  microBatches: 1,
  recompute: 'off',
  depth: 2,
  baseWidth: 8,
  optimizer: 'adam',
  learningRate: 0.01,
  imageDtype: 'uint8',
  normalizeOn: 'model',
  uploadPath: 'packed',
  maskDtype: 'uint8',
  mean255: [...DATASET_STATS[3].mean255],
  std255: [...DATASET_STATS[3].std255],
  workers: 0,
  prefetch: 2,
  blurRadiusPx: 0,
  sourceScale: 1,
  augment: true,
  storageLatencyMsPerSample: 0,
  dataSource: 'synthetic',
  maxSteps: 1000,
  validateEverySteps: 10,
  backend: 'auto',
};
