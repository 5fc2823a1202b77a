/**
 * BatchLab's fused optimizer updates, registered with tfjs for the webgpu backend under their own names, so
 * that they run through tfjs's engine like any op (tidy, tf.profile's kernel table, the step profile):
 * - BatchLabAdamMoments  moments [2, n], grad → new moments [2, n]     (adamProgram.ts, 'moments')
 * - BatchLabAdamWeights  moments [2, n], value → new value             (adamProgram.ts, 'weights')
 * - BatchLabSgdUpdate    value, grad → new value                        (sgdProgram.ts)
 * Each runs one WGSL dispatch over the variable seen flat, so one pipeline serves every variable whatever
 * its rank. Not differentiable (an optimizer's update never is). Callers own every tensor they get back.
 * Only valid on the webgpu backend; src/engine/fusedOptimizers.ts uses them there and tfjs's optimizers
 * elsewhere.
 */
import * as tf from '@tensorflow/tfjs-core';
import { AdamProgram, type AdamTarget } from './adamProgram';
import { SgdProgram } from './sgdProgram';
import { asAttrs, kernelInput, registerWebgpuKernels, runProgram, type KernelArgs } from './webgpuKernels';

const OPTIMIZER_KERNEL_NAMES = {
  adamMoments: 'BatchLabAdamMoments',
  adamWeights: 'BatchLabAdamWeights',
  sgd: 'BatchLabSgdUpdate',
} as const;

/** Four float32 coefficients of an Adam program (adamProgram.ts says which for each target). */
export type AdamCoefficients = readonly [number, number, number, number];

const input = (args: KernelArgs, name: string) => kernelInput(args, name, 'BatchLab optimizer kernel');

const elementsOf = (t: tf.TensorInfo) => t.shape.reduce((a, b) => a * b, 1);
/** The same data seen flat (no copy, as tfjs's own reshape). */
const flat = (t: tf.TensorInfo): tf.TensorInfo => ({
  dataId: t.dataId,
  dtype: t.dtype,
  shape: [elementsOf(t)],
});

function adam(target: AdamTarget) {
  return (args: KernelArgs): tf.TensorInfo => {
    const moments = input(args, 'moments');
    const other = input(args, target === 'moments' ? 'grad' : 'value');
    const elements = elementsOf(other);
    if (elementsOf(moments) !== 2 * elements) {
      throw new Error(`BatchLab Adam: moments [${moments.shape.join(', ')}] for ${elements} elements`);
    }
    const coefficients = (args.attrs as { coefficients?: AdamCoefficients } | undefined)?.coefficients;
    if (!coefficients) throw new Error('BatchLab Adam kernels need their coefficients');
    const program = new AdamProgram(elements, target);
    const out = runProgram(
      args,
      program,
      [{ ...moments, shape: [2 * elements] }, flat(other)],
      program.uniformData(coefficients),
    );
    return { ...out, shape: target === 'moments' ? moments.shape : other.shape };
  };
}

function sgd(args: KernelArgs): tf.TensorInfo {
  const value = input(args, 'value');
  const grad = input(args, 'grad');
  const program = new SgdProgram(elementsOf(value));
  const negLr = Number((args.attrs as { negLr?: number } | undefined)?.negLr);
  const out = runProgram(args, program, [flat(value), flat(grad)], [{ type: 'float32', data: [negLr] }]);
  return { ...out, shape: value.shape };
}

/** Registers the kernels once per tfjs instance (later calls do nothing). */
const registerOptimizerKernels = () =>
  registerWebgpuKernels({
    [OPTIMIZER_KERNEL_NAMES.adamMoments]: adam('moments'),
    [OPTIMIZER_KERNEL_NAMES.adamWeights]: adam('weights'),
    [OPTIMIZER_KERNEL_NAMES.sgd]: sgd,
  });

/** Adam's new moments [2, ...] from the moments and the gradient; coefficients β1, 1−β1, β2, 1−β2. */
export function adamMoments(moments: tf.Tensor, grad: tf.Tensor, coefficients: AdamCoefficients): tf.Tensor {
  registerOptimizerKernels();
  return tf
    .engine()
    .runKernel(OPTIMIZER_KERNEL_NAMES.adamMoments, { moments, grad }, asAttrs({ coefficients })) as tf.Tensor;
}

/** Adam's new value from the new moments; coefficients 1−β1ᵗ, 1−β2ᵗ, ε, −lr. */
export function adamWeights(moments: tf.Tensor, value: tf.Tensor, coefficients: AdamCoefficients): tf.Tensor {
  registerOptimizerKernels();
  return tf
    .engine()
    .runKernel(
      OPTIMIZER_KERNEL_NAMES.adamWeights,
      { moments, value },
      asAttrs({ coefficients }),
    ) as tf.Tensor;
}

/** SGD's new value, (−lr)·grad + value. */
export function sgdWeights(value: tf.Tensor, grad: tf.Tensor, negLr: number): tf.Tensor {
  registerOptimizerKernels();
  return tf.engine().runKernel(OPTIMIZER_KERNEL_NAMES.sgd, { value, grad }, asAttrs({ negLr })) as tf.Tensor;
}
