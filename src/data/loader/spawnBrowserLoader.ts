/**
 * The real loader worker: a module Web Worker started from the training worker (nested dedicated
 * workers), bundled by Vite from loaderWorker.ts. An uncaught error or an unreadable message becomes
 * onFailure; preventDefault keeps the error from also surfacing as an unhandled worker error.
 * No tfjs, no DOM (Worker is a worker-scope API).
 */
import type { FromLoader, ToLoader } from './loaderProtocol';
import type { SpawnLoader } from './loaderEndpoint';

export const spawnBrowserLoader: SpawnLoader = (_workerIndex, events) => {
  const worker = new Worker(new URL('./loaderWorker.ts', import.meta.url), {
    type: 'module',
    name: 'loader',
  });
  worker.onmessage = (event: MessageEvent<FromLoader>) => events.onMessage(event.data);
  worker.onerror = (event) => {
    event.preventDefault();
    events.onFailure(event.message || 'the worker script failed to load or threw outside a build');
  };
  worker.onmessageerror = () => events.onFailure('a message from it could not be deserialized');
  return {
    post: (message: ToLoader) => worker.postMessage(message),
    terminate: () => worker.terminate(),
  };
};
