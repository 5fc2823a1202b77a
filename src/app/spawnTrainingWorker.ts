/**
 * Starts one training worker (./trainingWorker.ts) on `backend`: the page's main run, and each side of a
 * comparison or a lesson, each with its own tfjs engine and GPU device. Messages go to `onMessage`; a crash
 * (an uncaught error in the worker) goes to `onCrash` with its text, once, after which the worker is dead
 * and terminated. The caller terminates it when done.
 */
import type { BackendPreference } from '../config/trainConfig';
import type { FromWorker, ToWorker } from './trainingProtocol';

export interface TrainingWorkerHandlers {
  onMessage(message: FromWorker): void;
  onCrash(message: string): void;
}

export function spawnTrainingWorker(
  name: string,
  backend: BackendPreference,
  handlers: TrainingWorkerHandlers,
): Worker {
  const worker = new Worker(new URL('./trainingWorker.ts', import.meta.url), { type: 'module', name });
  worker.onmessage = (event: MessageEvent<FromWorker>) => handlers.onMessage(event.data);
  worker.onerror = (event) => {
    event.preventDefault();
    worker.onmessage = null;
    worker.onerror = null;
    worker.terminate();
    handlers.onCrash(event.message || 'unknown error');
  };
  worker.postMessage({ type: 'init', backend } satisfies ToWorker);
  return worker;
}
