/**
 * What a loader worker does with each message, as a plain function so that unit tests can run the very
 * same logic in-process (see test/fixtures/fakeLoaderWorkers.ts). Builds whole batches with buildHostBatch (synthetic,
 * synchronous) or buildFileBatch (the user's files, decoded here with `decode`; builds are chained so one
 * runs at a time, in arrival order) and posts them with their buffers in the transfer list. With a simulated
 * storage latency, each build first waits (a timer, see storageWait.ts); builds are then chained too, as one
 * worker reads one batch at a time. A build that throws is reported as a message, never swallowed: the pool
 * turns it into a rejected next().
 * No tfjs, no DOM.
 */
import { buildHostBatch, type BatchConfig } from '../buildBatch';
import type { DecodeSquare, FileDataset } from '../files/fileDataset';
import { buildFileBatch } from '../files/fileSamples';
import type { HostBatch } from '../hostBatch';
import type { FromLoader, ToLoader } from './loaderProtocol';
import { storageWaitMsOfBatch, waitForStorage } from './storageWait';

export type PostFromLoader = (message: FromLoader, transfer: Transferable[]) => void;
export type BuildBatch = (config: BatchConfig, batchIndex: number) => HostBatch;

export const INJECTED_CRASH_MESSAGE = 'injected loader crash (test hook)';

/** Returns the handler for messages to one loader worker. */
export function createLoaderCore(
  post: PostFromLoader,
  build: BuildBatch = buildHostBatch,
  decode: DecodeSquare = noDecoder,
) {
  let config: BatchConfig | null = null;
  let files: FileDataset | null = null;
  /** The file builds queued or running: each starts when the one before it ended. */
  let chain: Promise<void> = Promise.resolve();
  const fail = (batchIndex: number, error: unknown) => {
    const text = error instanceof Error ? error.message : String(error);
    post({ type: 'build-failed', workerIndex, batchIndex, message: text }, []);
  };
  let workerIndex = -1;
  let crashNext = false;
  return (message: ToLoader): void => {
    // Test build only (`import.meta.env.VITE_TEST_HOOKS`): a plain build has neither sender nor handler.
    if (import.meta.env.VITE_TEST_HOOKS && message.type === 'crash-next') {
      crashNext = true;
      return;
    }
    switch (message.type) {
      case 'init':
        config = message.config;
        files = message.files;
        workerIndex = message.workerIndex;
        return;
      case 'build': {
        const { batchIndex } = message;
        try {
          if (config === null) throw new Error('asked to build before init');
          if (import.meta.env.VITE_TEST_HOOKS && crashNext) {
            crashNext = false;
            throw new Error(INJECTED_CRASH_MESSAGE);
          }
          const c = config;
          const waitMs = storageWaitMsOfBatch(c);
          const send = (batch: HostBatch) =>
            post({ type: 'batch', workerIndex, batch }, [batch.images, batch.masks]);
          if (files === null && waitMs === 0) {
            send(build(c, batchIndex));
            return;
          }
          const source = files && { files, decode };
          chain = chain.then(() =>
            waitForStorage(waitMs)
              .then(() => (source ? buildFileBatch(c, source, batchIndex) : build(c, batchIndex)))
              .then(send, (error: unknown) => fail(batchIndex, error)),
          );
        } catch (error) {
          fail(batchIndex, error);
        }
        return;
      }
    }
  };
}

function noDecoder(): Promise<never> {
  return Promise.reject(new Error('this loader has no image decoder'));
}
