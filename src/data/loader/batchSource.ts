/**
 * Where the trainer gets its batches. The contract every loader implements, whatever builds the batches:
 * batch i of a run is the same bytes for a given config, batches arrive in order, none is dropped or
 * duplicated, and a loader failure rejects `next()` with a message instead of hanging.
 * No tfjs, no DOM: runs in the training worker.
 */
import type { HostBatch } from '../hostBatch';

export interface NextBatch {
  batch: HostBatch;
  /** ms the caller waited inside next() for this batch (0 when it was already prefetched). */
  dataWaitMs: number;
}

export interface BatchSource {
  /** The batch with the next index. Rejects if a loader failed. */
  next(): Promise<NextBatch>;
  /** Host bytes held by batches built or being built but not yet handed out (measured from buffers). */
  hostBytesInFlight(): number;
  /** Batches currently held (queued + being built). */
  batchesInFlight(): number;
  /** Stops all loader work and frees buffers; next() must not be called afterwards. */
  dispose(): void;
  /** Test hook: make one loader worker crash (no-op where there are none). */
  injectLoaderCrash?(): void;
}
