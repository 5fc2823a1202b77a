/**
 * Whether tf.profile can time each kernel on the active backend, and how. On webgpu tfjs 4.22 times
 * kernels with GPU timestamp queries only when the device has 'timestamp-query' (backend.ts requests it
 * whenever the adapter offers it); without it every kernel time is 0 and tfjs warns once, so the profile
 * does not ask and falls back to the phases' wall-clock times. On webgl the disjoint-timer extension plays
 * that part. The cpu backend runs each kernel synchronously: tf.profile times it by the wall clock.
 * (WEBGPU_USE_PROFILE_TOOL is never set: it needs `document` and throws in a worker.)
 */
import * as tf from './tf';
import type { KernelTiming } from '../config/stepProfile';
import { currentWebGpuDevice, type BackendName } from './backend';

export function kernelTimingAvailable(backend: BackendName): KernelTiming {
  if (backend === 'cpu') return 'cpu-wall-clock';
  if (backend === 'webgpu') {
    return currentWebGpuDevice()?.features.has('timestamp-query') ? 'gpu-timestamps' : 'none';
  }
  const timer = tf.backend() as unknown as { timerAvailable?: () => boolean };
  return timer.timerAvailable?.() ? 'gpu-timestamps' : 'none';
}
