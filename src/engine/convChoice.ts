/**
 * Which kernels may run the U-Net's convolutions, per direction (forward, input gradient, filter
 * gradient), from what the adapter allows, never from its name:
 * - off webgpu (webgl, cpu): tfjs's own kernels ('tiled': tf.fused.conv2d and its registered gradients);
 * - on webgpu, the candidates of each direction: tfjs's kernels, and BatchLab's own WGSL kernels
 *   (src/gpu/convKernels.ts) with each tiling of src/gpu/convGeometry.ts whose workgroups and buffers fit
 *   the device's limits on the model's conv shapes (fits below); on a fallback adapter less those measured
 *   far behind there (skippedOnFallback below). ./convTuning.ts times them and keeps the fastest per
 *   direction; before that measurement (and where a caller forces the own kernels) the rule below stands in:
 *   the software tiling on a fallback adapter, the GPU tiling elsewhere (without its workgroup reduction
 *   where that does not fit), tfjs's kernels where no own tiling fits.
 * Subgroups are not used even where present: WGSL needs `enable subgroups;` before any declaration, and
 * tfjs assembles every shader with its own declarations first.
 * Pure: reads only its arguments.
 */
import {
  CONV_CANDIDATES,
  CONV_DIRECTIONS,
  type ConvCandidate,
  type ConvDirection,
  type ConvKernels,
} from '../config/convKernels';
import {
  filterGeometry,
  OWN_TILINGS,
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

/** A value per conv direction: { forward: f('forward'), inputGradient: …, filterGradient: … }. */
export const perDirection = <T>(f: (d: ConvDirection) => T): Record<ConvDirection, T> => ({
  forward: f('forward'),
  inputGradient: f('inputGradient'),
  filterGradient: f('filterGradient'),
});

/** The tiling of an own candidate ('own-' and its name in gpu/convGeometry.ts's OWN_TILINGS); null for tfjs's kernels. */
export const tilingOf = (candidate: ConvCandidate): ConvTiling | null =>
  candidate === 'tfjs' ? null : OWN_TILINGS[candidate.slice('own-'.length)]!;

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
 * Whether a candidate is left out of the measurement on a fallback (software) adapter: one measured there
 * far behind the fastest every time, whose pipelines only add compile to a first visit (its cost is
 * compilation: 0.1–1.4 s of CPU per candidate against ms per run, docs/PERFORMANCE.md). Measured on
 * SwiftShader, 2 shared cores: Dawn 0.6.2 in Node, median of 15 runs on the probe (the largest conv with an
 * input gradient at batch 1) of the tiny U-Net (16 px, width 4; two processes) and of the default one
 * (32 px, width 8), against the fastest candidate of the direction; and Chromium's bench pages (cases f, g):
 * - tilings that sync a workgroup at barriers (the staged tiles, the GPU tiling's workgroup reduction of the
 *   filter gradient): a barrier is a fiber switch on a CPU. The reduction: 15.9 and 15.1 ms against 1.87 and
 *   1.70 (tiny), 95.5 against 13.3 (default), 54.4 against 4.4 and 62.4 against 5.7 (pages): 7–14× behind,
 *   and at 1.1–1.4 s of CPU the costliest pipeline of the measurement;
 * - tfjs's kernels. Forward (im2col + a tiled matmul): 42.6 and 24.7 against 1.23 and 2.09, 128 against
 *   7.54, 256 against 4.45 and 63.6 against 5.45 (12–57×). Input gradient: 6.24 and 7.10 against 3.05 and
 *   2.83, 72.0 against 15.6, 61.3 against 8.3 and 21.6 against 5.85 (2.0–7.4×). Filter gradient: 6.51 and
 *   9.85 against 1.87 and 1.70, 116 against 13.3, 56.4 against 4.4 and 43.9 against 5.7 (3.5–13×).
 * - the GPU tiling's forward and input gradient (two pixels per invocation, against the software tiling's
 *   eight), median of 15 runs on the probe against the software tiling's: in Dawn, 12 processes each,
 *   forward 1.31–1.63× behind (tiny) and 1.67–2.87× (default), input gradient 1.44–6.35× and 1.38–4.42×,
 *   except one process in each where a hiccup in the software tiling's first timed run cut it; in four fresh
 *   Chromium pages, 1.31–1.44× and 1.32–2.0× behind on the default probe, within ±6 % on the tiny one, whose
 *   runs (~3 ms) are the GPU process's round trip, not the kernels. Its pipelines cost a first visit 0.4 s.
 * What stays is measured: the filter gradient's software tiling against the GPU tiling without its
 * reduction, a close call (the latter 0.96–1.38× the former's time, and faster in some runs).
 */
export function skippedOnFallback(candidate: ConvCandidate): boolean {
  // 'own-gpu' is the GPU tiling with its reduction, whose filter gradient waits at barriers and whose
  // forward and input gradient were measured behind (above); 'own-gpuNoReduce' is its filter gradient alone.
  return candidate === 'tfjs' || candidate === 'own-gpu' || Boolean(tilingOf(candidate)?.staged);
}

/**
 * Per direction, the candidates the device can run on these shapes: every own tiling that fits, and tfjs's;
 * on a fallback adapter not those skippedOnFallback names (measured there to be far behind), unless nothing
 * else would be left.
 */
export function convCandidates(
  caps: WebGpuCapabilities,
  shapes: readonly ConvShape[],
): Record<ConvDirection, ConvCandidate[]> {
  const of = (direction: ConvDirection): ConvCandidate[] => {
    const own = CONV_CANDIDATES.filter((c) => c !== 'tfjs' && fits(tilingOf(c)!, direction, caps, shapes));
    // Without the workgroup reduction the GPU tiling's forward and input gradient are the GPU tiling's.
    const all: ConvCandidate[] = [
      ...own.filter((c) => direction === 'filterGradient' || c !== 'own-gpuNoReduce'),
      'tfjs',
    ];
    const kept = caps.isFallbackAdapter ? all.filter((c) => !skippedOnFallback(c)) : all;
    return kept.length > 0 ? kept : all;
  };
  return perDirection(of);
}

/** The rule that stands in before (or instead of) a measurement: see the header. */
export function ruleConvKernels(caps: WebGpuCapabilities, shapes: readonly ConvShape[]): ConvKernels {
  const preferred: ConvCandidate[] = caps.isFallbackAdapter
    ? ['own-software']
    : ['own-gpu', 'own-gpuNoReduce'];
  const candidates = convCandidates(caps, shapes);
  return perDirection((d) => preferred.find((c) => candidates[d].includes(c)) ?? 'tfjs');
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
