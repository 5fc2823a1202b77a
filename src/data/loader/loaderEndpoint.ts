/**
 * How the pool reaches one loader worker, whatever runs it: a browser module Worker (spawnBrowserLoader),
 * an in-process fake in unit tests, or a Node worker_threads adapter in a benchmark.
 * No tfjs, no DOM.
 */
import type { FromLoader, ToLoader } from './loaderProtocol';

/** What a loader worker reports to the pool. */
export interface LoaderEvents {
  /** A protocol message from the worker. */
  onMessage(message: FromLoader): void;
  /** The worker died or a message could not be read (error / messageerror): `reason` in words. */
  onFailure(reason: string): void;
}

/** The pool's handle on one loader worker. */
export interface LoaderEndpoint {
  post(message: ToLoader): void;
  terminate(): void;
}

/** Starts loader worker `workerIndex` (0-based) and connects its events. May throw if it cannot start. */
export type SpawnLoader = (workerIndex: number, events: LoaderEvents) => LoaderEndpoint;
