/**
 * Where the trainer gets its batches. The contract every loader implements, whatever builds the batches:
 * batch i of a run is the same bytes for a given config, batches arrive in order, none is dropped or
 * duplicated, and a loader failure rejects `next()` with a message instead of hanging.
 * No tfjs, no DOM: runs in the training worker.
 */
import type { HostBatch } from '../hostBatch';

/** What next() rejects with once the source was disposed (a Stop, a new Start): not a loader failure. */
export class BatchSourceDisposedError extends Error {
  constructor() {
    super('the batch source was disposed');
    this.name = 'BatchSourceDisposedError';
  }
}

export interface NextBatch {
  batch: HostBatch;
  /** ms the caller waited inside next() for this batch (0 when it was already prefetched). */
  dataWaitMs: number;
}

export interface BatchSource {
  /** The batch with the next index. Rejects if a loader failed. */
  next(): Promise<NextBatch>;
  /**
   * Host bytes held by batches built or being built but not yet handed out: measured from the buffers of
   * batches received, plus one batch of the expected size per loader worker building one now (see
   * workerPoolSource.ts). Always batchesInFlight() × batch bytes; 0 for the synchronous source.
   */
  hostBytesInFlight(): number;
  /** Batches holding host memory: received and waiting to be handed out + being built (one per busy worker). */
  batchesInFlight(): number;
  /**
   * Stops all loader work and frees buffers; a next() in progress rejects with BatchSourceDisposedError
   * (the synchronous source at its next yield), and next() must not be called afterwards.
   */
  dispose(): void;
  /**
   * Test build only (`import.meta.env.VITE_TEST_HOOKS`): make one loader worker throw on its next build
   * (no-op where there are none).
   */
  injectLoaderCrash?(): void;
}
