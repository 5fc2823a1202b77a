/**
 * Runs on Dawn's WebGPU in a child process (dawnChild.mjs) for test/fusedKernels.test.ts: BatchLab's fused
 * Adam and SGD updates (src/engine/fusedOptimizers.ts) against tfjs's own AdamOptimizer and SGDOptimizer on
 * the same device, on random variables and on training steps. Returns plain numbers; the test asserts.
 */
import { DEFAULT_CONFIG, type TrainConfig } from '../../src/config/trainConfig';
import { buildHostBatch } from '../../src/data/buildBatch';
import { FusedAdam, FusedSgd } from '../../src/engine/fusedOptimizers';
import { optimizerVariables } from '../../src/engine/optimizer';
import * as tf from '../../src/engine/tf';
import { createTrainer } from '../../src/engine/trainer';
import { start } from './convParity';

/** Shapes of the random variables: a 3×3 filter, a 1×1 filter, a bias, and counts not divisible by 4. */
const SHAPES = [[3, 3, 5, 8], [1, 1, 8, 3], [8], [7], [2, 3, 5]];
const UPDATES = 10;

export interface UpdateParity {
  optimizer: 'adam' | 'sgd';
  /** Largest |fused − tfjs| over every element of every variable, after each update. */
  maxAbsDiffPerUpdate: number[];
  /** Largest |value after 10 updates − initial value|: the updates did move the variables. */
  maxMove: number;
  /** Bytes of the optimizer's variables (optimizerVariables) after the updates, fused and tfjs. */
  stateBytes: { fused: number; tfjs: number };
  /** Kernels of one update, by name, fused and tfjs. */
  kernels: { fused: Record<string, number>; tfjs: Record<string, number> };
}

const bytesOf = (vs: readonly tf.Tensor[]) => vs.reduce((sum, v) => sum + v.size * 4, 0);

async function kernelsOf(update: () => void): Promise<Record<string, number>> {
  const profile = await tf.profile(() => {
    update();
    return [];
  });
  const counts: Record<string, number> = {};
  for (const k of profile.kernels) counts[k.name] = (counts[k.name] ?? 0) + 1;
  return counts;
}

async function updateParity(kind: 'adam' | 'sgd', seed: number): Promise<UpdateParity> {
  const initial = SHAPES.map((s, i) => tf.randomNormal(s, 0, 1, 'float32', seed + i));
  const fusedVars = initial.map((t, i) => tf.variable(t, true, `fused_${kind}_${i}`));
  const tfjsVars = initial.map((t, i) => tf.variable(t, true, `tfjs_${kind}_${i}`));
  const learningRate = kind === 'adam' ? 0.01 : 0.1;
  const fused = kind === 'adam' ? new FusedAdam(learningRate) : new FusedSgd(learningRate);
  const stock = kind === 'adam' ? tf.train.adam(learningRate) : tf.train.sgd(learningRate);
  const maxAbsDiffPerUpdate: number[] = [];
  let kernels = { fused: {}, tfjs: {} } as UpdateParity['kernels'];
  for (let step = 0; step < UPDATES; step++) {
    const grads = SHAPES.map((s, i) =>
      tf.randomNormal(s, 0, 1 + step, 'float32', seed + 100 * (step + 1) + i),
    );
    const apply = (opt: tf.Optimizer, vars: tf.Variable[]) => () =>
      opt.applyGradients(vars.map((v, i) => ({ name: v.name, tensor: grads[i]! })));
    if (step === UPDATES - 1) {
      kernels = {
        fused: await kernelsOf(apply(fused, fusedVars)),
        tfjs: await kernelsOf(apply(stock, tfjsVars)),
      };
    } else {
      apply(fused, fusedVars)();
      apply(stock, tfjsVars)();
    }
    tf.dispose(grads);
    let diff = 0;
    for (let i = 0; i < SHAPES.length; i++) {
      const [a, b] = [await fusedVars[i]!.data(), await tfjsVars[i]!.data()];
      for (let j = 0; j < a.length; j++) diff = Math.max(diff, Math.abs(a[j]! - b[j]!));
    }
    maxAbsDiffPerUpdate.push(diff);
  }
  let maxMove = 0;
  for (let i = 0; i < SHAPES.length; i++) {
    const [a, b] = [await fusedVars[i]!.data(), await initial[i]!.data()];
    for (let j = 0; j < a.length; j++) maxMove = Math.max(maxMove, Math.abs(a[j]! - b[j]!));
  }
  const stateBytes = { fused: bytesOf(optimizerVariables(fused)), tfjs: bytesOf(optimizerVariables(stock)) };
  fused.dispose();
  stock.dispose();
  tf.dispose([...initial, ...fusedVars, ...tfjsVars]);
  return { optimizer: kind, maxAbsDiffPerUpdate, maxMove, stateBytes, kernels };
}

export async function updates(): Promise<{
  results: UpdateParity[];
  tensorsBefore: number;
  tensorsAfter: number;
  problems: string[];
}> {
  const problems = await start();
  const tensorsBefore = tf.memory().numTensors;
  const results = [await updateParity('adam', 1), await updateParity('sgd', 50)];
  return { results, tensorsBefore, tensorsAfter: tf.memory().numTensors, problems };
}

/** A small config, so that twenty steps of each arm take seconds on the software adapter. */
const TRAIN: TrainConfig = { ...DEFAULT_CONFIG, imageSizePx: 16, batchSize: 2, augment: false };
const STEPS = 20;

export interface LossParity {
  optimizer: 'adam' | 'sgd';
  fusedLosses: number[];
  tfjsLosses: number[];
  /** Kernels of one profiled step, fused and tfjs's optimizer. */
  kernelsPerStep: { fused: number; tfjs: number };
  tensorsAfterSteps: number[];
}

async function lossParity(optimizer: 'adam' | 'sgd'): Promise<LossParity> {
  const config: TrainConfig = { ...TRAIN, optimizer };
  const batches = [0, 1, 2, 3].map((i) => buildHostBatch(config, i));
  const fused = createTrainer(config, 'webgpu');
  const stock = createTrainer(config, 'webgpu', { fused: false });
  const fusedLosses: number[] = [];
  const tfjsLosses: number[] = [];
  const tensorsAfterSteps: number[] = [];
  for (let step = 0; step < STEPS; step++) {
    const batch = batches[step % batches.length]!;
    fusedLosses.push((await fused.step(batch)).loss);
    tfjsLosses.push((await stock.step(batch)).loss);
    tensorsAfterSteps.push(tf.memory().numTensors);
  }
  const count = async (t: typeof fused) => {
    const profile = await tf.profile(async () => {
      await t.step(batches[0]!);
      return [];
    });
    return profile.kernels.length;
  };
  const kernelsPerStep = { fused: await count(fused), tfjs: await count(stock) };
  fused.dispose();
  stock.dispose();
  return { optimizer, fusedLosses, tfjsLosses, kernelsPerStep, tensorsAfterSteps };
}

export async function losses(): Promise<{
  results: LossParity[];
  tensorsBefore: number;
  tensorsAfter: number;
  problems: string[];
}> {
  const problems = await start();
  const tensorsBefore = tf.memory().numTensors;
  const results = [await lossParity('adam'), await lossParity('sgd')];
  return { results, tensorsBefore, tensorsAfter: tf.memory().numTensors, problems };
}
