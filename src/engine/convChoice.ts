/**
 * Which kernels run the U-Net's convolutions on the active backend, chosen by what the adapter is and
 * allows, never by its name:
 * - off webgpu (webgl, cpu): tfjs's own kernels ('tiled': tf.fused.conv2d and its registered gradients);
 * - on webgpu: BatchLab's own WGSL kernels ('wgsl', src/gpu/convKernels.ts), with the software tiling on a
 *   fallback adapter and the GPU tiling elsewhere (src/gpu/convGeometry.ts), if the device's limits fit it
 *   (else the GPU tiling without its workgroup-memory reduction, else tfjs's kernels).
 * Why: `npm run bench` (case g's per-kernel rows) measured the own kernels 30× (forward), 6–8× (input
 * gradient) and 11–14× (filter gradient) faster than tfjs's on the software adapter (docs/PERFORMANCE.md).
 * tfjs 4.22's filter gradient and (by default) input gradient are one-invocation-per-output loops on every
 * adapter; on a GPU the forward is the open question, and the same bench rows answer it there (each
 * direction's ratio carries a goal that says whether the measurement agrees with this choice).
 * Subgroups are not used even where present: WGSL needs `enable subgroups;` before any declaration, and
 * tfjs assembles every shader with its own declarations first.
 * Pure: reads only its arguments.
 */
import { GPU_TILING, SOFTWARE_TILING, type ConvTiling } from '../gpu/convGeometry';
import type { BackendName, WebGpuCapabilities } from './backend';

/**
 * 'tiled' = tf.fused.conv2d (tfjs's kernels on every backend), 'direct' = ./directConv.ts (tfjs's
 * per-output kernel for the forward: BatchLab's step before issue 17), 'wgsl' = BatchLab's own kernels.
 */
export type ConvPath = 'tiled' | 'direct' | 'wgsl';

export interface ConvChoice {
  path: ConvPath;
  /** The own kernels' tiling; null for tfjs's kernels. */
  tiling: ConvTiling | null;
  /** Why, in words (the bench records it beside its numbers). */
  reason: string;
}

/** Bytes of workgroup memory the filter gradient's tree sum takes (one vec4 per invocation). */
export const reduceStorageBytes = (t: ConvTiling): number =>
  t.workgroupReduce ? t.filterWorkgroupSize * 16 : 0;

function fits(t: ConvTiling, caps: WebGpuCapabilities): boolean {
  return (
    Math.max(t.workgroupSize, t.filterWorkgroupSize) <= caps.maxComputeInvocationsPerWorkgroup &&
    reduceStorageBytes(t) <= caps.maxComputeWorkgroupStorageSizeBytes
  );
}

export function chooseConvKernel(backend: BackendName | string, caps: WebGpuCapabilities | null): ConvChoice {
  if (backend !== 'webgpu') {
    return { path: 'tiled', tiling: null, reason: `tfjs's kernels on ${backend}: BatchLab's own are WGSL` };
  }
  if (!caps) {
    return { path: 'tiled', tiling: null, reason: "tfjs's kernels: the adapter's limits are unknown" };
  }
  const [kind, preferred] = caps.isFallbackAdapter
    ? (['a fallback (software) adapter', SOFTWARE_TILING] as const)
    : (['a hardware adapter', GPU_TILING] as const);
  const candidates = [preferred, { ...preferred, workgroupReduce: false }];
  const tiling = candidates.find((t) => fits(t, caps));
  if (!tiling) {
    return { path: 'tiled', tiling: null, reason: `tfjs's kernels: ${kind} whose limits fit no own tiling` };
  }
  const reduce = tiling.workgroupReduce ? 'with' : 'without';
  const tilingName = caps.isFallbackAdapter ? 'software' : 'GPU';
  return {
    path: 'wgsl',
    tiling,
    reason: `BatchLab's own kernels, ${tilingName} tiling (${reduce} workgroup reduction): ${kind}`,
  };
}
