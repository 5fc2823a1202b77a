/**
 * What a loader worker does with each message, as a plain function so that unit tests can run the very
 * same logic in-process (see fakeLoaderWorkers.ts). Builds whole batches with buildHostBatch and posts
 * them with their buffers in the transfer list. A build that throws is reported as a message, never
 * swallowed: the pool turns it into a rejected next().
 * No tfjs, no DOM.
 */
import { buildHostBatch, type BatchConfig } from '../buildBatch';
import type { HostBatch } from '../hostBatch';
import type { FromLoader, ToLoader } from './loaderProtocol';

export type PostFromLoader = (message: FromLoader, transfer: Transferable[]) => void;
export type BuildBatch = (config: BatchConfig, batchIndex: number) => HostBatch;

export const INJECTED_CRASH_MESSAGE = 'injected loader crash (test hook)';

/** Returns the handler for messages to one loader worker. */
export function createLoaderCore(post: PostFromLoader, build: BuildBatch = buildHostBatch) {
  let config: BatchConfig | null = null;
  let workerIndex = -1;
  let crashNext = false;
  return (message: ToLoader): void => {
    switch (message.type) {
      case 'init':
        config = message.config;
        workerIndex = message.workerIndex;
        return;
      case 'crash-next':
        crashNext = true;
        return;
      case 'build': {
        const { batchIndex } = message;
        try {
          if (config === null) throw new Error('asked to build before init');
          if (crashNext) {
            crashNext = false;
            throw new Error(INJECTED_CRASH_MESSAGE);
          }
          const batch = build(config, batchIndex);
          post({ type: 'batch', workerIndex, batch }, [batch.images, batch.masks]);
        } catch (error) {
          const text = error instanceof Error ? error.message : String(error);
          post({ type: 'build-failed', workerIndex, batchIndex, message: text }, []);
        }
        return;
      }
    }
  };
}
