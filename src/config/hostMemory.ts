/**
 * The host memory a run's batches take, in one formula with one explanation. Each of `workers` loader
 * workers holds up to `prefetch` built batches (queued: what the loader measures as host bytes in flight),
 * and the step holds one more, the batch it trains on:
 *
 *   held = (workers × prefetch + 1) × batch bytes        queued = workers × prefetch × batch bytes
 *
 * With 0 workers nothing is queued and the step's own batch is all. The pre-flight refuses a run whose
 * `held` exceeds the tab's budget; the Loader panel compares the measured bytes in flight with `queued`.
 * Also how many workers keep up with a step, from its measured times. Pure arithmetic.
 */
import { hostImageBytes, hostMaskBytes, type HostBatchConfig } from './hostBatchBytes';

/** images.byteLength + masks.byteLength of one HostBatch. */
export function hostBatchBytes(config: HostBatchConfig): number {
  return hostImageBytes(config) + hostMaskBytes(config);
}

/** Bytes of the batches queued in the loader workers: workers × prefetch × batch bytes. */
export function loaderQueuedBytes(workers: number, prefetch: number, batchBytes: number): number {
  return workers * prefetch * batchBytes;
}

/** The host's most for one run: the queued batches plus the one the step trains on. */
export function hostHeldBytes(workers: number, prefetch: number, batchBytes: number): number {
  return loaderQueuedBytes(workers, prefetch, batchBytes) + batchBytes;
}

/** Whole batches that `hostBytesInFlight` represents (NaN when it is not a whole multiple). */
export function batchesHeld(hostBytesInFlight: number, batchBytes: number): number {
  if (batchBytes <= 0) return hostBytesInFlight === 0 ? 0 : Number.NaN;
  const n = hostBytesInFlight / batchBytes;
  return Number.isInteger(n) ? n : Number.NaN;
}

/** Share of a step spent waiting for data, in [0, 1]; null when the step time is not positive. */
export function dataWaitFraction(dataWaitMs: number, stepMs: number): number | null {
  if (!(stepMs > 0) || !Number.isFinite(dataWaitMs)) return null;
  return Math.min(1, Math.max(0, dataWaitMs / stepMs));
}

/**
 * Loader workers that keep the GPU fed: building a batch takes `batchBuildMs` of one core and the trainer
 * consumes one every `trainMs` (upload + compute); N workers deliver N batches per batchBuildMs, so
 * ⌈batchBuildMs ÷ trainMs⌉ of them match the trainer, provided each has a core of its own (on fewer cores
 * they share them with each other and with a software GPU). At least 1; null when either time is not a
 * positive finite number.
 */
export function workersToKeepUp(batchBuildMs: number, trainMs: number): number | null {
  const ok = (ms: number) => Number.isFinite(ms) && ms > 0;
  if (!ok(batchBuildMs) || !ok(trainMs)) return null;
  return Math.max(1, Math.ceil(batchBuildMs / trainMs));
}
