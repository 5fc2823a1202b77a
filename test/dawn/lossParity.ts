/**
 * Runs on Dawn's WebGPU in a child process (dawnChild.mjs) for test/fusedKernels.test.ts: BatchLab's fused
 * cross-entropy kernels (src/gpu/crossEntropyKernels.ts) against the loss as tfjs ops compute it
 * (src/engine/loss.ts, unfused) on the same device: the value and the gradient wrt the logits, on random
 * logits and labels. Returns plain numbers; the test asserts.
 */
import { createRng } from '../../src/data/random';
import { softmaxCrossEntropy, type DeviceLabels } from '../../src/engine/loss';
import * as tf from '../../src/engine/tf';
import { start } from './convParity';

export interface LossCase {
  shape: number[];
  /** |fused − ops| of the loss. */
  valueDiff: number;
  /** max |fused − ops| of the gradient ÷ max |ops gradient|. */
  gradientRelative: number;
  /** Kernels of a forward and backward, fused and with tfjs's ops. */
  kernels: { fused: number; ops: number };
}

/** Logits scaled up so that some pixels are confident (large max − others), as after training. */
const SHAPES: [number, number, number, number][] = [
  [2, 16, 16, 4],
  [1, 8, 9, 2],
  [3, 5, 7, 5],
];

async function lossCase(shape: [number, number, number, number], seed: number): Promise<LossCase> {
  const [n, h, w, k] = shape;
  const logits = tf.tidy(() => tf.mul(tf.randomNormal(shape, 0, 1, 'float32', seed), 4)) as tf.Tensor4D;
  const rng = createRng(seed);
  const ids = tf.tensor3d(
    Array.from({ length: n * h * w }, () => rng.int(0, k)),
    [n, h, w],
    'int32',
  );
  const labels: DeviceLabels = { kind: 'class-ids', tensor: ids };
  const variable = tf.tidy(() => tf.zerosLike(logits).variable(true));
  const outcome = async (fused: boolean) => {
    const profile = await tf.profile(() => {
      const { value, grads } = tf.variableGrads(
        () => softmaxCrossEntropy(tf.add(logits, variable) as tf.Tensor4D, labels, fused),
        [variable],
      );
      return [value, grads[variable.name]!];
    });
    const [value, gradient] = profile.result as tf.Tensor[];
    const result = {
      value: (await value!.data())[0]!,
      gradient: await gradient!.data(),
      kernels: profile.kernels.length,
    };
    tf.dispose([value!, gradient!]);
    return result;
  };
  const fused = await outcome(true);
  const ops = await outcome(false);
  let diff = 0;
  let scale = 0;
  for (let i = 0; i < ops.gradient.length; i++) {
    diff = Math.max(diff, Math.abs(fused.gradient[i]! - ops.gradient[i]!));
    scale = Math.max(scale, Math.abs(ops.gradient[i]!));
  }
  tf.dispose([logits, ids, variable]);
  return {
    shape,
    valueDiff: Math.abs(fused.value - ops.value),
    gradientRelative: diff / scale,
    kernels: { fused: fused.kernels, ops: ops.kernels },
  };
}

export async function crossEntropy(): Promise<{
  cases: LossCase[];
  tensorsBefore: number;
  tensorsAfter: number;
  problems: string[];
}> {
  const problems = await start();
  const tensorsBefore = tf.memory().numTensors;
  const cases: LossCase[] = [];
  for (const [i, s] of SHAPES.entries()) cases.push(await lossCase(s, 10 + i));
  return { cases, tensorsBefore, tensorsAfter: tf.memory().numTensors, problems };
}
