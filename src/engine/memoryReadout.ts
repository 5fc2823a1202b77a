/**
 * tfjs memory figures under one set of names whatever the backend: webgpu reports numBytesInGPU and
 * numBytesAllocatedInGPU (including its reuse pool, which never shrinks); webgl says numBytesInGPU and
 * numBytesInGPUAllocated; cpu has no GPU memory at all (null, never 0).
 */
import * as tf from './tf';

export interface MemoryReadout {
  numTensors: number;
  /** Bytes of live tensors as tfjs counts them (all backends). */
  tensorBytes: number;
  /** GPU bytes held by live tensors; null on cpu. */
  gpuBytesInUse: number | null;
  /** GPU bytes allocated including the backend's reuse pool; null on cpu. */
  gpuBytesAllocated: number | null;
}

export function readMemory(): MemoryReadout {
  const m = tf.memory() as tf.MemoryInfo & {
    numBytesInGPU?: number;
    numBytesAllocatedInGPU?: number;
    numBytesInGPUAllocated?: number;
  };
  const backend = tf.getBackend();
  const gpu = backend === 'webgpu' || backend === 'webgl';
  return {
    numTensors: m.numTensors,
    tensorBytes: m.numBytes,
    gpuBytesInUse: gpu ? (m.numBytesInGPU ?? null) : null,
    gpuBytesAllocated: gpu ? (m.numBytesAllocatedInGPU ?? m.numBytesInGPUAllocated ?? null) : null,
  };
}
