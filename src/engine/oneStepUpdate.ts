/**
 * One training step's weight update, measured from outside the trainer: the weights before and after one
 * step on batch 0, read back. With SGD at learning rate 1 the update is minus the gradient. The unit test of
 * "the same gradients" (sameGradients.test.ts) and lesson 5's check (app/sameGradients/, on the cpu backend)
 * both read it; the caller picks the backend first. tfjs only: no DOM, no React.
 */
import type { StepDifference } from '../config/lessons';
import type { TrainConfig } from '../config/trainConfig';
import { buildHostBatch } from '../data/buildBatch';
import type { BackendName } from './backend';
import { createTrainer } from './trainer';

export interface OneStep {
  loss: number;
  /** Every weight after the step, flattened in the trainer's order. */
  after: Float32Array;
  /** after − before. */
  update: Float32Array;
}

export async function oneStepUpdate(config: TrainConfig, backend: BackendName): Promise<OneStep> {
  const trainer = createTrainer(config, backend);
  try {
    const before = await trainer.readWeights();
    const { loss } = await trainer.step(buildHostBatch(config, 0));
    const after = await trainer.readWeights();
    return { loss, after, update: after.map((w, i) => w - before[i]!) };
  } finally {
    trainer.dispose();
  }
}

/** max |a − b| ÷ max |b|: the largest difference relative to the largest value of the reference b. */
export function maxRelativeDifference(a: Float32Array, b: Float32Array): number {
  return maxAbsDifference(a, b) / maxAbs(b);
}

/** max |a − b| over every element. */
function maxAbsDifference(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) throw new Error(`lengths differ: ${a.length} vs ${b.length}`);
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff = Math.max(diff, Math.abs(a[i]! - b[i]!));
  return diff;
}

const maxAbs = (a: Float32Array): number => a.reduce((m, v) => Math.max(m, Math.abs(v)), 0);

export function stepDifference(step: OneStep, reference: OneStep): StepDifference {
  return {
    maxWeightDifference: maxAbsDifference(step.after, reference.after),
    relativeUpdateDifference: maxRelativeDifference(step.update, reference.update),
  };
}
