/**
 * One training step's weight update, measured from outside the trainer: the weights before and after one
 * step on batch 0, read back. With SGD at learning rate 1 the update is minus the gradient. Shared by the
 * unit test and the Dawn test of "the same gradients"; the caller picks the backend first.
 */
import type { TrainConfig } from '../config/trainConfig';
import { buildHostBatch } from '../data/buildBatch';
import type { BackendName } from './backend';
import { createTrainer } from './trainer';

export async function oneStepUpdate(
  config: TrainConfig,
  backend: BackendName,
): Promise<{ loss: number; update: Float32Array }> {
  const trainer = createTrainer(config, backend);
  try {
    const before = await trainer.readWeights();
    const { loss } = await trainer.step(buildHostBatch(config, 0));
    const after = await trainer.readWeights();
    return { loss, update: after.map((w, i) => w - before[i]!) };
  } finally {
    trainer.dispose();
  }
}

/** max |a − b| ÷ max |b|: the largest difference relative to the largest value of the reference b. */
export function maxRelativeDifference(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) throw new Error(`lengths differ: ${a.length} vs ${b.length}`);
  let diff = 0;
  let scale = 0;
  for (let i = 0; i < a.length; i++) {
    diff = Math.max(diff, Math.abs(a[i]! - b[i]!));
    scale = Math.max(scale, Math.abs(b[i]!));
  }
  return diff / scale;
}
