/**
 * Messages between the training worker (which owns the pool) and each loader worker. Discriminated
 * unions, checked by the compiler on both ends. Finished batches travel with their ArrayBuffers in the
 * transfer list: moved, never copied, and never through the UI thread.
 * Pure types; no tfjs, no DOM.
 */
import type { BatchConfig } from '../buildBatch';
import type { FileDataset } from '../files/fileDataset';
import type { HostBatch } from '../hostBatch';

/** Pool → loader worker. Handled strictly in arrival order (one build at a time). */
export type ToLoader =
  /**
   * First message: who the worker is, the run's (fixed) config, and the user's files when the run trains
   * on them (File objects: cloned by reference, their bytes are read in the worker).
   */
  | { type: 'init'; workerIndex: number; config: BatchConfig; files: FileDataset | null }
  /** Build training batch `batchIndex` and post it back. */
  | { type: 'build'; batchIndex: number }
  /** Test hook: the next build throws, as a bug in an augmentation would. */
  | { type: 'crash-next' };

/** Loader worker → pool. */
export type FromLoader =
  /** A finished batch; `batch.images` and `batch.masks` were transferred. */
  | { type: 'batch'; workerIndex: number; batch: HostBatch }
  /** Building `batchIndex` threw; `message` is the error's text. */
  | { type: 'build-failed'; workerIndex: number; batchIndex: number; message: string };
