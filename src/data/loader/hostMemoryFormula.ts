/**
 * The article's host-memory arithmetic for DataLoader workers, as pure numbers: every worker holds up
 * to `prefetch` whole batches, so the host holds workers × prefetch × batch bytes. Shared by the pool
 * (to estimate a batch still being built), the loader panel and tests; plus how many workers keep up with
 * a step, from its measured times. No measurement here.
 * No tfjs, no DOM.
 */
import { ARTICLE_EXAMPLE, browserBatchBytes, torchBatchBytes, type BrowserBatchConfig } from '../batchBytes';

/** The config fields that fix a batch's host size (a TrainConfig or a BatchConfig fits). */
export type HostBatchShape = Omit<BrowserBatchConfig, 'uploadPath'>;

/** images.byteLength + masks.byteLength of one HostBatch (host sizes depend on neither upload path nor backend). */
export function hostBatchBytesOf(config: HostBatchShape): number {
  const b = browserBatchBytes({ ...config, uploadPath: 'packed' }, 'cpu');
  return b.hostImageBytes + b.hostMaskBytes;
}

/** The most host bytes a pool may hold: workers × prefetch × batch bytes (0 workers hold nothing ahead). */
export function heldBytesFormula(workers: number, prefetch: number, batchBytes: number): number {
  return workers * prefetch * batchBytes;
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
 * they share them with each other and with the GPU's driver). At least 1; null when either time is not a
 * positive finite number.
 */
export function workersToKeepUp(batchBuildMs: number, trainMs: number): number | null {
  const ok = (ms: number) => Number.isFinite(ms) && ms > 0;
  if (!ok(batchBuildMs) || !ok(trainMs)) return null;
  return Math.max(1, Math.ceil(batchBuildMs / trainMs));
}

/** The article's DataLoader: 8 workers. */
export const ARTICLE_WORKERS = 8;

export interface ArticleHostMemory {
  workers: number;
  prefetch: number;
  /** float32 image + int64 mask, 32×512×512×3: 167,772,160 B. */
  floatBatchBytes: number;
  /** uint8 image + uint8 mask: 33,554,432 B. */
  uint8BatchBytes: number;
  /** workers × prefetch × floatBatchBytes. */
  floatHeldBytes: number;
  /** workers × prefetch × uint8BatchBytes. */
  uint8HeldBytes: number;
}

/** The article's example with `prefetch` batches per worker (PyTorch's default prefetch_factor is 2). */
export function articleHostMemory(prefetch: number, workers = ARTICLE_WORKERS): ArticleHostMemory {
  const floatBatchBytes = torchBatchBytes({
    ...ARTICLE_EXAMPLE,
    imageDtype: 'float32',
    maskDtype: 'int64',
  }).totalBytes;
  const uint8BatchBytes = torchBatchBytes({
    ...ARTICLE_EXAMPLE,
    imageDtype: 'uint8',
    maskDtype: 'uint8',
  }).totalBytes;
  return {
    workers,
    prefetch,
    floatBatchBytes,
    uint8BatchBytes,
    floatHeldBytes: heldBytesFormula(workers, prefetch, floatBatchBytes),
    uint8HeldBytes: heldBytesFormula(workers, prefetch, uint8BatchBytes),
  };
}
