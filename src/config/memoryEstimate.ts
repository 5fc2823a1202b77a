/**
 * Pre-flight estimate of the GPU memory one tfjs training step of the U-Net needs, and whether it fits a
 * device's limits: run before the first step so that an oversized config gets a plain-words refusal
 * instead of a GPUValidationError and silently wrong numbers. Pure arithmetic over unetSpec.ts: no tfjs,
 * no DOM.
 *
 * The estimate models the step's peak as tfjs reaches it, checked against the live tensors of real steps
 * (src/engine/memoryTimeline.ts; docs/PERFORMANCE.md, "Peak memory"). tfjs runs the whole backward pass
 * inside one tidy scope, so the peak comes near its end, when all of the following are alive at once
 * (tfjs on WebGPU stores every float32 and int32 element in 4 bytes):
 * - parameters: each conv's kernel and bias, and the Normalize layer's mean and 1/std (C values each);
 *   gradients: one tensor of the same size per weight; optimizer: Adam's first and second moments (2 per
 *   weight) and its two scalar β powers, SGD nothing.
 * - batch: the uploaded image tensor (packed: the storage bytes rounded up to whole 4-byte elements;
 *   tf-tensor: int32, 4 B per element), the float32 model input, the uploaded labels, their int32
 *   unpacking (uint8 masks) and the float32 one-hot the loss reads. (The tf-tensor path's float32 cast
 *   lives only inside the Normalize layer: it is gone long before the peak.)
 * - activations, what the forward pass keeps for the backward pass: per 3×3 conv its pre-ReLU sum (the
 *   ReLU's input) and its ReLU output; the head's logits; pool, resize and concat outputs; the loss's
 *   softmax [B·S·S, K] and its value. (A conv's result before its bias is not kept: the bias is fused into
 *   the conv kernel, or added inside the conv's own gradient scope.)
 * - transient, the gradients of activations, which tfjs keeps until the backward pass ends: the loss's
 *   softmax − labels and the logits' gradient; per conv the ReLU's gradient (its output's size) and the
 *   gradient wrt its input (the first conv's included: the direct kernel computes it); each pool's and
 *   resize's input gradient; each concat's two split gradients; one sum per tensor two ops read (an
 *   encoder output feeding both a pool and a skip connection).
 * With BatchLab's own conv kernels (options.ownConvKernels) bias and ReLU are fused into the conv, so no
 * pre-ReLU sum is kept, and the first conv's input gradient (the image's) is never computed.
 * Micro-batches (config.microBatches = k): the batch runs as k parts of B/k, one after the other, so the
 * batch, activations and transient groups are those of one part; the gradients double for k > 1 (the
 * running sum 'accum(<weight>)' beside the part's own gradients). Recomputation (config.recompute =
 * 'block'): inside each block (unetBlocks) only the block's input and output stay alive for the backward
 * pass; its first conv's output and both pre-ReLU sums go, and so do the gradients of those inside tensors,
 * which the block's own backward frees when it returns. At the peak one block is being recomputed: the
 * largest block's inside activations and gradients, counted once as 'recompute(<block>)…' transients.
 * Not modelled: the WebGPU allocator's own share (buffers tfjs frees but returns to its pool only when it
 * submits queued work, kernels' scratch buffers, uniforms: 5–7 % of the peak measured here), and the reuse
 * pool, which holds more than the peak: both are measured per step and shown beside the estimate.
 */
import type { GpuLimits } from './backendInfo';
import { formatBytes } from './byteFormat';
import { hostImageBytes, hostMaskBytes, padTo4Bytes } from './hostBatchBytes';
import type { TrainConfig } from './trainConfig';
import { LIMITS } from './trainConfig';
import {
  HEAD_NAME,
  INPUT_NAME,
  describeUNet,
  kernelShape,
  outputElements,
  unetBlocks,
  type UNetOp,
  type UNetSpec,
} from './unetSpec';

/** Bytes per element of every tfjs tensor on WebGPU (float32 and int32 alike). */
const GPU_BYTES_PER_ELEMENT = 4;

/** The settings the estimate depends on; a TrainConfig is one. */
const MEMORY_KEYS = [
  'batchSize',
  'imageSizePx',
  'channels',
  'numClasses',
  'depth',
  'baseWidth',
  'optimizer',
  'imageDtype',
  'normalizeOn',
  'uploadPath',
  'maskDtype',
] as const;
const OPTIONAL_MEMORY_KEYS = ['microBatches', 'recompute'] as const;
export type MemoryConfig = Pick<TrainConfig, (typeof MEMORY_KEYS)[number]> &
  Partial<Pick<TrainConfig, (typeof OPTIONAL_MEMORY_KEYS)[number]>>;

export interface MemoryOptions {
  /**
   * Bytes of the uploaded image tensor at `config.batchSize`, as measured by the caller; replaces the
   * computed figure. Estimates at other batch sizes (checkFits's search) scale it linearly.
   */
  uploadedImageBytes?: number;
  /**
   * BatchLab's own conv kernels run the step (BackendInfo.ownConvKernels): each conv keeps only its ReLU
   * output (bias and ReLU are fused, no pre-ReLU sum), and the first conv's input gradient is never made.
   */
  ownConvKernels?: boolean;
}

/** The estimate's six groups, in the order tables list them. */
export const MEMORY_GROUPS = [
  'parameter',
  'gradient',
  'optimizer',
  'batch',
  'activation',
  'transient',
] as const;
export type MemoryGroup = (typeof MEMORY_GROUPS)[number];

/** One GPU buffer of the estimate. */
interface TensorBytes {
  /**
   * An op of unetSpec ('enc0a' post-ReLU, 'cat0', 'head' = logits…) or its '.preRelu' stage; a weight
   * '<conv>.kernel' / '<conv>.bias', its 'grad(…)' or Adam slot '….m' / '….v', 'adam.beta1Power' /
   * 'adam.beta2Power', 'normalize.mean' / 'normalize.invStd'; a batch tensor 'images.upload' /
   * 'images.float32' / 'labels.upload' / 'labels.int32' / 'labels.onehot'; 'loss.softmax' / 'loss.value';
   * or an activation's gradient: 'grad(<op>.preRelu)', 'grad(<input>)@<op>' (the gradient op computes
   * for its input), 'grad(<op>).sum1' (two gradients of one tensor added), 'grad(loss).…', 'grad(head)'.
   */
  name: string;
  group: MemoryGroup;
  bytes: number;
}

/** Bytes of each group: `parameterBytes`, `gradientBytes`… */
type GroupBytes = Record<`${MemoryGroup}Bytes`, number>;

export interface MemoryEstimate extends GroupBytes {
  /** The memory-relevant settings this estimate was made for. */
  config: MemoryConfig;
  options: MemoryOptions;
  /** Sum of the six groups. */
  totalBytes: number;
  /** The largest single tensor: what maxBufferSize and maxStorageBufferBindingSize must admit. */
  largestBufferBytes: number;
  /** Its name in the model (a developer's word, e.g. 'cat0') and its group (what a person is shown). */
  largestBufferName: string;
  largestBufferGroup: MemoryGroup;
  /** Every buffer counted, grouped: parameters, gradients, optimizer, batch, activations, transient. */
  tensors: readonly TensorBytes[];
}

/** What a device allows; from GPUAdapter/GPUDevice limits and a budget the caller chooses. */
export interface DeviceMemoryLimits extends GpuLimits {
  /** Total bytes a step may use. */
  memoryBudgetBytes: number;
}

/** Why a step does not fit the device, as figures (the UI words them: src/i18n `preflight`). */
export interface GpuShortfall {
  batchSize: number;
  imageSizePx: number;
  totalBytes: number;
  largestBufferBytes: number;
  largestBufferGroup: MemoryGroup;
  /** The per-buffer limit, when the largest buffer exceeds it; else null. */
  perBufferBytes: number | null;
  /** The budget and the pooled bytes with their headroom factor, when the pooled bytes exceed it; else null. */
  budget: { budgetBytes: number; pooledBytes: number; headroom: number } | null;
  /** Largest batch size in 1..LIMITS.batchSize.max that fits with every other setting unchanged; 0 if none. */
  largestBatchThatFits: number;
}

export type FitResult =
  | { ok: true }
  | {
      ok: false;
      /** Plain words with the numbers: what is needed, what the device allows, what would fit. */
      reason: string;
      /** The same as figures (the largest batch that fits among them), for the UI to word. */
      shortfall: GpuShortfall;
    };

function opNamed(spec: UNetSpec, name: string): UNetOp {
  const op = spec.ops.find((o) => o.name === name);
  if (!op) throw new Error(`the U-Net has no op ${name}`);
  return op;
}

/** Samples in one micro-batch (the batch itself without micro-batches); rounded up between multiples of k. */
const microBatchSize = (config: MemoryConfig): number =>
  Math.ceil(config.batchSize / (config.microBatches ?? 1));

function batchTensors(config: MemoryConfig, options: MemoryOptions): TensorBytes[] {
  const { imageSizePx, channels, numClasses } = config;
  const micro = { ...config, batchSize: microBatchSize(config) };
  const pixels = micro.batchSize * imageSizePx * imageSizePx;
  const imageElements = pixels * channels;
  const f32 = (elements: number): number => elements * GPU_BYTES_PER_ELEMENT;
  const tensors: TensorBytes[] = [];
  const add = (name: string, bytes: number) => tensors.push({ name, group: 'batch', bytes });

  // The packed path sends the host storage bytes as they are (whole 4-byte elements), labels too.
  const computedUploadBytes = config.uploadPath === 'tf-tensor' ? f32(imageElements) : hostImageBytes(micro);
  const k = config.microBatches ?? 1;
  const measured = options.uploadedImageBytes;
  const uploaded =
    measured === undefined ? computedUploadBytes : k === 1 ? measured : padTo4Bytes(measured / k);
  add('images.upload', uploaded);
  // Packed float32 that the loader already normalized is the model input as uploaded.
  const uploadIsInput =
    config.uploadPath === 'packed' && config.imageDtype === 'float32' && config.normalizeOn === 'loader';
  if (!uploadIsInput) add('images.float32', f32(imageElements));

  add('labels.upload', hostMaskBytes(micro));
  if (config.maskDtype === 'uint8') add('labels.int32', f32(pixels));
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
  const { imageSizePx, numClasses } = config;
  checkBatchSize(config.batchSize);
  const batchSize = microBatchSize(config);
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
  for (const stat of ['normalize.mean', 'normalize.invStd']) {
    tensors.push({ name: stat, group: 'parameter', bytes: f32(config.channels) });
  }
  /** One tensor per weight, of the weight's size. */
  const perWeight = (group: MemoryGroup, name: (weight: string) => string) =>
    tensors.push(...weights.map((w) => ({ name: name(w.name), group, bytes: w.bytes })));
  perWeight('gradient', (w) => `grad(${w})`);
  if ((config.microBatches ?? 1) > 1) perWeight('gradient', (w) => `accum(${w})`);
  if (config.optimizer === 'adam') {
    for (const slot of ['m', 'v']) perWeight('optimizer', (w) => `${w}.${slot}`);
    for (const power of ['adam.beta1Power', 'adam.beta2Power']) {
      tensors.push({ name: power, group: 'optimizer', bytes: f32(1) });
    }
  }

  tensors.push(...batchTensors(config, options));

  const pixels = batchSize * imageSizePx * imageSizePx;
  const bytesOf = (name: string): number =>
    name === INPUT_NAME
      ? f32(pixels * config.channels)
      : f32(outputElements(opNamed(spec, name), batchSize, imageSizePx));
  const keep = (name: string, bytes: number) => tensors.push({ name, group: 'activation', bytes });
  const grad = (name: string, bytes: number) => {
    if (!insideGrads.has(name)) tensors.push({ name, group: 'transient', bytes });
  };

  const own = options.ownConvKernels === true;
  const blocks = config.recompute === 'block' ? unetBlocks(spec) : [];
  /** What a block's backward recomputes: its inside activations (the first conv's output, the pre-ReLU sums). */
  const inside = new Set(
    blocks.flatMap((b) => [
      b.inner.name,
      ...(own ? [] : [`${b.inner.name}.preRelu`, `${b.outer.name}.preRelu`]),
    ]),
  );
  /** The gradients of those, made and freed inside the block's own backward. */
  const insideGrads = new Set(
    blocks.flatMap((b) => [
      `grad(${b.outer.name}.preRelu)`,
      `grad(${b.inner.name})@${b.outer.name}`,
      `grad(${b.inner.name}.preRelu)`,
    ]),
  );
  const activation = (name: string, bytes: number) => {
    if (!inside.has(name)) keep(name, bytes);
  };
  for (const op of spec.ops) {
    if (op.kind === 'conv' && op.relu && !own) activation(`${op.name}.preRelu`, bytesOf(op.name));
    activation(op.name, bytesOf(op.name));
  }
  keep('loss.softmax', f32(pixels * numClasses));
  keep('loss.value', f32(1));

  grad('grad(loss).softmaxMinusLabels', f32(pixels * numClasses));
  grad(`grad(${HEAD_NAME})`, f32(pixels * numClasses));
  grad('grad(loss).scale', f32(1));
  const readers = new Map<string, number>();
  const reads = (name: string) => readers.set(name, (readers.get(name) ?? 0) + 1);
  for (const op of [...spec.ops].reverse()) {
    if (op.kind === 'conv' && op.relu) grad(`grad(${op.name}.preRelu)`, bytesOf(op.name));
    for (const input of op.kind === 'concat' ? op.inputs : [op.input]) {
      // The own kernels never compute the image's gradient (only the first conv reads the input).
      if (!(own && input === INPUT_NAME)) grad(`grad(${input})@${op.name}`, bytesOf(input));
      reads(input);
    }
  }
  for (const [name, count] of readers) {
    for (let k = 1; k < count; k++) grad(`grad(${name}).sum${k}`, bytesOf(name));
  }

  // One block's backward at a time: its recomputed inside (and its output again) with their gradients.
  const working = blocks.map((b) => {
    const inner = bytesOf(b.inner.name);
    const outer = bytesOf(b.outer.name);
    // Recomputed: both outputs (and both pre-ReLU sums on tfjs's kernels); then the outer pre-ReLU's, the
    // inner output's and the inner pre-ReLU's gradients.
    const recomputed = inner + outer + (own ? 0 : inner + outer);
    return { name: `recompute(${b.outer.name})`, bytes: recomputed + outer + 2 * inner };
  });
  const largestBlock = working.sort((a, b) => b.bytes - a.bytes)[0];
  if (largestBlock) tensors.push({ ...largestBlock, group: 'transient' });

  let largest: TensorBytes = { name: HEAD_NAME, group: 'activation', bytes: 0 };
  for (const t of tensors) if (t.bytes > largest.bytes) largest = t;

  const groups = Object.fromEntries(
    MEMORY_GROUPS.map((g) => [
      `${g}Bytes`,
      tensors.reduce((sum, t) => (t.group === g ? sum + t.bytes : sum), 0),
    ]),
  ) as GroupBytes;
  return {
    config: Object.fromEntries(
      [...MEMORY_KEYS, ...OPTIONAL_MEMORY_KEYS]
        .filter((k) => config[k] !== undefined)
        .map((k) => [k, config[k]]),
    ) as MemoryConfig,
    options: { ...options },
    ...groups,
    totalBytes: tensors.reduce((sum, t) => sum + t.bytes, 0),
    largestBufferBytes: largest.bytes,
    largestBufferName: largest.name,
    largestBufferGroup: largest.group,
    tensors,
  };
}

/**
 * What tfjs-webgpu's allocator holds for a step, per byte of the estimated peak, at most: its reuse pool
 * keeps every freed buffer for a later one of exactly the same size, so it holds more than the peak. The
 * budget check uses the estimate times this, so that "fits" never promises more than was measured. From
 * bench case i (docs/PERFORMANCE.md, "Peak memory"): pool ÷ estimate 1.38 at 32 px batch 1, falling to 1.14
 * at 64 px batch 4 (the pool's share shrinks as tensors grow); 1.4 covers every config measured.
 */
export const POOL_HEADROOM = 1.4;

/** The estimate with the reuse pool's headroom: what the budget must hold. */
export const pooledBytes = (estimate: Pick<MemoryEstimate, 'totalBytes'>): number =>
  Math.ceil(estimate.totalBytes * POOL_HEADROOM);

const perBufferBytes = (limits: DeviceMemoryLimits): number =>
  Math.min(limits.maxBufferSizeBytes, limits.maxStorageBufferBindingSizeBytes);

function fitsLimits(estimate: MemoryEstimate, limits: DeviceMemoryLimits): boolean {
  return (
    estimate.largestBufferBytes <= perBufferBytes(limits) && pooledBytes(estimate) <= limits.memoryBudgetBytes
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
 * Largest batch size in 1..LIMITS.batchSize.max for which `fits` holds; 0 if none. Binary search: what
 * `fits` checks must grow with the batch size, so that it holds for a prefix.
 */
export function largestBatchWhere(fits: (batchSize: number) => boolean): number {
  let largest = 0;
  let tooBig = LIMITS.batchSize.max + 1;
  while (tooBig - largest > 1) {
    const mid = Math.floor((largest + tooBig) / 2);
    if (fits(mid)) largest = mid;
    else tooBig = mid;
  }
  return largest;
}

/**
 * Largest batch size in 1..LIMITS.batchSize.max that fits, every other setting unchanged; 0 if none (every
 * term of the estimate grows with the batch size).
 */
export function findLargestBatchThatFits(estimate: MemoryEstimate, limits: DeviceMemoryLimits): number {
  // With k micro-batches a batch between multiples of k is estimated as the next multiple, so the answer
  // rounded down to a multiple of k fits too: the largest batch that runs as k micro-batches.
  const k = estimate.config.microBatches ?? 1;
  return Math.floor(largestBatchWhere((b) => fitsLimits(estimateAtBatch(estimate, b), limits)) / k) * k;
}

/** Whether the estimated step fits the device; if not, why in plain words and the largest batch that would. */
export function checkFits(estimate: MemoryEstimate, limits: DeviceMemoryLimits): FitResult {
  if (fitsLimits(estimate, limits)) return { ok: true };
  const { batchSize, imageSizePx } = estimate.config;
  const perBuffer = perBufferBytes(limits);
  const pooled = pooledBytes(estimate);
  const overBuffer = estimate.largestBufferBytes > perBuffer;
  const overBudget = pooled > limits.memoryBudgetBytes;
  const allowed: string[] = [];
  if (overBuffer) allowed.push(`this GPU allows ${formatBytes(perBuffer)} per buffer`);
  if (overBudget) {
    allowed.push(
      `the memory budget is ${formatBytes(limits.memoryBudgetBytes)}, for ${formatBytes(pooled)} ` +
        `with tfjs's reuse pool (×${POOL_HEADROOM})`,
    );
  }
  const best = findLargestBatchThatFits(estimate, limits);
  const advice =
    best > 0
      ? `The largest batch that fits is ${best}.`
      : 'Even batch 1 does not fit: lower the image size, the depth or the base width.';
  const reason =
    `Batch ${batchSize} at ${imageSizePx}×${imageSizePx} needs about ${formatBytes(estimate.totalBytes)}, ` +
    `its largest buffer ${formatBytes(estimate.largestBufferBytes)} (${estimate.largestBufferGroup}); ` +
    `${allowed.join(' and ')}. ${advice}`;
  const shortfall: GpuShortfall = {
    batchSize,
    imageSizePx,
    totalBytes: estimate.totalBytes,
    largestBufferBytes: estimate.largestBufferBytes,
    largestBufferGroup: estimate.largestBufferGroup,
    perBufferBytes: overBuffer ? perBuffer : null,
    budget: overBudget
      ? { budgetBytes: limits.memoryBudgetBytes, pooledBytes: pooled, headroom: POOL_HEADROOM }
      : null,
    largestBatchThatFits: best,
  };
  return { ok: false, reason, shortfall };
}
