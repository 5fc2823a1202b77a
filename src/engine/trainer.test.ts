import * as tf from './tf';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type TrainConfig } from '../config/trainConfig';
import { buildHostBatch, buildValidationBatch } from '../data/buildBatch';
import { createTrainer } from './trainer';

const tiny: TrainConfig = {
  ...DEFAULT_CONFIG,
  imageSizePx: 16,
  batchSize: 2,
  depth: 2,
  baseWidth: 4,
  learningRate: 0.02,
  augment: false,
};

beforeAll(async () => {
  await tf.setBackend('cpu');
  await tf.ready();
});

describe('trainer on the cpu backend', () => {
  it('lowers the loss over 30 steps on a fixed batch', async () => {
    const trainer = createTrainer(tiny, 'cpu');
    const batch = buildHostBatch(tiny, 0);
    const losses: number[] = [];
    for (let i = 0; i < 30; i++) losses.push((await trainer.step(batch)).loss);
    trainer.dispose();
    expect(losses.every(Number.isFinite)).toBe(true);
    const head = (losses[0]! + losses[1]! + losses[2]!) / 3;
    const tail = (losses[27]! + losses[28]! + losses[29]!) / 3;
    expect(tail).toBeLessThan(head * 0.8);
  });

  it('keeps the tensor count flat across steps and returns to baseline after dispose', async () => {
    for (const optimizer of ['adam', 'sgd'] as const) {
      const baseline = tf.memory().numTensors;
      const trainer = createTrainer({ ...tiny, optimizer }, 'cpu');
      const counts: number[] = [];
      for (let i = 0; i < 4; i++) {
        await trainer.step(buildHostBatch(tiny, i));
        counts.push(tf.memory().numTensors);
      }
      await trainer.evaluate(buildValidationBatch(tiny, 2));
      await trainer.predict(buildValidationBatch(tiny, 2), 2);
      counts.push(tf.memory().numTensors);
      // The first step creates the optimizer's slots; from then on the count is flat.
      expect(new Set(counts.slice(1)).size).toBe(1);
      trainer.dispose();
      expect(tf.memory().numTensors).toBe(baseline);
    }
  });

  it('trains through every storage dtype, mask dtype and normalization placement', async () => {
    const variants: Partial<TrainConfig>[] = [
      { imageDtype: 'float32', normalizeOn: 'loader', maskDtype: 'int32' },
      { imageDtype: 'float32', normalizeOn: 'model', maskDtype: 'float32-onehot' },
      { imageDtype: 'float16', normalizeOn: 'loader', maskDtype: 'uint8' },
      { imageDtype: 'float16', normalizeOn: 'model', maskDtype: 'uint8' },
      { imageDtype: 'uint8', normalizeOn: 'model', uploadPath: 'tf-tensor', maskDtype: 'uint8' },
    ];
    const losses: number[] = [];
    for (const v of variants) {
      const config = { ...tiny, ...v };
      const trainer = createTrainer(config, 'cpu');
      losses.push((await trainer.step(buildHostBatch(config, 0))).loss);
      trainer.dispose();
    }
    // Same data, same weights: the first loss agrees across paths (float16 within its precision).
    for (const loss of losses) expect(loss).toBeCloseTo(losses[0]!, 3);
  });
});
