/**
 * Runs the same-gradients check in its own short-lived worker (./sameGradientsWorker.ts): resolves with one
 * difference per configuration in `others`, rejects with the worker's words, or with the abort error the
 * moment `signal` fires (the worker is terminated at once).
 */
import type { TrainConfig } from '../../config/trainConfig';
import type { StepDifference } from '../../config/lessons';
import { askEngineWorker } from '../askEngineWorker';
import type { SameGradientsDone, SameGradientsRequest } from './sameGradientsProtocol';

export async function compareSteps(
  reference: TrainConfig,
  others: TrainConfig[],
  signal: AbortSignal,
): Promise<StepDifference[]> {
  const request: SameGradientsRequest = { reference, others };
  const reply = await askEngineWorker<SameGradientsDone>('gradients', 'same-gradients', request, signal);
  return reply.differences;
}
