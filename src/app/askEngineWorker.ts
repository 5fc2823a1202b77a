/**
 * One request to a new engine worker (./engineWorker.ts) that answers once and ends: resolves with its
 * `done` reply; rejects with a `failed` reply's words, with the crash's words, or with the abort error the
 * moment `signal` fires. The worker is terminated in every case.
 */
import { abortError } from '../config/jobs';
import type { EngineWorkerRole } from './engineWorker';
import { spawnEngineWorker } from './spawnEngineWorker';

/** A one-shot worker's answer: its result, or the words of what failed. */
export type OneReply<Done extends { type: 'done' }> = Done | { type: 'failed'; message: string };

export function askEngineWorker<Done extends { type: 'done' }>(
  role: EngineWorkerRole,
  label: string,
  request: unknown,
  signal: AbortSignal,
): Promise<Done> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortError());
    const worker = spawnEngineWorker(role, label);
    const end = () => {
      worker.terminate();
      signal.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      end();
      reject(abortError());
    };
    signal.addEventListener('abort', onAbort, { once: true });
    worker.onmessage = (event: MessageEvent<OneReply<Done>>) => {
      end();
      const reply = event.data;
      if (reply.type === 'failed') reject(new Error(reply.message));
      else resolve(reply);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      end();
      reject(new Error(`the ${role} worker crashed: ${event.message || 'unknown error'}`));
    };
    worker.postMessage(request);
  });
}
