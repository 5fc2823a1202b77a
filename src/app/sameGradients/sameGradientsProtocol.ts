/**
 * Messages between the page and the same-gradients worker (one request per worker, then it ends): the
 * reference configuration and the others, each as its gradient-check configuration
 * (config/lessons.ts gradientCheckConfig); the answer has one difference per other, in order.
 */
import type { TrainConfig } from '../../config/trainConfig';
import type { StepDifference } from '../../config/lessons';
import type { OneReply } from '../askEngineWorker';

export interface SameGradientsRequest {
  reference: TrainConfig;
  others: TrainConfig[];
}

export interface SameGradientsDone {
  type: 'done';
  differences: StepDifference[];
}

export type SameGradientsReply = OneReply<SameGradientsDone>;
