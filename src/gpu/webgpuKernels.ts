/**
 * What BatchLab's tfjs kernels (src/gpu/*Kernels.ts) share: registering them for the webgpu backend under
 * their own names, once per tfjs instance, and reading their inputs. Registered kernels run through tfjs's
 * engine like any op (tape, tidy, tf.profile's kernel table, the step profile).
 */
import * as tf from '@tensorflow/tfjs-core';
import type { WebGPUBackend, WebGPUProgram } from '@tensorflow/tfjs-backend-webgpu';

/** What tfjs hands a kernel function. */
export type KernelArgs = { inputs: tf.NamedTensorInfoMap; backend: unknown; attrs?: tf.NamedAttrMap };

/** Registers each kernel of `table` (name → function) for webgpu unless this tfjs instance has it already. */
export function registerWebgpuKernels(
  table: Record<string, (args: KernelArgs) => tf.TensorInfo | tf.TensorInfo[]>,
): void {
  for (const [kernelName, kernelFunc] of Object.entries(table)) {
    if (!tf.getKernel(kernelName, 'webgpu')) {
      tf.registerKernel({ kernelName, backendName: 'webgpu', kernelFunc: kernelFunc as tf.KernelFunc });
    }
  }
}

/** The input `name` of a kernel call; a missing one throws `${what}: missing input ${name}`. */
export function kernelInput(args: KernelArgs, name: string, what: string): tf.TensorInfo {
  const t = args.inputs[name];
  if (!t) throw new Error(`${what}: missing input ${name}`);
  return t;
}

/** Attributes as tfjs's runKernel takes them. */
export const asAttrs = (a: object) => a as unknown as tf.NamedAttrMap;

/** Runs `program` on the kernel call's backend, with a float32 output unless `dtype` says otherwise. */
export function runProgram(
  args: KernelArgs,
  program: WebGPUProgram,
  inputs: tf.TensorInfo[],
  uniforms?: { type: string; data: number[] }[],
  dtype: tf.DataType = 'float32',
): tf.TensorInfo {
  return (args.backend as WebGPUBackend).runWebGPUProgram(program, inputs, dtype, uniforms);
}
