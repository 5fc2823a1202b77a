/**
 * Zero loader workers (PyTorch's num_workers=0): each batch is built synchronously, in the training
 * worker, when the trainer asks for it. The whole build time is data wait; nothing is held in flight.
 */
import { buildHostBatch, type BatchConfig } from '../buildBatch';
import type { BatchSource, NextBatch } from './batchSource';

export function createSyncBatchSource(config: BatchConfig, firstBatchIndex = 0): BatchSource {
  let index = firstBatchIndex;
  return {
    next: async (): Promise<NextBatch> => {
      const start = performance.now();
      const batch = buildHostBatch(config, index++);
      return { batch, dataWaitMs: performance.now() - start };
    },
    hostBytesInFlight: () => 0,
    batchesInFlight: () => 0,
    dispose: () => {},
  };
}
