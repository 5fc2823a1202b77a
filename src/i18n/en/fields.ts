/**
 * English: every setting's form label, its short name in running text (chart markers, summaries) and its
 * help, keyed by TrainConfig field (config/fieldTable.ts holds the rest of each setting's facts); the form's
 * fieldsets.
 */
import type { FieldGroup } from '../../config/fieldTable';
import type { TrainConfig } from '../../config/trainConfig';

interface FieldText {
  label: string;
  short: string;
  help: string;
}

const settings = {
  seed: {
    label: 'Seed',
    short: 'seed',
    help: 'Fixes the data and the initial weights: the same seed reproduces the same run.',
  },
  imageSizePx: {
    label: 'Image size (px)',
    short: 'image size',
    help: 'Side of the square images. Memory and time grow with its square.',
  },
  channels: { label: 'Channels', short: 'channels', help: '1 = grayscale, 3 = RGB.' },
  numClasses: {
    label: 'Classes',
    short: 'classes',
    help: 'Background plus shape classes the model must tell apart.',
  },
  batchSize: {
    label: 'Batch size',
    short: 'batch size',
    help: 'Images per step. Bigger batches use the GPU better until memory runs out.',
  },
  microBatches: {
    label: 'Micro-batches',
    short: 'micro-batches',
    help: 'Runs the batch as this many equal parts and adds up their gradients before one optimizer step (gradient accumulation): the same gradients, the activations of one part, more time. Must divide the batch.',
  },
  recompute: {
    label: 'Recompute activations',
    short: 'recompute',
    help: '“block”: keep only each U-Net block’s input and output, and run the block’s forward again during the backward pass (gradient checkpointing): fewer activations for about one extra forward. The same gradients.',
  },
  depth: { label: 'U-Net depth', short: 'U-Net depth', help: 'Levels of down- and up-sampling.' },
  baseWidth: {
    label: 'Base width',
    short: 'base width',
    help: 'Channels of the first level; each deeper level doubles it.',
  },
  optimizer: {
    label: 'Optimizer',
    short: 'optimizer',
    help: 'Adam keeps two extra tensors per weight (more memory); SGD keeps none.',
  },
  learningRate: { label: 'Learning rate', short: 'learning rate', help: 'Step size of the optimizer.' },
  imageDtype: {
    label: 'Image storage dtype',
    short: 'image storage dtype',
    help: 'How the loader stores pixels. uint8 is 1 byte per value, float16 2, float32 4: the batch that crosses to the GPU shrinks with it.',
  },
  normalizeOn: {
    label: 'Normalize in',
    short: 'normalize in',
    help: '“loader”: (x − mean) / std on the CPU, so values must be floats. “model”: the first layer does it on the GPU, so raw bytes can travel.',
  },
  uploadPath: {
    label: 'uint8 upload',
    short: 'uint8 upload',
    help: '“packed”: bytes cross as bytes and a WGSL shader unpacks them. “tf-tensor”: tf.tensor(Uint8Array), which TensorFlow.js silently widens to int32 — 4 bytes each.',
  },
  maskDtype: {
    label: 'Mask dtype',
    short: 'mask dtype',
    help: 'Per-pixel class labels: uint8 (1 B), int32 (4 B), or a float32 one-hot built on the CPU (4 B × classes).',
  },
  mean255: { label: 'Mean (0–255)', short: 'mean', help: 'Per-channel mean subtracted by Normalize.' },
  std255: {
    label: 'Std (0–255)',
    short: 'std',
    help: 'Per-channel standard deviation Normalize divides by.',
  },
  workers: {
    label: 'Loader workers',
    short: 'workers',
    help: '0 builds each batch inside the training worker when a step asks for it, so the GPU waits (PyTorch num_workers=0). More workers build batches in parallel, each holding up to “prefetch” whole batches in memory. Takes effect at the next Start.',
  },
  prefetch: {
    label: 'Prefetch per worker',
    short: 'prefetch per worker',
    help: 'Batches each loader worker builds ahead. Host memory held ≤ (workers × prefetch + 1) × batch bytes. Takes effect at the next Start.',
  },
  blurRadiusPx: {
    label: 'Blur radius (px)',
    short: 'blur radius',
    help: 'A box blur of the source image, costly on purpose: its cost grows with the radius and the source size. Raise it to make the GPU wait for data.',
  },
  sourceScale: {
    label: 'Source scale (×)',
    short: 'source scale',
    help: "Samples are rendered at this many times the image size (like photos decoded at full resolution), then cropped and rescaled to the image size. The loader's work grows with its square; the source side is at most {maxPx} px.",
  },
  augment: {
    label: 'Augment',
    short: 'augment',
    help: 'Random flips, crops, brightness and noise, done by the loader on the CPU.',
  },
  storageLatencyMsPerSample: {
    label: 'Storage latency per sample (ms, simulated)',
    short: 'storage latency',
    help: 'Simulated: the loader waits this long for each sample, as reading it from a slow disk or the network would. A timer, not CPU work: loader workers overlap these waits. 0 = samples are in memory.',
  },
  dataSource: {
    label: 'Dataset',
    short: 'dataset',
    help: 'Synthetic shapes, your own image + mask files (they stay in this browser), or photos BatchLab draws and encodes as JPEG at startup.',
  },
  maxSteps: { label: 'Steps', short: 'steps', help: 'Training stops after this many steps.' },
  validateEverySteps: {
    label: 'Validate every (steps)',
    short: 'validate every',
    help: 'Pixel accuracy and mean IoU on a fixed validation batch, every this many steps.',
  },
  backend: {
    label: 'Backend',
    short: 'backend',
    help: 'auto tries WebGPU, then WebGL, then the CPU. Applies after a reload.',
  },
} satisfies Record<keyof TrainConfig, FieldText>;

/**
 * Words for a select's values, per setting. English shows the values themselves (the help text quotes
 * them); other languages word them. A value not listed here (uint8, 16, 2) is code-like and shows as itself.
 */
const options = {
  optimizer: { adam: 'adam', sgd: 'sgd' },
  normalizeOn: { loader: 'loader', model: 'model' },
  uploadPath: { packed: 'packed', 'tf-tensor': 'tf-tensor' },
  maskDtype: { 'float32-onehot': 'float32-onehot' },
  backend: { auto: 'auto', webgpu: 'webgpu', webgl: 'webgl', cpu: 'cpu' },
  recompute: { off: 'off', block: 'block' },
} satisfies { [K in keyof TrainConfig]?: Record<string, string> };

export const fields = {
  title: 'Experiment',
  lessonTitle: 'Lesson settings',
  groups: { data: 'Data path', training: 'Training', model: 'Model', loader: 'Loader' } satisfies Record<
    FieldGroup,
    string
  >,
  settings,
  options,
};
