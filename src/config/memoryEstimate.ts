/**
 * Pre-flight estimate of the GPU memory one tfjs training step of the U-Net needs, and whether it fits a
 * device's limits: run before the first step so that an oversized config gets a plain-words refusal
 * instead of a GPUValidationError and silently wrong numbers. Pure arithmetic over unetSpec.ts: no tfjs,
 * no DOM.
 *
 * What is counted (tfjs on WebGPU stores every float32 and int32 element in 4 bytes):
 * - parameters: each conv's kernel and bias; gradients: one tensor of the same size per parameter tensor;
 *   optimizer slots: Adam's first and second moments (2 per parameter; its two scalar β-power variables,
 *   8 B, are ignored), SGD none.
 * - batch: the uploaded image tensor (packed: the storage bytes rounded up to whole 4-byte elements;
 *   tf-tensor: int32, 4 B per element, plus its float32 cast), the float32 model input, the uploaded
 *   labels, their int32 unpacking (uint8 masks) and the float32 one-hot that softmax cross-entropy reads.
 * - activations kept for the backward pass (tfjs keeps every tensor of the forward pass until the
 *   gradients are computed): per conv, the conv2d result, the bias sum (pre-ReLU; for the head, the
 *   logits) and the ReLU output, as unet.ts builds a layer from conv2d + add + relu; pool, resize and
 *   concat outputs; and the loss's [B·S·S, K] tensors: log-softmax with its two intermediates (shifted
 *   logits, their exp) and the one-hot-weighted log-probabilities, plus the per-pixel loss [B·S·S].
 * - transient: while the backward pass runs, the gradient arriving at an op and the gradient it passes on
 *   are alive together; each is at most as large as the largest activation, so the allowance is the sum
 *   of the two largest activations.
 * Allocator pooling, fragmentation and tfjs's shader uniforms are not modelled: read the totals as "about".
 */
import { formatBytes } from './byteFormat';
import { IMAGE_DTYPE_BYTES } from './hostBatchBytes';
import type { TrainConfig } from './trainConfig';
import { LIMITS } from './trainConfig';
import { HEAD_NAME, describeUNet, kernelShape, outputElements } from './unetSpec';

/** Bytes per element of every tfjs tensor on WebGPU (float32 and int32 alike). */
export const GPU_BYTES_PER_ELEMENT = 4;

/** The settings the estimate depends on; a TrainConfig is one. */
export type MemoryConfig = Pick<
  TrainConfig,
  | 'batchSize'
  | 'imageSizePx'
  | 'channels'
  | 'numClasses'
  | 'depth'
  | 'baseWidth'
  | 'optimizer'
  | 'imageDtype'
  | 'normalizeOn'
  | 'uploadPath'
  | 'maskDtype'
>;

export interface MemoryOptions {
  /**
   * Bytes of the uploaded image tensor at `config.batchSize`, as measured by the caller; replaces the
   * computed figure. Estimates at other batch sizes (checkFits's search) scale it linearly.
   */
  uploadedImageBytes?: number;
}

export type MemoryGroup = 'parameter' | 'gradient' | 'optimizer' | 'batch' | 'activation' | 'transient';

/** One GPU buffer of the estimate. */
export interface TensorBytes {
  /**
   * An op of unetSpec ('enc0a' post-ReLU, 'cat0', 'head' = logits…) or its '.conv' / '.preRelu' stage;
   * a weight '<conv>.kernel' / '<conv>.bias', its 'grad(…)' or Adam slot '….m' / '….v'; a batch tensor
   * 'images.upload' / 'images.cast' / 'images.float32' / 'labels.upload' / 'labels.int32' /
   * 'labels.onehot'; a 'loss.…' tensor; or 'grad(<activation>)' for the transient allowance.
   */
  name: string;
  group: MemoryGroup;
  bytes: number;
}

export interface MemoryEstimate {
  /** The memory-relevant settings this estimate was made for. */
  config: MemoryConfig;
  options: MemoryOptions;
  parameterBytes: number;
  gradientBytes: number;
  optimizerBytes: number;
  activationBytes: number;
  batchBytes: number;
  transientBytes: number;
  /** Sum of the six groups above. */
  totalBytes: number;
  /** The largest single tensor: what maxBufferSize and maxStorageBufferBindingSize must admit. */
  largestBufferBytes: number;
  largestBufferName: string;
  /** Every buffer counted, grouped: parameters, gradients, optimizer, batch, activations, transient. */
  tensors: readonly TensorBytes[];
}

/** What a device allows; from GPUAdapter/GPUDevice limits and a budget the caller chooses. */
export interface DeviceMemoryLimits {
  maxBufferSizeBytes: number;
  maxStorageBufferBindingSizeBytes: number;
  /** Total bytes a step may use. */
  memoryBudgetBytes: number;
}

export type FitResult =
  | { ok: true }
  | {
      ok: false;
      /** Plain words with the numbers: what is needed, what the device allows, what would fit. */
      reason: string;
      /** Largest batch size in 1..LIMITS.batchSize.max that fits with every other setting unchanged; 0 if none. */
      largestBatchThatFits: number;
    };

const roundUpToElement = (bytes: number): number =>
  Math.ceil(bytes / GPU_BYTES_PER_ELEMENT) * GPU_BYTES_PER_ELEMENT;

function batchTensors(config: MemoryConfig, options: MemoryOptions): TensorBytes[] {
  const { batchSize, imageSizePx, channels, numClasses } = config;
  const pixels = batchSize * imageSizePx * imageSizePx;
  const imageElements = pixels * channels;
  const f32 = (elements: number): number => elements * GPU_BYTES_PER_ELEMENT;
  const tensors: TensorBytes[] = [];
  const add = (name: string, bytes: number) => tensors.push({ name, group: 'batch', bytes });

  // The packed path sends the host storage bytes as they are.
  const computedUploadBytes =
    config.uploadPath === 'tf-tensor'
      ? f32(imageElements)
      : roundUpToElement(imageElements * IMAGE_DTYPE_BYTES[config.imageDtype]);
  add('images.upload', options.uploadedImageBytes ?? computedUploadBytes);
  // tf.tensor(Uint8Array) arrives as int32: a float32 cast precedes normalization.
  if (config.uploadPath === 'tf-tensor') add('images.cast', f32(imageElements));
  // Packed float32 that the loader already normalized is the model input as uploaded.
  const uploadIsInput =
    config.uploadPath === 'packed' && config.imageDtype === 'float32' && config.normalizeOn === 'loader';
  if (!uploadIsInput) add('images.float32', f32(imageElements));

  if (config.maskDtype === 'uint8') {
    add('labels.upload', roundUpToElement(pixels));
    add('labels.int32', f32(pixels));
  } else if (config.maskDtype === 'int32') {
    add('labels.upload', f32(pixels));
  } else {
    add('labels.upload', f32(pixels * numClasses));
  }
  if (config.maskDtype !== 'float32-onehot') add('labels.onehot', f32(pixels * numClasses));
  return tensors;
}

function checkBatchSize(batchSize: number): void {
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    throw new RangeError(`batch size must be a positive integer, got ${batchSize}`);
  }
}

/** Estimates the GPU memory of one training step. Throws RangeError for shapes the U-Net cannot take. */
export function estimateTrainingMemory(config: MemoryConfig, options: MemoryOptions = {}): MemoryEstimate {
  const { batchSize, imageSizePx, numClasses } = config;
  checkBatchSize(batchSize);
  const spec = describeUNet(config);
  const f32 = (elements: number): number => elements * GPU_BYTES_PER_ELEMENT;
  const tensors: TensorBytes[] = [];

  const weights: TensorBytes[] = spec.convs.flatMap((conv) => {
    const [kh, kw, cin, cout] = kernelShape(conv);
    return [
      { name: `${conv.name}.kernel`, group: 'parameter' as const, bytes: f32(kh * kw * cin * cout) },
      { name: `${conv.name}.bias`, group: 'parameter' as const, bytes: f32(conv.outChannels) },
    ];
  });
  tensors.push(...weights);
  tensors.push(
    ...weights.map((w) => ({ name: `grad(${w.name})`, group: 'gradient' as const, bytes: w.bytes })),
  );
  if (config.optimizer === 'adam') {
    for (const slot of ['m', 'v']) {
      tensors.push(
        ...weights.map((w) => ({ name: `${w.name}.${slot}`, group: 'optimizer' as const, bytes: w.bytes })),
      );
    }
  }

  tensors.push(...batchTensors(config, options));

  const activations: TensorBytes[] = [];
  const keep = (name: string, bytes: number) => activations.push({ name, group: 'activation', bytes });
  for (const op of spec.ops) {
    const bytes = f32(outputElements(op, batchSize, imageSizePx));
    if (op.kind === 'conv') keep(`${op.name}.conv`, bytes);
    if (op.kind === 'conv' && op.relu) keep(`${op.name}.preRelu`, bytes);
    keep(op.name, bytes);
  }
  const pixels = batchSize * imageSizePx * imageSizePx;
  for (const name of ['loss.shifted', 'loss.exp', 'loss.logSoftmax', 'loss.weighted']) {
    keep(name, f32(pixels * numClasses));
  }
  keep('loss.perPixel', f32(pixels));
  tensors.push(...activations);

  const [first, second] = [...activations].sort((a, b) => b.bytes - a.bytes);
  for (const big of [first, second]) {
    if (big) tensors.push({ name: `grad(${big.name})`, group: 'transient', bytes: big.bytes });
  }

  const groupBytes = (group: MemoryGroup): number =>
    tensors.reduce((sum, t) => (t.group === group ? sum + t.bytes : sum), 0);
  let largest: TensorBytes = { name: HEAD_NAME, group: 'activation', bytes: 0 };
  for (const t of tensors) if (t.bytes > largest.bytes) largest = t;

  const parameterBytes = groupBytes('parameter');
  const gradientBytes = groupBytes('gradient');
  const optimizerBytes = groupBytes('optimizer');
  const activationBytes = groupBytes('activation');
  const batchBytes = groupBytes('batch');
  const transientBytes = groupBytes('transient');
  return {
    config: pickMemoryConfig(config),
    options: { ...options },
    parameterBytes,
    gradientBytes,
    optimizerBytes,
    activationBytes,
    batchBytes,
    transientBytes,
    totalBytes:
      parameterBytes + gradientBytes + optimizerBytes + activationBytes + batchBytes + transientBytes,
    largestBufferBytes: largest.bytes,
    largestBufferName: largest.name,
    tensors,
  };
}

function pickMemoryConfig(c: MemoryConfig): MemoryConfig {
  return {
    batchSize: c.batchSize,
    imageSizePx: c.imageSizePx,
    channels: c.channels,
    numClasses: c.numClasses,
    depth: c.depth,
    baseWidth: c.baseWidth,
    optimizer: c.optimizer,
    imageDtype: c.imageDtype,
    normalizeOn: c.normalizeOn,
    uploadPath: c.uploadPath,
    maskDtype: c.maskDtype,
  };
}

/** Bytes in plain words: "512 B", "1.5 KiB" (config/byteFormat.ts owns the rule; the messages here use it). */
export { formatBytes };

const perBufferBytes = (limits: DeviceMemoryLimits): number =>
  Math.min(limits.maxBufferSizeBytes, limits.maxStorageBufferBindingSizeBytes);

function fitsLimits(estimate: MemoryEstimate, limits: DeviceMemoryLimits): boolean {
  return (
    estimate.largestBufferBytes <= perBufferBytes(limits) && estimate.totalBytes <= limits.memoryBudgetBytes
  );
}

/** The same estimate at another batch size, every other setting unchanged. */
function estimateAtBatch(estimate: MemoryEstimate, batchSize: number): MemoryEstimate {
  const { config, options } = estimate;
  const scaled: MemoryOptions = {};
  if (options.uploadedImageBytes !== undefined) {
    scaled.uploadedImageBytes = Math.ceil((options.uploadedImageBytes * batchSize) / config.batchSize);
  }
  return estimateTrainingMemory({ ...config, batchSize }, scaled);
}

/**
 * Largest batch size in 1..LIMITS.batchSize.max that fits, every other setting unchanged; 0 if none.
 * Binary search: every term of the estimate grows with the batch size, so "fits" holds for a prefix.
 */
export function findLargestBatchThatFits(estimate: MemoryEstimate, limits: DeviceMemoryLimits): number {
  let fits = 0;
  let tooBig = LIMITS.batchSize.max + 1;
  while (tooBig - fits > 1) {
    const mid = Math.floor((fits + tooBig) / 2);
    if (fitsLimits(estimateAtBatch(estimate, mid), limits)) fits = mid;
    else tooBig = mid;
  }
  return fits;
}

/** Whether the estimated step fits the device; if not, why in plain words and the largest batch that would. */
export function checkFits(estimate: MemoryEstimate, limits: DeviceMemoryLimits): FitResult {
  if (fitsLimits(estimate, limits)) return { ok: true };
  const { batchSize, imageSizePx } = estimate.config;
  const allowed: string[] = [];
  if (estimate.largestBufferBytes > perBufferBytes(limits)) {
    allowed.push(`this GPU allows ${formatBytes(perBufferBytes(limits))} per buffer`);
  }
  if (estimate.totalBytes > limits.memoryBudgetBytes) {
    allowed.push(`the memory budget is ${formatBytes(limits.memoryBudgetBytes)}`);
  }
  const best = findLargestBatchThatFits(estimate, limits);
  const advice =
    best > 0
      ? `The largest batch that fits is ${best}.`
      : 'Even batch 1 does not fit: lower the image size, the depth or the base width.';
  const reason =
    `Batch ${batchSize} at ${imageSizePx}×${imageSizePx} needs about ${formatBytes(estimate.totalBytes)}, ` +
    `its largest buffer ${formatBytes(estimate.largestBufferBytes)} (${estimate.largestBufferName}); ` +
    `${allowed.join(' and ')}. ${advice}`;
  return { ok: false, reason, largestBatchThatFits: best };
}
