/**
 * Loader workers (PyTorch's num_workers ≥ 1): a pool of W workers builds whole batches in parallel while
 * the trainer computes. Worker w builds batch indices first + w, first + w + W, … (round robin), keeps
 * at most `prefetch` of its batches outstanding (requested and not yet handed out), and next() hands
 * batches out strictly in index order, whatever order they arrive in. Batch i is buildHostBatch(config, i),
 * a pure function, so its bytes do not depend on W.
 *
 * Host memory: hostBytesInFlight() = the measured byteLength of every batch received and not yet handed
 * out, plus, for every worker with a batch outstanding that has not arrived, one batch of the expected size
 * (hostBatchBytesOf) for the batch it is building now. That second term is an estimate: its buffers live in
 * the loader worker until transferred, but their size is fixed by the config and equals the measured one.
 * Builds still waiting in a worker's queue have no buffers yet and count 0. So hostBytesInFlight is always
 * batchesInFlight() × batch bytes, and at most workers × prefetch × batch bytes.
 *
 * Faults fail fast: the first error (a build that threw, a worker error or messageerror, a batch nobody
 * asked for, a worker that cannot start) terminates every worker, frees the held batches and rejects the
 * pending next() and every later one with "loader worker w failed: …". Nothing waits forever.
 * No tfjs, no DOM.
 */
import type { TrainConfig } from '../../config/trainConfig';
import type { BatchConfig } from '../buildBatch';
import type { HostBatch } from '../hostBatch';
import { BatchSourceDisposedError, type BatchSource, type NextBatch } from './batchSource';
import { hostBatchBytes } from '../../config/hostMemory';
import type { FileDataset } from '../files/fileDataset';
import type { LoaderEndpoint, SpawnLoader } from './loaderEndpoint';
import type { FromLoader } from './loaderProtocol';

/** What the pool reads: the batch fields plus the pool's shape. */
export type PoolConfig = BatchConfig & Pick<TrainConfig, 'workers' | 'prefetch'>;

export interface PoolOptions {
  /** Starts one loader worker (spawnBrowserLoader in the app, a fake in tests). */
  spawn: SpawnLoader;
  /** Clock for dataWaitMs (default performance.now). */
  nowMs?: () => number;
  /** The user's files, when the run trains on them (sent to each worker with its init). */
  files?: FileDataset | null;
}

interface Waiter {
  resolve(next: NextBatch): void;
  reject(error: Error): void;
  startMs: number;
}

const bytesOf = (batch: HostBatch) => batch.images.byteLength + batch.masks.byteLength;

export function createWorkerPoolSource(
  config: PoolConfig,
  firstBatchIndex: number,
  options: PoolOptions,
): BatchSource {
  if (!Number.isInteger(config.workers) || config.workers < 1) {
    throw new Error(`a worker pool needs at least 1 worker, got ${config.workers}`);
  }
  if (!Number.isInteger(config.prefetch) || config.prefetch < 1) {
    throw new Error(`prefetch must be at least 1, got ${config.prefetch}`);
  }
  const workerCount = config.workers;
  const prefetch = config.prefetch;
  const nowMs = options.nowMs ?? (() => performance.now());
  const batchBytes = hostBatchBytes(config);

  const loaders = Array.from({ length: workerCount }, (_, w) => ({
    endpoint: null as LoaderEndpoint | null,
    /** Next index to request from this worker. */
    nextRequest: firstBatchIndex + w,
    /** Indices requested and not yet received, oldest first (the head is being built). */
    pending: [] as number[],
    /** Requested and not yet handed out (pending + received). Never above prefetch. */
    outstanding: 0,
  }));
  const ready = new Map<number, HostBatch>();
  let readyBytes = 0;
  let nextOut = firstBatchIndex;
  let waiter: Waiter | null = null;
  let failure: Error | null = null;
  let disposed = false;

  const ownerOf = (batchIndex: number) => (batchIndex - firstBatchIndex) % workerCount;

  function stopAll(): void {
    for (const loader of loaders) {
      const endpoint = loader.endpoint;
      loader.endpoint = null;
      loader.pending.length = 0;
      try {
        endpoint?.terminate();
      } catch {
        // Terminating a worker that already died must not mask the reason it died.
      }
    }
    ready.clear();
    readyBytes = 0;
  }

  function fail(workerIndex: number, reason: string): void {
    if (failure || disposed) return;
    failure = new Error(`loader worker ${workerIndex} failed: ${reason}`);
    stopAll();
    const w = waiter;
    waiter = null;
    w?.reject(failure);
  }

  function topUp(w: number): void {
    const loader = loaders[w]!;
    while (loader.endpoint && loader.outstanding < prefetch) {
      const batchIndex = loader.nextRequest;
      loader.nextRequest += workerCount;
      loader.outstanding++;
      loader.pending.push(batchIndex);
      loader.endpoint.post({ type: 'build', batchIndex });
    }
  }

  /** Removes batch `batchIndex` from the ready set and asks its worker for another. */
  function take(batchIndex: number, batch: HostBatch): void {
    ready.delete(batchIndex);
    readyBytes -= bytesOf(batch);
    nextOut = batchIndex + 1;
    const w = ownerOf(batchIndex);
    loaders[w]!.outstanding--;
    topUp(w);
  }

  function receive(w: number, message: FromLoader): void {
    if (failure || disposed) return;
    if (message.type === 'build-failed') {
      fail(w, `batch ${message.batchIndex}: ${message.message}`);
      return;
    }
    const { batch } = message;
    const queue = loaders[w]!.pending;
    const at = queue.indexOf(batch.batchIndex);
    if (message.workerIndex !== w || at < 0) {
      fail(w, `sent batch ${batch.batchIndex}, which it was not asked for`);
      return;
    }
    queue.splice(at, 1);
    ready.set(batch.batchIndex, batch);
    readyBytes += bytesOf(batch);
    if (waiter && batch.batchIndex === nextOut) {
      const { resolve, startMs } = waiter;
      waiter = null;
      take(batch.batchIndex, batch);
      resolve({ batch, dataWaitMs: nowMs() - startMs });
    }
  }

  for (let w = 0; w < workerCount; w++) {
    try {
      const endpoint = options.spawn(w, {
        onMessage: (message) => receive(w, message),
        onFailure: (reason) => fail(w, reason),
      });
      if (failure) {
        endpoint.terminate();
        break;
      }
      loaders[w]!.endpoint = endpoint;
      endpoint.post({ type: 'init', workerIndex: w, config, files: options.files ?? null });
    } catch (error) {
      fail(w, `could not start: ${error instanceof Error ? error.message : String(error)}`);
      break;
    }
  }
  if (!failure) for (let w = 0; w < workerCount; w++) topUp(w);

  const busyWorkers = () => loaders.filter((loader) => loader.pending.length > 0).length;

  return {
    next(): Promise<NextBatch> {
      if (disposed) return Promise.reject(new BatchSourceDisposedError());
      if (failure) return Promise.reject(failure);
      if (waiter) return Promise.reject(new Error('next() called while another next() is pending'));
      const batchIndex = nextOut;
      const batch = ready.get(batchIndex);
      if (batch) {
        take(batchIndex, batch);
        return Promise.resolve({ batch, dataWaitMs: 0 });
      }
      return new Promise<NextBatch>((resolve, reject) => {
        waiter = { resolve, reject, startMs: nowMs() };
      });
    },
    hostBytesInFlight: () => readyBytes + busyWorkers() * batchBytes,
    batchesInFlight: () => ready.size + busyWorkers(),
    dispose(): void {
      if (disposed) return;
      stopAll();
      disposed = true;
      const w = waiter;
      waiter = null;
      w?.reject(new BatchSourceDisposedError());
    },
    // Test build only (`import.meta.env.VITE_TEST_HOOKS`): a plain build has no fault injection.
    ...(import.meta.env.VITE_TEST_HOOKS
      ? {
          injectLoaderCrash(): void {
            if (failure || disposed) return;
            loaders[ownerOf(nextOut)]?.endpoint?.post({ type: 'crash-next' });
          },
        }
      : {}),
  };
}
