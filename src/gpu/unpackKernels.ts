/**
 * Runs the unpack programs on the WebGPU backend as registered tfjs kernels (so the tape, `tidy` and
 * `tf.profile` see them like any op: a step profile times the packed path's unpack).
 * Callers own (and dispose) every returned tensor. Only valid when the active backend is webgpu;
 * src/engine falls back to plain tfjs ops elsewhere.
 */
import * as tf from '@tensorflow/tfjs-core';
import { UnpackProgram, type UnpackPacking } from './unpackProgram';
import { asAttrs, registerWebgpuKernels, runProgram, type KernelArgs } from './webgpuKernels';

/** The unpack programs' names as tfjs kernels: so `tf.profile` lists and times them like any op. */
const UNPACK_KERNEL_NAMES = { bytes: 'BatchLabUnpackBytes', half: 'BatchLabUnpackHalf' } as const;

interface UnpackAttrs {
  shape: number[];
  /** Apply (x − mean) · invStd; bytes without it are labels, unpacked to int32. */
  normalize: boolean;
}

function runUnpack(args: KernelArgs, packing: UnpackPacking): tf.TensorInfo {
  const { shape, normalize } = args.attrs as unknown as UnpackAttrs;
  const { packed, mean, invStd } = args.inputs;
  const inputs = [packed, ...(normalize ? [mean, invStd] : [])] as tf.TensorInfo[];
  const program = new UnpackProgram(shape, packing, normalize, shape[3] ?? 1);
  const dtype = packing === 'bytes' && !normalize ? 'int32' : 'float32';
  return runProgram(args, program, inputs, undefined, dtype);
}

function run<R extends tf.Rank>(
  packing: UnpackPacking,
  inputs: Record<string, tf.Tensor>,
  attrs: UnpackAttrs,
): tf.Tensor<R> {
  if (tf.getBackend() !== 'webgpu') throw new Error('GPU unpack programs need the webgpu backend');
  registerWebgpuKernels({
    [UNPACK_KERNEL_NAMES.bytes]: (a) => runUnpack(a, 'bytes'),
    [UNPACK_KERNEL_NAMES.half]: (a) => runUnpack(a, 'half'),
  });
  return tf.engine().runKernel(UNPACK_KERNEL_NAMES[packing], inputs, asAttrs(attrs)) as tf.Tensor<R>;
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
  return run('bytes', { packed, mean, invStd }, { shape, normalize: true });
}

/**
 * uint8 labels → int32 class ids.
 * @param packed int32 [ceil(n/4)]; @param shape NHW. @returns int32 NHW. Caller disposes.
 */
export function unpackLabelBytes(packed: tf.Tensor1D, shape: [number, number, number]): tf.Tensor3D {
  return run('bytes', { packed }, { shape, normalize: false });
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
  return run('half', { packed, ...normalizeWith }, { shape, normalize: normalizeWith !== undefined });
}
