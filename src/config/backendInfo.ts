/**
 * Which tfjs backend runs and on what: produced by src/engine/backend.ts, shown by the UI.
 */
import type { JobPhase } from './jobs';

export type BackendName = 'webgpu' | 'webgl' | 'cpu';

export interface GpuLimits {
  maxBufferSizeBytes: number;
  maxStorageBufferBindingSizeBytes: number;
}

export interface BackendInfo {
  backend: BackendName;
  /** Adapter vendor/architecture on webgpu; the WebGL version on webgl; 'JavaScript' on cpu. */
  adapterDescription: string;
  /** True for a software adapter (SwiftShader and friends): expect 100–1000× slower steps. */
  isSoftwareAdapter: boolean;
  /** WebGPU buffer limits; null off webgpu. */
  limits: GpuLimits | null;
  /** Why each preferred backend before the chosen one was skipped, in plain words. */
  fallbackReasons: string[];
  /**
   * BatchLab's own WGSL kernels run the convolutions (bias and ReLU fused: no separate pre-ReLU tensor is
   * kept); false where tfjs's kernels do (engine/convChoice.ts decides by capability).
   */
  ownConvKernels: boolean;
}

/** Life cycle of the training worker's run, as the UI shows it: a job's phases but 'done', plus its own. */
export type RunStatus = 'booting' | Exclude<JobPhase, 'done'> | 'device-lost';
