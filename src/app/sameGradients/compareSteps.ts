/**
 * Runs the same-gradients check in its own short-lived worker (./sameGradientsWorker.ts): resolves with one
 * difference per configuration in `others`, rejects with the worker's words, or with the abort error the
 * moment `signal` fires (the worker is terminated at once).
 */
import { abortError } from '../../config/jobs';
import type { TrainConfig } from '../../config/trainConfig';
import type { StepDifference } from '../../config/lessons';
import { spawnEngineWorker } from '../spawnEngineWorker';
import type { SameGradientsReply, SameGradientsRequest } from './sameGradientsProtocol';

export function compareSteps(
  reference: TrainConfig,
  others: TrainConfig[],
  signal: AbortSignal,
): Promise<StepDifference[]> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(abortError());
      return;
    }
    const worker = spawnEngineWorker('gradients', 'same-gradients');
    const end = () => {
      worker.terminate();
      signal.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      end();
      reject(abortError());
    };
    signal.addEventListener('abort', onAbort, { once: true });
    worker.onmessage = (event: MessageEvent<SameGradientsReply>) => {
      end();
      const reply = event.data;
      if (reply.type === 'failed') reject(new Error(reply.message));
      else resolve(reply.differences);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      end();
      reject(new Error(`the same-gradients worker crashed: ${event.message || 'unknown error'}`));
    };
    worker.postMessage({ reference, others } satisfies SameGradientsRequest);
  });
}
