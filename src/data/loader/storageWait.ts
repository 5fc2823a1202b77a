/**
 * Simulated storage latency (TrainConfig.storageLatencyMsPerSample): before building a batch, the loader
 * waits as if it read the batch's samples one after the other from a slow disk or the network. The wait is
 * a timer, not CPU work, so loader workers overlap their waits while the training thread computes; with 0
 * workers the training thread waits the whole time. Waits are cut into pieces of at most `sliceMs` so that
 * a Stop (`stopped()`) is noticed within one piece.
 * No tfjs, no DOM.
 */
import type { BatchConfig } from '../buildBatch';

/** Longest single timer of a wait, ms: how late a Stop may be noticed. */
const STORAGE_WAIT_SLICE_MS = 50;

/** Storage wait of one batch, ms: latency per sample × samples in the batch. */
export function storageWaitMsOfBatch(
  config: Pick<BatchConfig, 'storageLatencyMsPerSample' | 'batchSize'>,
): number {
  return config.storageLatencyMsPerSample * config.batchSize;
}

export interface StorageWaitOptions {
  /** Checked after each slice; true ends the wait early. */
  stopped?: () => boolean;
  sliceMs?: number;
  /** One timer (tests pass fakes here or use fake timers). */
  sleep?: (ms: number) => Promise<void>;
}

/** Waits `totalMs` without using the CPU. Resolves false when `stopped()` ended it early, else true. */
export async function waitForStorage(
  totalMs: number,
  { stopped = () => false, sliceMs = STORAGE_WAIT_SLICE_MS, sleep = sleepMs }: StorageWaitOptions = {},
): Promise<boolean> {
  if (!(totalMs > 0)) return true;
  const until = performance.now() + totalMs;
  for (let left = totalMs; left > 0; left = until - performance.now()) {
    await sleep(Math.min(sliceMs, left));
    if (stopped()) return false;
  }
  return true;
}

function sleepMs(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
