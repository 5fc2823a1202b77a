/**
 * On webgpu, tfjs frees a disposed tensor's buffer only when the commands queued so far are submitted
 * (every 15 kernels, or at a readback), so tf.memory()'s in-use bytes at an arbitrary moment also count
 * intermediates that are already dead. Submitting first makes a reading mean "bytes of live tensors".
 */
import * as tf from '../tf';
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';

/** Submits the queued GPU commands so disposed tensors' buffers return to the pool. No-op off webgpu. */
export function releasePendingBuffers(): void {
  if (tf.getBackend() !== 'webgpu') return;
  const backend = tf.backend() as WebGPUBackend;
  // The order tfjs itself uses before a readback: an encoder, no open compute pass, then submit.
  backend.ensureCommandEncoderReady();
  backend.endComputePassEncoder();
  backend.submitQueue();
}
