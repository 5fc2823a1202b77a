/**
 * Every setting of an experiment, declared once: its short link key and value codec (the link codec reads
 * these), its control and group (the form and the comparison's B fields read these; the label and help are
 * words, in each language's dictionary: src/i18n/<lang>/fields.ts), and
 * its role — whether changing it after Stop keeps the trained model (the training worker reads this).
 * Bounds come from LIMITS and the vocabularies from trainConfig.ts, which the schema reads too.
 * The mapped type makes a missing or extra field a compile error; the object's key order is the link's.
 * Pure data; imports only config. (Its length is the table's: one entry of six facts per setting, on one
 * line: the name, then FieldFacts' five in order; a control left out is the one the codec implies.)
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
import {
  boolCodec,
  choiceCodec,
  intCodec,
  numCodec,
  numListCodec,
  type Bounds,
  type Codec,
} from './valueCodecs';

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
const num = (b: Bounds, step = 1): FieldControl => ({ kind: 'number', ...b, step });
const select = (options: readonly (string | number)[]): FieldControl => ({ kind: 'select', options });
const LEARNING_RATE_INPUT = num(LIMITS.learningRate, 0.0001);
const STAT_MEAN = { min: 0, max: 255 } as const;
const STAT_STD = { min: 1e-3, max: 255 } as const;

/** An entry's facts in the order FieldFacts names them. */
const facts = <T>(
  linkKey: string,
  codec: Codec<T>,
  role: FieldRole,
  group: FieldGroup,
  control: FieldControl | null,
): FieldFacts<T> => ({ linkKey, codec, role, group, control });
/** A whole number within `b`; its control (by default) a number input with the same bounds. */
const int = (
  linkKey: string,
  b: Bounds,
  role: FieldRole,
  group: FieldGroup,
  control: FieldControl | null = num(b),
) => facts(linkKey, intCodec(b), role, group, control);
/** One of `values`; its control (by default) a select of the same values. */
const choice = <T extends string | number>(
  linkKey: string,
  values: readonly T[],
  role: FieldRole,
  group: FieldGroup,
  control: FieldControl | null = select(values),
) => facts(linkKey, choiceCodec(values), role, group, control);

export const FIELD_TABLE: FieldTable = {
  seed: int('s', LIMITS.seed, 'model', 'training'),
  imageSizePx: facts('px', intCodec(LIMITS.imageSizePx, 8), 'data', 'data', select(IMAGE_SIZES_PX)),
  channels: choice('ch', [1, 3] as const, 'model', 'data'),
  numClasses: int('k', LIMITS.numClasses, 'model', 'model'),
  batchSize: int('b', LIMITS.batchSize, 'data', 'training'),
  microBatches: choice('mb', MICRO_BATCH_COUNTS, 'loop', 'training'),
  recompute: choice('rc', RECOMPUTE_MODES, 'loop', 'training'),
  depth: int('d', LIMITS.depth, 'model', 'model'),
  baseWidth: int('w', LIMITS.baseWidth, 'model', 'model'),
  optimizer: choice('opt', OPTIMIZERS, 'model', 'training'),
  learningRate: facts('lr', numCodec(LIMITS.learningRate), 'model', 'training', LEARNING_RATE_INPUT),
  imageDtype: choice('dt', IMAGE_DTYPES, 'data', 'data'),
  normalizeOn: choice('norm', NORMALIZE_PLACEMENTS, 'data', 'data'),
  uploadPath: choice('up', UPLOAD_PATHS, 'data', 'data'),
  maskDtype: choice('mk', MASK_DTYPES, 'data', 'data'),
  mean255: facts('mean', numListCodec(STAT_MEAN, 3), 'model', 'data', null),
  std255: facts('std', numListCodec(STAT_STD, 3), 'model', 'data', null),
  workers: int('wk', LIMITS.workers, 'loader', 'loader'),
  prefetch: int('pf', LIMITS.prefetch, 'loader', 'loader'),
  blurRadiusPx: int('blur', LIMITS.blurRadiusPx, 'data', 'loader'),
  sourceScale: int('src', LIMITS.sourceScale, 'data', 'loader'),
  augment: facts('aug', boolCodec, 'data', 'loader', { kind: 'checkbox' }),
  storageLatencyMsPerSample: int('lat', LIMITS.storageLatencyMsPerSample, 'loader', 'loader'),
  dataSource: choice('data', DATA_SOURCES, 'data', 'data', null),
  maxSteps: int('steps', LIMITS.maxSteps, 'loop', 'training'),
  validateEverySteps: int('val', LIMITS.validateEverySteps, 'loop', 'training', null),
  backend: choice('be', BACKEND_PREFERENCES, 'device', 'training'),
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
