/**
 * Picks the batch source for a config: batches built in the caller's thread with 0 workers (PyTorch's
 * num_workers=0), a pool of loader workers otherwise. The config is fixed for the source's life: a changed worker count or prefetch
 * takes effect at the next Start, when the training worker creates a new source.
 * Never throws: a pool that cannot start rejects its first next() with the reason.
 */
import { decodeSquareInBrowser } from '../files/browserDecode';
import type { DecodeSquare, FileDataset } from '../files/fileDataset';
import type { BatchSource } from './batchSource';
import type { SpawnLoader } from './loaderEndpoint';
import { spawnBrowserLoader } from './spawnBrowserLoader';
import { createSyncBatchSource } from './syncBatchSource';
import { createWorkerPoolSource, type PoolConfig } from './workerPoolSource';

export function createBatchSource(
  config: PoolConfig,
  firstBatchIndex: number,
  spawn: SpawnLoader = spawnBrowserLoader,
  files: FileDataset | null = null,
  decode: DecodeSquare = decodeSquareInBrowser,
): BatchSource {
  if (config.workers === 0) {
    return createSyncBatchSource(config, firstBatchIndex, { files: files && { files, decode } });
  }
  try {
    return createWorkerPoolSource(config, firstBatchIndex, { spawn, files });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return failedSource(new Error(`loader workers could not start: ${reason}`));
  }
}

function failedSource(error: Error): BatchSource {
  return {
    next: () => Promise.reject(error),
    hostBytesInFlight: () => 0,
    batchesInFlight: () => 0,
    dispose: () => {},
  };
}
