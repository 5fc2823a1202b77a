/**
 * Runs the unpack programs on the WebGPU backend and wraps their outputs as tfjs tensors.
 * Callers own (and dispose) every returned tensor. Only valid when the active backend is webgpu;
 * src/engine falls back to plain tfjs ops elsewhere.
 */
import * as tf from '@tensorflow/tfjs-core';
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import { UnpackBytesProgram } from './unpackBytesProgram';
import { UnpackHalfProgram } from './unpackHalfProgram';

function webgpuBackend(): WebGPUBackend {
  if (tf.getBackend() !== 'webgpu') throw new Error('GPU unpack programs need the webgpu backend');
  return tf.backend() as WebGPUBackend;
}

function run<R extends tf.Rank>(
  program: UnpackBytesProgram | UnpackHalfProgram,
  inputs: tf.Tensor[],
  dtype: 'float32' | 'int32',
): tf.Tensor<R> {
  const info = webgpuBackend().runWebGPUProgram(program, inputs, dtype);
  return tf.engine().makeTensorFromTensorInfo(info) as tf.Tensor<R>;
}

/**
 * uint8 images → normalized float32.
 * @param packed int32 [ceil(n/4)], 4 bytes per word; @param shape NHWC; mean/invStd float32 [C].
 * @returns float32 NHWC, (byte − mean) · invStd. Caller disposes.
 */
export function unpackNormalizeBytes(
  packed: tf.Tensor1D,
  shape: [number, number, number, number],
  mean: tf.Tensor1D,
  invStd: tf.Tensor1D,
): tf.Tensor4D {
  return run(new UnpackBytesProgram(shape, 'normalize-f32', shape[3]), [packed, mean, invStd], 'float32');
}

/**
 * uint8 labels → int32 class ids.
 * @param packed int32 [ceil(n/4)]; @param shape NHW. @returns int32 NHW. Caller disposes.
 */
export function unpackLabelBytes(packed: tf.Tensor1D, shape: [number, number, number]): tf.Tensor3D {
  return run(new UnpackBytesProgram(shape, 'label-i32', 1), [packed], 'int32');
}

/**
 * float16 images → float32, normalized when mean/invStd are given.
 * @param packed int32 [ceil(n/2)], two halves per word; @param shape NHWC. Caller disposes.
 */
export function unpackHalf(
  packed: tf.Tensor1D,
  shape: [number, number, number, number],
  normalizeWith?: { mean: tf.Tensor1D; invStd: tf.Tensor1D },
): tf.Tensor4D {
  const program = new UnpackHalfProgram(shape, normalizeWith !== undefined, shape[3]);
  const inputs = normalizeWith ? [packed, normalizeWith.mean, normalizeWith.invStd] : [packed];
  return run(program, inputs, 'float32');
}
