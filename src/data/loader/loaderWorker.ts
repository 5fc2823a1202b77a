/**
 * Entry point of one loader worker: a module worker spawned by the pool inside the training worker.
 * Wires the worker's message port to loaderCore; finished batches go straight back to the training worker.
 * No tfjs, no DOM.
 */
import { decodeSquareInBrowser } from '../files/browserDecode';
import { createLoaderCore } from './loaderCore';
import type { FromLoader, ToLoader } from './loaderProtocol';

interface LoaderScope {
  postMessage(message: FromLoader, transfer: Transferable[]): void;
  onmessage: ((event: MessageEvent<ToLoader>) => void) | null;
}
const scope = self as unknown as LoaderScope;
const handle = createLoaderCore(
  (message, transfer) => scope.postMessage(message, transfer),
  undefined,
  decodeSquareInBrowser,
);
scope.onmessage = (event) => handle(event.data);
