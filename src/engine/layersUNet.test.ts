import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type TrainConfig } from '../config/trainConfig';
import { buildHostBatch } from '../data/buildBatch';
import { createLayersUNet, disposeLayersUNet, fitBatchArrays, fitTensors } from './layersUNet';
import { createTrainer } from './trainer';

const tiny: TrainConfig = {
  ...DEFAULT_CONFIG,
  imageSizePx: 16,
  batchSize: 2,
  depth: 2,
  baseWidth: 4,
  learningRate: 0.01,
  augment: false,
};
const STEPS = 4;

beforeAll(async () => {
  await tf.setBackend('cpu');
  await tf.ready();
});

async function trainerLosses(config: TrainConfig): Promise<number[]> {
  const trainer = createTrainer(config, 'cpu');
  const batch = buildHostBatch(config, 0);
  const losses: number[] = [];
  for (let i = 0; i < STEPS; i++) losses.push((await trainer.step(batch)).loss);
  trainer.dispose();
  return losses;
}

async function fitLosses(config: TrainConfig): Promise<number[]> {
  const unet = createLayersUNet(config);
  const { x, y } = fitTensors(fitBatchArrays(buildHostBatch(config, 0), config.mean255, config.std255));
  const losses: number[] = [];
  for (let i = 0; i < STEPS; i++) {
    const history = await unet.model.fit(x, y, { batchSize: config.batchSize, epochs: 1, verbose: 0 });
    losses.push(Number(history.history.loss?.[0]));
  }
  x.dispose();
  y.dispose();
  disposeLayersUNet(unet);
  return losses;
}

describe('the tf.layers U-Net against BatchLab’s trainer (cpu backend)', () => {
  it.each(['sgd', 'adam'] as const)(
    'gives the same first %s losses for the same seed and batch',
    async (optimizer) => {
      const config = { ...tiny, optimizer };
      const ours = await trainerLosses(config);
      const theirs = await fitLosses(config);
      expect(ours.every(Number.isFinite)).toBe(true);
      // The step changes the weights: a test that only compared step 1 would pass with a broken optimizer.
      expect(Math.abs(ours[STEPS - 1]! - ours[0]!)).toBeGreaterThan(1e-3);
      for (let i = 0; i < STEPS; i++) expect(Math.abs(theirs[i]! - ours[i]!)).toBeLessThan(1e-5 * ours[i]!);
    },
  );

  it('starts from createUNet’s weights: another seed gives another first loss', async () => {
    const [a] = await fitLosses({ ...tiny, optimizer: 'sgd' });
    const [b] = await fitLosses({ ...tiny, optimizer: 'sgd', seed: tiny.seed + 1 });
    expect(Math.abs(a! - b!)).toBeGreaterThan(1e-3);
  });

  it('frees every tensor it made', async () => {
    const baseline = tf.memory().numTensors;
    await fitLosses({ ...tiny, optimizer: 'adam' });
    expect(tf.memory().numTensors).toBe(baseline);
  });
});
