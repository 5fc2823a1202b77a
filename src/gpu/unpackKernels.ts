/**
 * Runs the unpack programs on the WebGPU backend as registered tfjs kernels (so the tape, `tidy` and
 * `tf.profile` see them like any op: a step profile times the packed path's unpack).
 * Callers own (and dispose) every returned tensor. Only valid when the active backend is webgpu;
 * src/engine falls back to plain tfjs ops elsewhere.
 */
import * as tf from '@tensorflow/tfjs-core';
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import { UnpackBytesProgram, type UnpackBytesMode } from './unpackBytesProgram';
import { UnpackHalfProgram } from './unpackHalfProgram';

/** The unpack programs' names as tfjs kernels: so `tf.profile` lists and times them like any op. */
const UNPACK_KERNEL_NAMES = { bytes: 'BatchLabUnpackBytes', half: 'BatchLabUnpackHalf' } as const;

interface UnpackAttrs {
  shape: number[];
  /** Bytes: the program's mode; halves: 'normalize' or 'plain'. */
  mode: UnpackBytesMode | 'normalize' | 'plain';
}

type KernelArgs = { inputs: tf.NamedTensorInfoMap; backend: unknown; attrs?: tf.NamedAttrMap };

function runUnpack(args: KernelArgs, half: boolean): tf.TensorInfo {
  const { shape, mode } = args.attrs as unknown as UnpackAttrs;
  const { packed, mean, invStd } = args.inputs;
  const normalize = mode === 'normalize' || mode === 'normalize-f32';
  const inputs = [packed, ...(normalize ? [mean, invStd] : [])] as tf.TensorInfo[];
  const channels = shape[3] ?? 1;
  const program = half
    ? new UnpackHalfProgram(shape, normalize, channels)
    : new UnpackBytesProgram(shape, mode as UnpackBytesMode, channels);
  const dtype = mode === 'label-i32' ? 'int32' : 'float32';
  return (args.backend as WebGPUBackend).runWebGPUProgram(program, inputs, dtype);
}

/** Registers the two kernels once per tfjs instance (later calls do nothing). */
function registerUnpackKernels(): void {
  const configs: tf.KernelConfig[] = [
    { kernelName: UNPACK_KERNEL_NAMES.bytes, backendName: 'webgpu', kernelFunc: (a) => runUnpack(a, false) },
    { kernelName: UNPACK_KERNEL_NAMES.half, backendName: 'webgpu', kernelFunc: (a) => runUnpack(a, true) },
  ];
  for (const k of configs) if (!tf.getKernel(k.kernelName, 'webgpu')) tf.registerKernel(k);
}

function run<R extends tf.Rank>(
  name: string,
  inputs: Record<string, tf.Tensor>,
  attrs: UnpackAttrs,
): tf.Tensor<R> {
  if (tf.getBackend() !== 'webgpu') throw new Error('GPU unpack programs need the webgpu backend');
  registerUnpackKernels();
  return tf.engine().runKernel(name, inputs, attrs as unknown as tf.NamedAttrMap) as tf.Tensor<R>;
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
  return run(UNPACK_KERNEL_NAMES.bytes, { packed, mean, invStd }, { shape, mode: 'normalize-f32' });
}

/**
 * uint8 labels → int32 class ids.
 * @param packed int32 [ceil(n/4)]; @param shape NHW. @returns int32 NHW. Caller disposes.
 */
export function unpackLabelBytes(packed: tf.Tensor1D, shape: [number, number, number]): tf.Tensor3D {
  return run(UNPACK_KERNEL_NAMES.bytes, { packed }, { shape, mode: 'label-i32' });
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
  return normalizeWith
    ? run(UNPACK_KERNEL_NAMES.half, { packed, ...normalizeWith }, { shape, mode: 'normalize' })
    : run(UNPACK_KERNEL_NAMES.half, { packed }, { shape, mode: 'plain' });
}
