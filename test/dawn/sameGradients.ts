// "The same gradients" on real WebGPU (Dawn in a child process; SwiftShader here, the GPU on a machine with
// one), with the convolution kernels the adapter gets (BatchLab's own on webgpu): one SGD step at learning
// rate 1 from the same weights, plain, as k micro-batches and with recomputation, and the tensor count
// after repeated steps. Read by test/sameGradientsDawn.test.ts.
import { DEFAULT_CONFIG, type TrainConfig } from '../../src/config/trainConfig';
import { buildHostBatch } from '../../src/data/buildBatch';
import * as tf from '../../src/engine/tf';
import { createTrainer } from '../../src/engine/trainer';
import { maxRelativeDifference, oneStepUpdate } from '../../src/engine/oneStepUpdate';
import { start } from './convParity';

const BASE: TrainConfig = {
  ...DEFAULT_CONFIG,
  imageSizePx: 16,
  batchSize: 4,
  depth: 2,
  baseWidth: 4,
  optimizer: 'sgd',
  learningRate: 1,
  augment: false,
};

export interface SameGradientsOnDawn {
  /** max |Δw − Δw(at once)| ÷ max |Δw(at once)| per variant. */
  relative: Record<string, number>;
  /** Live tensors after each of 6 steps with k = 2 and recomputation on. */
  tensorsAfterSteps: number[];
  problems: string[];
}

export async function sameGradients(): Promise<SameGradientsOnDawn> {
  const problems = await start();
  const atOnce = await oneStepUpdate(BASE, 'webgpu');
  const relative: Record<string, number> = {};
  const variants: Record<string, Partial<TrainConfig>> = {
    'k=2': { microBatches: 2 },
    'k=4': { microBatches: 4 },
    recompute: { recompute: 'block' },
  };
  for (const [name, patch] of Object.entries(variants)) {
    const run = await oneStepUpdate({ ...BASE, ...patch }, 'webgpu');
    relative[name] = maxRelativeDifference(run.update, atOnce.update);
  }
  const both = { ...BASE, microBatches: 2, recompute: 'block' } as const;
  const trainer = createTrainer(both, 'webgpu');
  const tensorsAfterSteps: number[] = [];
  for (let i = 0; i < 6; i++) {
    await trainer.step(buildHostBatch(both, i % 2));
    tensorsAfterSteps.push(tf.memory().numTensors);
  }
  trainer.dispose();
  return { relative, tensorsAfterSteps, problems };
}
