/**
 * The controls of the config form, declared once: label, plain-language explanation, and the control.
 * The form renders this table; nothing else knows the list.
 */
import {
  BACKEND_PREFERENCES,
  IMAGE_DTYPES,
  LIMITS,
  MASK_DTYPES,
  NORMALIZE_PLACEMENTS,
  OPTIMIZERS,
  SOURCE_SIDE_MAX_PX,
  UPLOAD_PATHS,
  type TrainConfig,
} from '../config/trainConfig';

export type FieldControl =
  | { kind: 'select'; options: readonly (string | number)[] }
  | { kind: 'number'; min: number; max: number; step: number }
  | { kind: 'checkbox' };

export interface FieldSpec {
  key: keyof TrainConfig;
  label: string;
  help: string;
  control: FieldControl;
  group: 'data' | 'model' | 'training' | 'loader';
}

const sizes = [16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512] as const;
const num = (b: { min: number; max: number }, step = 1): FieldControl => ({ kind: 'number', ...b, step });

/**
 * What a typed number becomes in the config: clamped to the control's range and, for whole-number steps,
 * snapped to min + k·step (a typed 1.5 workers must not reach the config: the schema would reject it and a
 * shared link would decode to something else). null for anything that is not a finite number.
 */
export function numberInputValue(
  typed: number,
  control: { min: number; max: number; step: number },
): number | null {
  if (!Number.isFinite(typed)) return null;
  const clamped = Math.min(control.max, Math.max(control.min, typed));
  if (control.step < 1) return clamped;
  const snapped = control.min + Math.round((clamped - control.min) / control.step) * control.step;
  return snapped > control.max ? snapped - control.step : snapped;
}

/**
 * Most loader workers worth offering: one per logical core the browser reports, within LIMITS (a link may
 * still ask for more, up to LIMITS.workers.max). Unknown core count → the LIMITS maximum.
 */
export function maxLoaderWorkers(hardwareConcurrency: number | undefined): number {
  const cores =
    hardwareConcurrency !== undefined && hardwareConcurrency >= 1 ? Math.floor(hardwareConcurrency) : 0;
  return cores === 0 ? LIMITS.workers.max : Math.min(LIMITS.workers.max, Math.max(LIMITS.workers.min, cores));
}
const WORKERS_MAX = maxLoaderWorkers(
  typeof navigator === 'undefined' ? undefined : navigator.hardwareConcurrency,
);

export const CONFIG_FIELDS: readonly FieldSpec[] = [
  {
    key: 'imageDtype',
    group: 'data',
    label: 'Image storage dtype',
    help: 'How the loader stores pixels. uint8 is 1 byte per value, float16 2, float32 4: the batch that crosses to the GPU shrinks with it.',
    control: { kind: 'select', options: IMAGE_DTYPES },
  },
  {
    key: 'normalizeOn',
    group: 'data',
    label: 'Normalize in',
    help: '“loader”: (x − mean) / std on the CPU, so values must be floats. “model”: the first layer does it on the GPU, so raw bytes can travel.',
    control: { kind: 'select', options: NORMALIZE_PLACEMENTS },
  },
  {
    key: 'uploadPath',
    group: 'data',
    label: 'uint8 upload',
    help: '“packed”: bytes cross as bytes and a WGSL shader unpacks them. “tf-tensor”: tf.tensor(Uint8Array), which TensorFlow.js silently widens to int32 — 4 bytes each.',
    control: { kind: 'select', options: UPLOAD_PATHS },
  },
  {
    key: 'maskDtype',
    group: 'data',
    label: 'Mask dtype',
    help: 'Per-pixel class labels: uint8 (1 B), int32 (4 B), or a float32 one-hot built on the CPU (4 B × classes).',
    control: { kind: 'select', options: MASK_DTYPES },
  },
  {
    key: 'imageSizePx',
    group: 'data',
    label: 'Image size (px)',
    help: 'Side of the square images. Memory and time grow with its square.',
    control: { kind: 'select', options: sizes },
  },
  {
    key: 'channels',
    group: 'data',
    label: 'Channels',
    help: '1 = grayscale, 3 = RGB.',
    control: { kind: 'select', options: [1, 3] },
  },
  {
    key: 'batchSize',
    group: 'training',
    label: 'Batch size',
    help: 'Images per step. Bigger batches use the GPU better until memory runs out.',
    control: num(LIMITS.batchSize),
  },
  {
    key: 'learningRate',
    group: 'training',
    label: 'Learning rate',
    help: 'Step size of the optimizer.',
    control: num(LIMITS.learningRate, 0.0001),
  },
  {
    key: 'optimizer',
    group: 'training',
    label: 'Optimizer',
    help: 'Adam keeps two extra tensors per weight (more memory); SGD keeps none.',
    control: { kind: 'select', options: OPTIMIZERS },
  },
  {
    key: 'maxSteps',
    group: 'training',
    label: 'Steps',
    help: 'Training stops after this many steps.',
    control: num(LIMITS.maxSteps),
  },
  {
    key: 'seed',
    group: 'training',
    label: 'Seed',
    help: 'Fixes the data and the initial weights: the same seed reproduces the same run.',
    control: num(LIMITS.seed),
  },
  {
    key: 'depth',
    group: 'model',
    label: 'U-Net depth',
    help: 'Levels of down- and up-sampling.',
    control: num(LIMITS.depth),
  },
  {
    key: 'baseWidth',
    group: 'model',
    label: 'Base width',
    help: 'Channels of the first level; each deeper level doubles it.',
    control: num(LIMITS.baseWidth),
  },
  {
    key: 'numClasses',
    group: 'model',
    label: 'Classes',
    help: 'Background plus shape classes the model must tell apart.',
    control: num(LIMITS.numClasses),
  },
  {
    key: 'augment',
    group: 'loader',
    label: 'Augment',
    help: 'Random flips, crops, brightness and noise, done by the loader on the CPU.',
    control: { kind: 'checkbox' },
  },
  {
    key: 'blurRadiusPx',
    group: 'loader',
    label: 'Blur radius (px)',
    help: 'A box blur of the source image, costly on purpose: its cost grows with the radius and the source size. Raise it to make the GPU wait for data.',
    control: num(LIMITS.blurRadiusPx),
  },
  {
    key: 'sourceScale',
    group: 'loader',
    label: 'Source scale (×)',
    help: `Samples are rendered at this many times the image size (like photos decoded at full resolution), then cropped and rescaled to the image size. The loader's work grows with its square; the source side is at most ${SOURCE_SIDE_MAX_PX} px.`,
    control: num(LIMITS.sourceScale),
  },
  {
    key: 'workers',
    group: 'loader',
    label: 'Loader workers',
    help: '0 builds each batch inside the training worker when a step asks for it, so the GPU waits (PyTorch num_workers=0). More workers build batches in parallel, each holding up to “prefetch” whole batches in memory. Takes effect at the next Start.',
    control: num({ min: LIMITS.workers.min, max: WORKERS_MAX }),
  },
  {
    key: 'prefetch',
    group: 'loader',
    label: 'Prefetch per worker',
    help: 'Batches each loader worker builds ahead. Host memory held ≤ workers × prefetch × batch bytes. Takes effect at the next Start.',
    control: num(LIMITS.prefetch),
  },
  {
    key: 'backend',
    group: 'training',
    label: 'Backend',
    help: 'auto tries WebGPU, then WebGL, then the CPU. Applies after a reload.',
    control: { kind: 'select', options: BACKEND_PREFERENCES },
  },
];
