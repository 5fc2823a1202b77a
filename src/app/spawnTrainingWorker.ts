/**
 * Starts one training worker (./trainingWorker.ts, in ./engineWorker.ts's `training` role) on `backend`: the page's main run, and each arm of a
 * job (a comparison, a lesson, a sweep, the batch finder), each with its own tfjs engine and GPU device.
 * Messages go to `onMessage`; a crash (an uncaught error in the worker) goes to `onCrash` with its text,
 * once, after which the worker is dead and terminated. With a `signal`, the worker is terminated the moment
 * it fires (a job's Stop); otherwise the caller terminates it when done.
 */
import type { BackendPreference } from '../config/trainConfig';
import { spawnEngineWorker } from './spawnEngineWorker';
import type { FromWorker, ToWorker } from './trainingProtocol';

export interface TrainingWorkerHandlers {
  onMessage(message: FromWorker): void;
  onCrash(message: string): void;
}

export function spawnTrainingWorker(
  name: string,
  backend: BackendPreference,
  handlers: TrainingWorkerHandlers,
  signal?: AbortSignal,
): Worker {
  const worker = spawnEngineWorker('training', name === 'training' ? undefined : name);
  const silence = () => {
    worker.onmessage = null;
    worker.onerror = null;
    worker.terminate();
  };
  worker.onmessage = (event: MessageEvent<FromWorker>) => handlers.onMessage(event.data);
  worker.onerror = (event) => {
    event.preventDefault();
    silence();
    handlers.onCrash(event.message || 'unknown error');
  };
  signal?.addEventListener('abort', silence, { once: true });
  worker.postMessage({ type: 'init', backend } satisfies ToWorker);
  return worker;
}
