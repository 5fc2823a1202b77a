/**
 * Zero loader workers (PyTorch's num_workers=0): each batch is built in the training worker, when the
 * trainer asks for it. The whole build time is data wait; nothing is held in flight. A batch is built one
 * sample at a time, yielding to the event loop whenever YIELD_EVERY_MS of building have passed, so that a
 * Stop is handled within about one sample even when a batch takes minutes (large sources, heavy blur):
 * dispose() then makes next() reject with BatchSourceDisposedError. A simulated storage latency is waited
 * here too, before building (a timer: the training thread idles, as it would on a slow disk).
 */
import { assembleBatch, buildTrainingSample, sampleIdsOfBatch, type BatchConfig } from '../buildBatch';
import type { FileSource } from '../files/fileDataset';
import { buildFileTrainingSample } from '../files/fileSamples';
import type { Sample } from '../syntheticDataset';
import { BatchSourceDisposedError, type BatchSource, type NextBatch } from './batchSource';
import { storageWaitMsOfBatch, waitForStorage } from './storageWait';
import { yieldToEventLoop } from './yieldToEventLoop';

/** Longest stretch of building between two yields, ms. */
const YIELD_EVERY_MS = 50;

export interface SyncSourceOptions {
  /** How to yield (tests count or interrupt here). */
  yieldNow?: () => Promise<void>;
  /** Building time between yields, ms (0: after every sample). */
  yieldEveryMs?: number;
  /** The user's files and their decoder, when the run trains on them (decoded here, in this thread). */
  files?: FileSource | null;
}

export function createSyncBatchSource(
  config: BatchConfig,
  firstBatchIndex = 0,
  { yieldNow = yieldToEventLoop, yieldEveryMs = YIELD_EVERY_MS, files = null }: SyncSourceOptions = {},
): BatchSource {
  let index = firstBatchIndex;
  let disposed = false;
  return {
    next: async (): Promise<NextBatch> => {
      if (disposed) throw new BatchSourceDisposedError();
      const start = performance.now();
      const batchIndex = index++;
      if (!(await waitForStorage(storageWaitMsOfBatch(config), { stopped: () => disposed }))) {
        throw new BatchSourceDisposedError();
      }
      const samples: Sample[] = [];
      let sinceYieldMs = start;
      for (const id of sampleIdsOfBatch(batchIndex, config.batchSize)) {
        samples.push(
          files === null ? buildTrainingSample(config, id) : await buildFileTrainingSample(config, files, id),
        );
        if (performance.now() - sinceYieldMs >= yieldEveryMs) {
          await yieldNow();
          if (disposed) throw new BatchSourceDisposedError();
          sinceYieldMs = performance.now();
        }
      }
      const batch = assembleBatch(config, batchIndex, samples, start);
      return { batch, dataWaitMs: performance.now() - start };
    },
    hostBytesInFlight: () => 0,
    batchesInFlight: () => 0,
    dispose: () => {
      disposed = true;
    },
  };
}
