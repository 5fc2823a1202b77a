/**
 * The raw record of one profiled training step, as plain data: every kernel in dispatch order, every piece
 * of tensor data the step made or freed (with the role the trainer gave it), and the memory events of the
 * unit the backend allocates in. stepRecorder.ts fills it from tfjs; memoryTimeline.ts turns it into
 * categories and a timeline. Pure types: no tfjs, so the classification is unit-tested on hand-made records.
 */
import type { StepPhase } from '../config/stepProfile';

/** What the trainer said a tensor is; null for the rest (classified by when it lived). */
export type TensorRole =
  /** A model variable (weight or bias). */
  | 'weight'
  /** A tensor the model holds that is not a variable (the Normalize layer's mean and 1/std). */
  | 'constant'
  /** An optimizer variable. */
  | 'optimizer'
  /** The uploaded batch. */
  | 'input'
  /** A weight's gradient as the optimizer receives it. */
  | 'gradient';

/** One piece of tensor data (a tfjs data id: reshapes and clones share it). */
export interface RecordedTensor {
  id: number;
  /** Bytes as tfjs counts them (elements × bytes per element). */
  bytes: number;
  /** Phase in which it was made; 'before' when it existed before the step. */
  createdPhase: StepPhase | 'before';
  /** Index (into kernels) of the kernel whose output it is; null when made outside one (tf.tensor…). */
  producer: number | null;
  /** Memory event count when its data was freed (tfjs's last reference dropped); null if alive at the end. */
  freedAtEvent: number | null;
  role: TensorRole | null;
}

export interface RecordedKernel {
  name: string;
  phase: StepPhase;
  layer: string | null;
  /** Recorded tensor ids of the inputs and outputs (−1: not recorded). */
  inputs: number[];
  outputs: number[];
  inputShapes: number[][];
  outputShapes: number[][];
  /** The filter shape attribute of Conv2DBackpropFilter (its FLOPs need it); null elsewhere. */
  filterShape: number[] | null;
  /** Memory event count when the kernel started and ended. */
  startEvent: number;
  endEvent: number;
  /** When tfjs returned from it (dispatch, not GPU completion), ms since the recording started. */
  dispatchedAtMs: number;
  /** Kernel time from tf.profile, ms; null when not profiled. */
  ms: number | null;
}

/**
 * Memory events, columnar: event i allocates (kind 0) or frees (kind 1) `bytes[i]` under `key[i]`; an
 * allocation's owner is the recorded tensor it holds, −1 for none (a buffer a kernel uses in passing,
 * a uniform or a staging buffer). The first `seedCount` events are allocations that existed before the step.
 */
interface MemoryEvents {
  kind: number[];
  key: number[];
  bytes: number[];
  owner: number[];
  seedCount: number;
}

export interface StepRecording {
  /** 'gpu-buffers': events are the allocator's buffers (webgpu); 'tensor-data': events are tensor data. */
  unit: 'gpu-buffers' | 'tensor-data';
  tensors: RecordedTensor[];
  /** Registered kernels only (a customGrad wrapper is not a kernel; the kernels inside it are). */
  kernels: RecordedKernel[];
  events: MemoryEvents;
  /** Wall-clock start of each phase, ms since the recording started. */
  phaseStartsMs: { phase: StepPhase; atMs: number }[];
  /** When the step's work ended (loss read back), ms since the recording started. */
  endMs: number;
}
