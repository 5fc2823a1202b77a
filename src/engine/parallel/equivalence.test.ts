/**
 * The lesson's correctness claim: from the same weights and data, k steps of every strategy on N replicas
 * end with the same weights as single-device training on the whole batch by the app's own trainer
 * (createTrainer). Replicas run in-process on the cpu backend with the strategies' real code (only the
 * transport differs from the browser).
 */
import * as tf from '../tf';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type TrainConfig } from '../../config/trainConfig';
import { buildHostBatch } from '../../data/buildBatch';
import { createTrainer } from '../trainer';
import { runInProcess } from '../../../test/fixtures/inProcessRun';
import { PARALLEL_STRATEGIES, type AllReduceAlgorithm, type ParallelStrategy } from '../../config/parallel';

const STEPS = 3;
const tiny: TrainConfig = {
  ...DEFAULT_CONFIG,
  imageSizePx: 16,
  batchSize: 4,
  depth: 2,
  baseWidth: 4,
  learningRate: 0.05,
  augment: true,
};

beforeAll(async () => {
  await tf.setBackend('cpu');
  await tf.ready();
});

/**
 * Single-device training on the whole batch by the trainer the app runs (createTrainer, trainer.step), so
 * a change to the trainer's step (its loss, optimizer, normalization or model) shows here as a mismatch.
 * Returns the initial and final weights and the loss of each step.
 */
async function singleDevice(config: TrainConfig, steps: number) {
  const trainer = createTrainer(config, 'cpu');
  try {
    const initial = await trainer.readWeights();
    const losses: number[] = [];
    for (let i = 0; i < steps; i++) losses.push((await trainer.step(buildHostBatch(config, i))).loss);
    return { initial, final: await trainer.readWeights(), losses };
  } finally {
    trainer.dispose();
  }
}

/** Largest |a − b| relative to the largest |b| (the weights' own scale). */
function relativeDifference(a: Float32Array, b: Float32Array): number {
  let diff = 0;
  let scale = 0;
  for (let i = 0; i < b.length; i++) {
    diff = Math.max(diff, Math.abs(a[i]! - b[i]!));
    scale = Math.max(scale, Math.abs(b[i]!));
  }
  return diff / scale;
}

/**
 * Tolerances. SGD: 1e-4, the bar. Adam divides by √v̂, which can amplify the rounding of tiny
 * gradients, so it gets 1e-5 rather than a tighter bar. Measured here (3 steps): SGD ≤ 2.2e-8, Adam ≤ 9.3e-8
 * (float32 sums taken in another order).
 */
const TOLERANCE = { sgd: 1e-4, adam: 1e-5 } as const;

type Case = { strategy: ParallelStrategy; replicas: number; allReduce: AllReduceAlgorithm };
const each = (replicas: number): Case[] =>
  PARALLEL_STRATEGIES.map((strategy) => ({ strategy, replicas, allReduce: 'ring' }));
/** Kept small: the cpu backend is slow and these run on 2 shared cores. */
const CASES: Record<'sgd' | 'adam', Case[]> = {
  sgd: [
    ...each(2),
    ...each(4),
    { strategy: 'ddp', replicas: 4, allReduce: 'tree' },
    { strategy: 'dp-gather', replicas: 1, allReduce: 'ring' },
  ],
  adam: [...each(4), { strategy: 'ddp', replicas: 2, allReduce: 'tree' }],
};

describe('data-parallel strategies equal single-device training (cpu backend)', () => {
  for (const optimizer of ['sgd', 'adam'] as const) {
    it(`${optimizer}: ${CASES[optimizer].length} strategy × replica cases, ${STEPS} steps`, async () => {
      const config = { ...tiny, optimizer };
      const reference = await singleDevice(config, STEPS);
      // The reference really moved: a strategy that did nothing would fail.
      expect(relativeDifference(reference.initial, reference.final)).toBeGreaterThan(1e-3);
      const tensorsBefore = tf.memory().numTensors;
      for (const { strategy, replicas, allReduce } of CASES[optimizer]) {
        const run = await runInProcess({
          config,
          backend: 'cpu',
          replicas,
          strategy,
          allReduce,
          steps: STEPS,
        });
        // ddp: every replica holds the weights; dp-*: device 0 holds the master weights.
        const holders = strategy === 'ddp' ? run.weights : [run.weights[0]!];
        for (const w of holders) {
          const d = relativeDifference(w, reference.final);
          expect(d, `${strategy} N=${replicas} ${allReduce}: ${d}`).toBeLessThanOrEqual(TOLERANCE[optimizer]);
        }
        // Under ddp the replicas agree bit for bit (same all-reduced gradients, same optimizer).
        if (strategy === 'ddp') for (const w of run.weights) expect(w).toEqual(run.weights[0]);
      }
      expect(tf.memory().numTensors).toBe(tensorsBefore);
    });
  }

  it('replicas with micro-batches and recomputation end with the weights of the plain single device', async () => {
    const config = { ...tiny, optimizer: 'sgd' as const, batchSize: 8 };
    const reference = await singleDevice(config, 2);
    const tensorsBefore = tf.memory().numTensors;
    for (const replicas of [2, 4]) {
      const run = await runInProcess({
        config: { ...config, microBatches: 4, recompute: 'block' },
        backend: 'cpu',
        replicas,
        strategy: 'ddp',
        allReduce: 'ring',
        steps: 2,
      });
      for (const w of run.weights) expect(relativeDifference(w, reference.final)).toBeLessThanOrEqual(1e-5);
    }
    expect(tf.memory().numTensors).toBe(tensorsBefore);
  });

  it('reports the batch loss the single device sees', async () => {
    const config = { ...tiny, optimizer: 'sgd' as const };
    const losses: Record<string, number> = {};
    for (const strategy of PARALLEL_STRATEGIES) {
      const run = await runInProcess({
        config,
        backend: 'cpu',
        replicas: 2,
        strategy,
        allReduce: 'ring',
        steps: 1,
      });
      const step = run.reports[0]!;
      losses[strategy] =
        strategy === 'ddp' ? (step[0]!.shardLoss! + step[1]!.shardLoss!) / 2 : step[0]!.batchLoss!;
    }
    // The trainer's first step reports the loss of the initial weights on batch 0.
    const expected = (await singleDevice(config, 1)).losses[0]!;
    for (const strategy of PARALLEL_STRATEGIES) expect(losses[strategy]).toBeCloseTo(expected, 5);
  });
});
