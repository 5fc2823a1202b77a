/**
 * Micro-batches and recomputation change what a step holds in memory, never its gradients: one SGD step
 * (learning rate 1, so the weights move by exactly the gradient) from the same weights on the same batch
 * moves every weight by the same amount with k = 1, 2, 4 micro-batches and with recomputation on or off.
 * And the tensor count stays flat over 12 steps with each setting.
 */
import * as tf from './tf';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type TrainConfig } from '../config/trainConfig';
import { buildHostBatch } from '../data/buildBatch';
import { createTrainer } from './trainer';
import { maxRelativeDifference, oneStepUpdate, stepDifference } from './oneStepUpdate';
import { SAME_GRADIENTS_TOLERANCE } from '../config/lessons';

const base: TrainConfig = {
  ...DEFAULT_CONFIG,
  imageSizePx: 16,
  batchSize: 4,
  depth: 2,
  baseWidth: 4,
  optimizer: 'sgd',
  learningRate: 1,
  augment: false,
};

beforeAll(async () => {
  await tf.setBackend('cpu');
  await tf.ready();
});

describe('the same gradients', () => {
  it('k micro-batches of B/k give the gradients of the batch at once, to 1e-5 relative (k = 2, 4)', async () => {
    expect(SAME_GRADIENTS_TOLERANCE).toBe(1e-5);
    const atOnce = await oneStepUpdate(base, 'cpu');
    for (const microBatches of [2, 4] as const) {
      const split = await oneStepUpdate({ ...base, microBatches }, 'cpu');
      expect(split.loss).toBeCloseTo(atOnce.loss, 5);
      expect(maxRelativeDifference(split.update, atOnce.update)).toBeLessThan(SAME_GRADIENTS_TOLERANCE);
    }
  });

  it('stepDifference reads the weights after and the updates: 0 against itself, and a real gap shows', async () => {
    const atOnce = await oneStepUpdate(base, 'cpu');
    expect(stepDifference(atOnce, atOnce)).toEqual({ maxWeightDifference: 0, relativeUpdateDifference: 0 });
    // Another batch gives other gradients: far outside the tolerance, so the check can fail.
    const other = await oneStepUpdate({ ...base, seed: base.seed + 1 }, 'cpu');
    const d = stepDifference(other, atOnce);
    expect(d.relativeUpdateDifference).toBeGreaterThan(100 * SAME_GRADIENTS_TOLERANCE);
    expect(d.maxWeightDifference).toBeGreaterThan(0);
  });

  it('recomputation gives the gradients without it, to 1e-6 relative, alone and with micro-batches', async () => {
    const plain = await oneStepUpdate(base, 'cpu');
    const recomputed = await oneStepUpdate({ ...base, recompute: 'block' }, 'cpu');
    expect(recomputed.loss).toBe(plain.loss);
    expect(maxRelativeDifference(recomputed.update, plain.update)).toBeLessThan(1e-6);
    const both = await oneStepUpdate({ ...base, recompute: 'block', microBatches: 2 }, 'cpu');
    expect(maxRelativeDifference(both.update, plain.update)).toBeLessThan(SAME_GRADIENTS_TOLERANCE);
  });

  const settings: Partial<TrainConfig>[] = [
    { microBatches: 4 },
    { recompute: 'block' },
    { recompute: 'block', microBatches: 2, optimizer: 'adam', learningRate: 0.01 },
  ];
  // A step's tensors depend on the setting and the batch, never on how many steps came before (the trainer
  // has no branch on the step count past the first step), so 12 steps show any leak: each of the 3
  // batches comes back at least three times after the first step.
  it.each(settings)(
    'keeps the tensor count flat over 12 steps and returns to baseline (%o)',
    async (setting) => {
      const config = { ...base, ...setting };
      const baseline = tf.memory().numTensors;
      const trainer = createTrainer(config, 'cpu');
      const counts: number[] = [];
      for (let i = 0; i < 12; i++) {
        await trainer.step(buildHostBatch(config, i % 3));
        counts.push(tf.memory().numTensors);
      }
      // The first step creates the optimizer's slots; from then on the count is flat.
      expect(new Set(counts.slice(1)).size).toBe(1);
      trainer.dispose();
      expect(tf.memory().numTensors).toBe(baseline);
    },
    300_000,
  );
});
