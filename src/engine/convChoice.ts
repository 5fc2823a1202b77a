/**
 * Which kernels may run the U-Net's convolutions, per direction (forward, input gradient, filter
 * gradient), from what the adapter allows, never from its name:
 * - off webgpu (webgl, cpu): tfjs's own kernels ('tiled': tf.fused.conv2d and its registered gradients);
 * - on webgpu, the candidates of each direction: tfjs's kernels, and BatchLab's own WGSL kernels
 *   (src/gpu/convKernels.ts) with each tiling of src/gpu/convGeometry.ts whose workgroups and buffers fit
 *   the device's limits on the model's conv shapes (fits below). ./convTuning.ts times them and keeps the
 *   fastest per direction; before that measurement (and where a caller forces the own kernels) the rule
 *   below stands in: the software tiling on a fallback adapter, the GPU tiling elsewhere (without its
 *   workgroup reduction where that does not fit), tfjs's kernels where no own tiling fits.
 * Subgroups are not used even where present: WGSL needs `enable subgroups;` before any declaration, and
 * tfjs assembles every shader with its own declarations first.
 * Pure: reads only its arguments.
 */
import {
  CONV_DIRECTIONS,
  type ConvCandidate,
  type ConvDirection,
  type ConvKernels,
} from '../config/convKernels';
import {
  filterGeometry,
  GPU_SHARED_TILING,
  GPU_TILING,
  SOFTWARE_TILING,
  stagedFilterStorageBytes,
  stagedGeometry,
  type ConvShape,
  type ConvTiling,
} from '../gpu/convGeometry';
import type { BackendName, WebGpuCapabilities } from './backend';

/**
 * 'tiled' = tf.fused.conv2d (tfjs's kernels on every backend), 'direct' = ./directConv.ts (tfjs's
 * per-output kernel for the forward: BatchLab's step before issue 17), 'wgsl' = BatchLab's own kernels
 * (where a direction's choice is 'tfjs', that direction runs tfjs's kernel under the own op).
 */
export type ConvPath = 'tiled' | 'direct' | 'wgsl';

export interface ConvChoice {
  path: ConvPath;
  /** The kernel of each direction; null off webgpu. */
  kernels: ConvKernels | null;
  /** Why, in words (the bench records it beside its numbers). */
  reason: string;
}

/** Each own candidate's tiling (the tilings of gpu/convGeometry.ts's OWN_TILINGS, under the report's names). */
const OWN_TILINGS: Record<Exclude<ConvCandidate, 'tfjs'>, ConvTiling> = {
  'own-software': SOFTWARE_TILING,
  'own-gpu': GPU_TILING,
  'own-gpuNoReduce': { ...GPU_TILING, workgroupReduce: false },
  'own-gpuShared': GPU_SHARED_TILING,
};

/** The tiling of an own candidate; null for tfjs's kernels. */
export const tilingOf = (candidate: ConvCandidate): ConvTiling | null =>
  candidate === 'tfjs' ? null : OWN_TILINGS[candidate];

/** Bytes of workgroup memory the filter gradient's tree sum takes (one vec4 per invocation). */
export const reduceStorageBytes = (t: ConvTiling): number =>
  t.workgroupReduce ? t.filterWorkgroupSize * 16 : 0;

/** Workgroup memory a direction of a tiling takes on a shape (the staged programs' tiles; the reduction's sums). */
function workgroupBytes(t: ConvTiling, direction: ConvDirection, s: ConvShape): number {
  if (!t.staged) return direction === 'filterGradient' ? reduceStorageBytes(t) : 0;
  if (direction === 'filterGradient') return stagedFilterStorageBytes(s.kernelSize);
  return stagedGeometry(s, direction === 'forward' ? s.outChannels : s.inChannels).storageBytes;
}

/** Bytes of the filter gradient's buffer of partial sums (pass 1's output) for one conv. */
export const partialsBytes = (shape: ConvShape, t: ConvTiling): number => {
  const g = filterGeometry(shape, t);
  return g.partialRows * g.rowVec4s * 16;
};

/**
 * Whether an own tiling can run a direction on this device for every conv shape: its workgroups within the
 * invocation and x-size limits; for the filter gradient also its workgroup memory, and its buffer of
 * partial sums within the storage-binding and buffer limits (the one that grows with the batch and the
 * image: 128 MiB, WebGPU's guaranteed binding size, is passed by a 512 px batch of 32 at width 64).
 */
export function fits(
  t: ConvTiling,
  direction: ConvDirection,
  caps: WebGpuCapabilities,
  shapes: readonly ConvShape[],
): boolean {
  const workgroup = direction === 'filterGradient' ? t.filterWorkgroupSize : t.workgroupSize;
  if (workgroup > Math.min(caps.maxComputeInvocationsPerWorkgroup, caps.maxComputeWorkgroupSizeX)) {
    return false;
  }
  if (shapes.some((s) => workgroupBytes(t, direction, s) > caps.maxComputeWorkgroupStorageSizeBytes)) {
    return false;
  }
  if (direction !== 'filterGradient') return true;
  const bufferLimit = Math.min(caps.maxStorageBufferBindingSizeBytes, caps.maxBufferSizeBytes);
  return shapes.every((s) => partialsBytes(s, t) <= bufferLimit);
}

/**
 * Per direction, the candidates the device can run on these shapes: every own tiling that fits, and tfjs's.
 * Not the staged tiling on a fallback adapter: its barriers are fiber switches on a CPU (the workgroup
 * reduction measured ~7× slower there, docs/PERFORMANCE.md), so it could not win, and its pipelines would
 * add seconds of compile to the measurement.
 */
export function convCandidates(
  caps: WebGpuCapabilities,
  shapes: readonly ConvShape[],
): Record<ConvDirection, ConvCandidate[]> {
  const of = (direction: ConvDirection): ConvCandidate[] => {
    const own = (Object.keys(OWN_TILINGS) as Exclude<ConvCandidate, 'tfjs'>[]).filter(
      (c) =>
        !(caps.isFallbackAdapter && OWN_TILINGS[c].staged) && fits(OWN_TILINGS[c], direction, caps, shapes),
    );
    // Without the workgroup reduction the GPU tiling's forward and input gradient are the GPU tiling's.
    return [...own.filter((c) => direction === 'filterGradient' || c !== 'own-gpuNoReduce'), 'tfjs'];
  };
  return { forward: of('forward'), inputGradient: of('inputGradient'), filterGradient: of('filterGradient') };
}

/** The rule that stands in before (or instead of) a measurement: see the header. */
export function ruleConvKernels(caps: WebGpuCapabilities, shapes: readonly ConvShape[]): ConvKernels {
  const preferred: ConvCandidate[] = caps.isFallbackAdapter
    ? ['own-software']
    : ['own-gpu', 'own-gpuNoReduce'];
  const candidates = convCandidates(caps, shapes);
  const pick = (d: ConvDirection) => preferred.find((c) => candidates[d].includes(c)) ?? 'tfjs';
  return {
    forward: pick('forward'),
    inputGradient: pick('inputGradient'),
    filterGradient: pick('filterGradient'),
  };
}

/** Whether every direction runs tfjs's kernels (the U-Net then takes tfjs's plain path, 'tiled'). */
export const allTfjs = (k: ConvKernels): boolean => CONV_DIRECTIONS.every((d) => k[d] === 'tfjs');

/** The kernels the rule gives a backend and adapter (the measurement in ./convTuning.ts may differ). */
export function chooseConvKernel(
  backend: BackendName | string,
  caps: WebGpuCapabilities | null,
  shapes: readonly ConvShape[] = [],
): ConvChoice {
  if (backend !== 'webgpu') {
    return { path: 'tiled', kernels: null, reason: `tfjs's kernels on ${backend}: BatchLab's own are WGSL` };
  }
  if (!caps) {
    return { path: 'tiled', kernels: null, reason: "tfjs's kernels: the adapter's limits are unknown" };
  }
  const kernels = ruleConvKernels(caps, shapes);
  const kind = caps.isFallbackAdapter ? 'a fallback (software) adapter' : 'a hardware adapter';
  const words = CONV_DIRECTIONS.map((d) => `${d} ${kernels[d]}`).join(', ');
  return {
    path: allTfjs(kernels) ? 'tiled' : 'wgsl',
    kernels,
    reason: `by rule on ${kind}, before measurement: ${words}`,
  };
}
