/**
 * Every setting of an experiment, declared once: its short link key and value codec (the link codec reads
 * these), its control and group (the form and the comparison's B fields read these; the label and help are
 * words, in each language's dictionary: src/i18n/<lang>/fields.ts), and
 * its role — whether changing it after Stop keeps the trained model (the training worker reads this).
 * Bounds come from LIMITS and the vocabularies from trainConfig.ts, which the schema reads too.
 * The mapped type makes a missing or extra field a compile error; the object's key order is the link's.
 * Pure data; imports only config. (Its length is the table's: one entry of six facts per setting.)
 */
import {
  BACKEND_PREFERENCES,
  DATA_SOURCES,
  IMAGE_DTYPES,
  LIMITS,
  MASK_DTYPES,
  MICRO_BATCH_COUNTS,
  NORMALIZE_PLACEMENTS,
  OPTIMIZERS,
  RECOMPUTE_MODES,
  UPLOAD_PATHS,
  type TrainConfig,
} from './trainConfig';
import { boolCodec, choiceCodec, intCodec, numCodec, numListCodec, type Codec } from './valueCodecs';

/**
 * What a change of the setting does to a stopped run at the next Start:
 * - `model`: it defines the model or its optimizer state (weights, Adam's moments, Normalize's constants):
 *   a new model is built from the seed;
 * - `data`: it shapes the batches; the trained model continues on the new batches;
 * - `loop`: it steers the training loop only (how long, how often to validate);
 * - `loader`: it steers the loader workers only;
 * - `device`: it picks the backend, which applies after a reload.
 */
export type FieldRole = 'model' | 'data' | 'loop' | 'loader' | 'device';

/** The form's fieldsets. */
export type FieldGroup = 'data' | 'training' | 'model' | 'loader';

export type FieldControl =
  | { kind: 'select'; options: readonly (string | number)[] }
  | { kind: 'number'; min: number; max: number; step: number }
  | { kind: 'checkbox' };

interface FieldFacts<T> {
  /** Short, stable key in links (`px`, `b.px` for B). Never rename: old links must keep working. */
  linkKey: string;
  codec: Codec<T>;
  role: FieldRole;
  group: FieldGroup;
  /** The form's control; null for settings edited elsewhere (mean/std: the Data path panel). */
  control: FieldControl | null;
}

type FieldTable = { readonly [K in keyof TrainConfig]: FieldFacts<TrainConfig[K]> };

const IMAGE_SIZES_PX = [16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512] as const;
const num = (b: { min: number; max: number }, step = 1): FieldControl => ({ kind: 'number', ...b, step });
const STAT_MEAN = { min: 0, max: 255 } as const;
const STAT_STD = { min: 1e-3, max: 255 } as const;

export const FIELD_TABLE: FieldTable = {
  seed: {
    linkKey: 's',
    codec: intCodec(LIMITS.seed),
    role: 'model',
    group: 'training',
    control: num(LIMITS.seed),
  },
  imageSizePx: {
    linkKey: 'px',
    codec: intCodec(LIMITS.imageSizePx, 8),
    role: 'data',
    group: 'data',
    control: { kind: 'select', options: IMAGE_SIZES_PX },
  },
  channels: {
    linkKey: 'ch',
    codec: choiceCodec([1, 3] as const),
    role: 'model',
    group: 'data',
    control: { kind: 'select', options: [1, 3] },
  },
  numClasses: {
    linkKey: 'k',
    codec: intCodec(LIMITS.numClasses),
    role: 'model',
    group: 'model',
    control: num(LIMITS.numClasses),
  },
  batchSize: {
    linkKey: 'b',
    codec: intCodec(LIMITS.batchSize),
    role: 'data',
    group: 'training',
    control: num(LIMITS.batchSize),
  },
  microBatches: {
    linkKey: 'mb',
    codec: choiceCodec(MICRO_BATCH_COUNTS),
    role: 'loop',
    group: 'training',
    control: { kind: 'select', options: MICRO_BATCH_COUNTS },
  },
  recompute: {
    linkKey: 'rc',
    codec: choiceCodec(RECOMPUTE_MODES),
    role: 'loop',
    group: 'training',
    control: { kind: 'select', options: RECOMPUTE_MODES },
  },
  depth: {
    linkKey: 'd',
    codec: intCodec(LIMITS.depth),
    role: 'model',
    group: 'model',
    control: num(LIMITS.depth),
  },
  baseWidth: {
    linkKey: 'w',
    codec: intCodec(LIMITS.baseWidth),
    role: 'model',
    group: 'model',
    control: num(LIMITS.baseWidth),
  },
  optimizer: {
    linkKey: 'opt',
    codec: choiceCodec(OPTIMIZERS),
    role: 'model',
    group: 'training',
    control: { kind: 'select', options: OPTIMIZERS },
  },
  learningRate: {
    linkKey: 'lr',
    codec: numCodec(LIMITS.learningRate),
    role: 'model',
    group: 'training',
    control: num(LIMITS.learningRate, 0.0001),
  },
  imageDtype: {
    linkKey: 'dt',
    codec: choiceCodec(IMAGE_DTYPES),
    role: 'data',
    group: 'data',
    control: { kind: 'select', options: IMAGE_DTYPES },
  },
  normalizeOn: {
    linkKey: 'norm',
    codec: choiceCodec(NORMALIZE_PLACEMENTS),
    role: 'data',
    group: 'data',
    control: { kind: 'select', options: NORMALIZE_PLACEMENTS },
  },
  uploadPath: {
    linkKey: 'up',
    codec: choiceCodec(UPLOAD_PATHS),
    role: 'data',
    group: 'data',
    control: { kind: 'select', options: UPLOAD_PATHS },
  },
  maskDtype: {
    linkKey: 'mk',
    codec: choiceCodec(MASK_DTYPES),
    role: 'data',
    group: 'data',
    control: { kind: 'select', options: MASK_DTYPES },
  },
  mean255: {
    linkKey: 'mean',
    codec: numListCodec(STAT_MEAN, 3),
    role: 'model',
    group: 'data',
    control: null,
  },
  std255: {
    linkKey: 'std',
    codec: numListCodec(STAT_STD, 3),
    role: 'model',
    group: 'data',
    control: null,
  },
  workers: {
    linkKey: 'wk',
    codec: intCodec(LIMITS.workers),
    role: 'loader',
    group: 'loader',
    control: num(LIMITS.workers),
  },
  prefetch: {
    linkKey: 'pf',
    codec: intCodec(LIMITS.prefetch),
    role: 'loader',
    group: 'loader',
    control: num(LIMITS.prefetch),
  },
  blurRadiusPx: {
    linkKey: 'blur',
    codec: intCodec(LIMITS.blurRadiusPx),
    role: 'data',
    group: 'loader',
    control: num(LIMITS.blurRadiusPx),
  },
  sourceScale: {
    linkKey: 'src',
    codec: intCodec(LIMITS.sourceScale),
    role: 'data',
    group: 'loader',
    control: num(LIMITS.sourceScale),
  },
  augment: {
    linkKey: 'aug',
    codec: boolCodec,
    role: 'data',
    group: 'loader',
    control: { kind: 'checkbox' },
  },
  storageLatencyMsPerSample: {
    linkKey: 'lat',
    codec: intCodec(LIMITS.storageLatencyMsPerSample),
    role: 'loader',
    group: 'loader',
    control: num(LIMITS.storageLatencyMsPerSample),
  },
  dataSource: {
    linkKey: 'data',
    codec: choiceCodec(DATA_SOURCES),
    role: 'data',
    group: 'data',
    control: null,
  },
  maxSteps: {
    linkKey: 'steps',
    codec: intCodec(LIMITS.maxSteps),
    role: 'loop',
    group: 'training',
    control: num(LIMITS.maxSteps),
  },
  validateEverySteps: {
    linkKey: 'val',
    codec: intCodec(LIMITS.validateEverySteps),
    role: 'loop',
    group: 'training',
    control: null,
  },
  backend: {
    linkKey: 'be',
    codec: choiceCodec(BACKEND_PREFERENCES),
    role: 'device',
    group: 'training',
    control: { kind: 'select', options: BACKEND_PREFERENCES },
  },
};

/** Every setting, in link order. */
export const CONFIG_KEYS: readonly (keyof TrainConfig)[] = Object.freeze(
  Object.keys(FIELD_TABLE) as (keyof TrainConfig)[],
);

/** Settings whose change after Stop builds a new model at the next Start. */
export const MODEL_KEYS: readonly (keyof TrainConfig)[] = Object.freeze(
  CONFIG_KEYS.filter((k) => FIELD_TABLE[k].role === 'model'),
);

/** Whether a model trained with `a` may continue training with `b` (every `model` setting equal). */
export function sameModel(a: TrainConfig, b: TrainConfig): boolean {
  return MODEL_KEYS.every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]));
}

/** The settings that differ between `a` and `b`, in link order. */
export function changedKeys(a: TrainConfig, b: TrainConfig): (keyof TrainConfig)[] {
  return CONFIG_KEYS.filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
}

/**
 * Most loader workers the form offers: one per logical core the browser reports, within LIMITS (a link may
 * still ask for more, up to LIMITS.workers.max). Unknown core count → the LIMITS maximum.
 */
export function maxLoaderWorkers(hardwareConcurrency: number | undefined): number {
  const cores =
    hardwareConcurrency !== undefined && hardwareConcurrency >= 1 ? Math.floor(hardwareConcurrency) : 0;
  return cores === 0 ? LIMITS.workers.max : Math.min(LIMITS.workers.max, Math.max(LIMITS.workers.min, cores));
}
