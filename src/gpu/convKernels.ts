/**
 * BatchLab's own convolution kernels, registered with tfjs for the webgpu backend under their own names, so
 * that they run through tfjs's engine like any op (tape, tidy, tf.profile's kernel table) without touching
 * tfjs's own Conv2D kernels, which tf.layers and every other caller keep using:
 * - BatchLabConv2D               x, filter, bias → relu?(conv(x, filter) + bias)      (convSameProgram.ts)
 * - BatchLabConv2DBackpropInput  dy, filter → dx                                       (convSameProgram.ts)
 * - BatchLabConv2DBackpropFilter x, dy → [dfilter, dbias]    (convFilterPartialsProgram.ts + convFilterReduceProgram.ts)
 * - BatchLabReluMask             dy, y → dy where y > 0                                (reluMaskProgram.ts)
 * - BatchLabTfjsConv2D           the same op on tfjs's FusedConv2D kernel, under the gradient below
 * A staged tiling (GPU_SHARED_TILING) runs convStagedProgram.ts and convStagedFilterProgram.ts instead, with
 * the reduction's filter and bias in one dispatch (cutRows.ts), and folds the ReLU mask into the gradients'
 * loads (they take y; no BatchLabReluMask).
 * Stride 1, 'same' zero padding, odd square kernels, NHWC, float32. The forward's gradient is registered
 * too: the filter and bias gradients come from one kernel call; the input gradient is computed only when
 * the tape needs it (not for the first conv, whose input is the image). Each direction runs the own kernel
 * with its tiling or tfjs's kernel, as the caller's ConvDirections say (src/engine/convTuning.ts measures
 * which is faster on the device), so a mix such as tfjs's forward with the own filter gradient works.
 * Callers own every tensor they get back. Only valid on the webgpu backend; src/engine picks these kernels
 * (src/engine/convChoice.ts) and keeps tfjs's elsewhere.
 */
import * as tf from '@tensorflow/tfjs-core';
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import type { ConvShape, ConvTiling } from './convGeometry';
import { ConvFilterPartialsProgram } from './convFilterPartialsProgram';
import { ConvFilterReduceProgram } from './convFilterReduceProgram';
import { ConvSameProgram } from './convSameProgram';
import { ConvStagedFilterProgram } from './convStagedFilterProgram';
import { ConvStagedProgram } from './convStagedProgram';
import { cutRows } from './cutRows';
import { ReluMaskProgram } from './reluMaskProgram';
import { asAttrs, kernelInput, registerWebgpuKernels, runProgram, type KernelArgs } from './webgpuKernels';

const CONV_KERNEL_NAMES = {
  forward: 'BatchLabConv2D',
  tfjsForward: 'BatchLabTfjsConv2D',
  inputGradient: 'BatchLabConv2DBackpropInput',
  filterGradient: 'BatchLabConv2DBackpropFilter',
  reluMask: 'BatchLabReluMask',
} as const;

/** Per direction: the own kernel with this tiling, or 'tfjs' for tfjs's kernel. */
export interface ConvDirections {
  forward: ConvTiling | 'tfjs';
  inputGradient: ConvTiling | 'tfjs';
  filterGradient: ConvTiling | 'tfjs';
}

/** Attributes of every kernel above: the tiling its programs use (and relu for the forward). */
interface ConvKernelAttrs {
  tiling: ConvTiling;
  /** Forward only: apply max(0, ·) to the output; its gradient then masks dy by the output. */
  relu?: boolean;
}

/** Attributes of the two forward kernels: relu, and what each gradient direction runs. */
interface ForwardAttrs extends ConvKernelAttrs {
  relu: boolean;
  inputGradient: ConvTiling | 'tfjs';
  filterGradient: ConvTiling | 'tfjs';
}

/** tfjs's attributes for a stride-1 'same' NHWC conv. */
const TFJS_CONV_ATTRS = {
  strides: [1, 1],
  pad: 'same',
  dataFormat: 'NHWC',
  dilations: [1, 1],
  dimRoundingMode: undefined,
} as const;

function attrsOf(args: KernelArgs): ConvKernelAttrs {
  const attrs = args.attrs as unknown as ConvKernelAttrs | undefined;
  if (!attrs?.tiling) throw new Error('BatchLab conv kernels need a tiling attribute');
  return attrs;
}

const input = (args: KernelArgs, name: string) => kernelInput(args, name, 'BatchLab conv kernel');

/** The conv's shape from its input [N, H, W, Cin] (or dy [N, H, W, Cout]) and filter [k, k, Cin, Cout]. */
function convShapeOf(activation: readonly number[], filter: readonly number[]): ConvShape {
  const [batch, heightPx, widthPx] = activation;
  const [k, k2, inChannels, outChannels] = filter;
  if (activation.length !== 4 || filter.length !== 4 || k === undefined || k !== k2) {
    const got = `[${activation.join(', ')}] and [${filter.join(', ')}]`;
    throw new Error(`BatchLab conv needs NHWC input and a square [k, k, Cin, Cout] filter, got ${got}`);
  }
  return {
    batch: batch ?? 0,
    heightPx: heightPx ?? 0,
    widthPx: widthPx ?? 0,
    inChannels: inChannels ?? 0,
    outChannels: outChannels ?? 0,
    kernelSize: k,
  };
}

function expectChannels(t: tf.TensorInfo, channels: number, what: string): void {
  if (t.shape[3] !== channels) {
    throw new Error(`BatchLab conv: ${what} has ${t.shape[3]} channels, the filter expects ${channels}`);
  }
}

/**
 * The same data seen as [rows, last axis] (no copy: tfjs's own reshape shares the buffer the same way).
 * The conv programs index their inputs themselves; tfjs folds into a pipeline's key whether each input has
 * the output's shape, so 4-D inputs would split one kind of conv into two pipelines (Cin = Cout or not),
 * each a few hundred ms to compile on a software adapter.
 */
function asRows(t: tf.TensorInfo): tf.TensorInfo {
  const last = t.shape[t.shape.length - 1] ?? 1;
  return { dataId: t.dataId, dtype: t.dtype, shape: [t.shape.reduce((a, b) => a * b, 1) / last, last] };
}

function conv2d(args: KernelArgs): tf.TensorInfo {
  const { tiling, relu = false } = attrsOf(args);
  const x = input(args, 'x');
  const filter = input(args, 'filter');
  const shape = convShapeOf(x.shape, filter.shape);
  expectChannels(x, shape.inChannels, 'x');
  const program = tiling.staged
    ? new ConvStagedProgram(shape, 'forward', relu, false)
    : new ConvSameProgram(shape, 'forward', relu, tiling.pixelsPerInvocation, tiling.workgroupSize);
  const inputs = [asRows(x), asRows(filter), input(args, 'bias')];
  return runProgram(args, program, inputs, program.uniformData());
}

/** The forward on tfjs's own FusedConv2D kernel (bias and ReLU fused), called as tfjs's kernels call each other. */
function tfjsConv2d(args: KernelArgs): tf.TensorInfo {
  const relu = (args.attrs as { relu?: boolean } | undefined)?.relu ?? false;
  const fused = tf.getKernel('FusedConv2D', 'webgpu');
  if (!fused) throw new Error("tfjs's FusedConv2D kernel is not registered for webgpu");
  const inputs = { x: input(args, 'x'), filter: input(args, 'filter'), bias: input(args, 'bias') };
  const attrs = { ...TFJS_CONV_ATTRS, activation: relu ? 'relu' : 'linear' };
  return fused.kernelFunc({
    inputs,
    backend: args.backend as WebGPUBackend,
    attrs: attrs as unknown as tf.NamedAttrMap,
  }) as tf.TensorInfo;
}

function conv2dBackpropInput(args: KernelArgs): tf.TensorInfo {
  const { tiling } = attrsOf(args);
  const dy = input(args, 'dy');
  const filter = input(args, 'filter');
  const shape = convShapeOf(dy.shape, filter.shape);
  expectChannels(dy, shape.outChannels, 'dy');
  const y = args.inputs['y']; // the forward's ReLU output, when its mask is folded in (staged only)
  const program = tiling.staged
    ? new ConvStagedProgram(shape, 'input-gradient', false, y !== undefined)
    : new ConvSameProgram(shape, 'input-gradient', false, tiling.pixelsPerInvocation, tiling.workgroupSize);
  const inputs = [asRows(dy), asRows(filter), ...(y ? [asRows(y)] : [])];
  return runProgram(args, program, inputs, program.uniformData());
}

function conv2dBackpropFilter(args: KernelArgs): tf.TensorInfo[] {
  const { tiling } = attrsOf(args);
  const x = input(args, 'x');
  const dy = input(args, 'dy');
  const kernelSize = Number((args.attrs as { kernelSize?: number } | undefined)?.kernelSize);
  const shape = convShapeOf(x.shape, [kernelSize, kernelSize, x.shape[3] ?? 0, dy.shape[3] ?? 0]);
  if (dy.shape.slice(0, 3).join() !== x.shape.slice(0, 3).join()) {
    throw new Error(
      `BatchLab conv filter gradient: x [${x.shape.join(', ')}] and dy [${dy.shape.join(', ')}]`,
    );
  }
  const backend = args.backend as WebGPUBackend;
  if (tiling.staged) {
    const y = args.inputs['y'];
    const staged = new ConvStagedFilterProgram(shape, tiling, y !== undefined);
    const sums = runProgram(args, staged, [x, dy, ...(y ? [y] : [])], staged.uniformData());
    const both = new ConvFilterReduceProgram(shape, staged.geometry, 'both');
    const whole = runProgram(args, both, [sums], both.uniformData());
    const { kernelSize: k, inChannels, outChannels } = shape;
    const parts = cutRows(backend, whole, [[k, k, inChannels, outChannels], [outChannels]]);
    backend.disposeData(sums.dataId);
    backend.disposeData(whole.dataId);
    return parts;
  }
  const pass1 = new ConvFilterPartialsProgram(shape, tiling);
  const partials = runProgram(args, pass1, [x, dy], pass1.uniformData());
  const reduce = (target: 'filter' | 'bias') => {
    const pass2 = new ConvFilterReduceProgram(shape, pass1.geometry, target);
    return runProgram(args, pass2, [partials], pass2.uniformData());
  };
  const dFilter = reduce('filter');
  const dBias = reduce('bias');
  backend.disposeData(partials.dataId);
  return [dFilter, dBias];
}

function reluMask(args: KernelArgs): tf.TensorInfo {
  const dy = input(args, 'dy');
  const y = input(args, 'y');
  return runProgram(args, new ReluMaskProgram(dy.shape), [dy, y]);
}

/**
 * The gradient of both forward kernels: the ReLU mask (when fused), then the filter/bias and input
 * gradients, each on the own kernel or tfjs's as the attributes say. A staged tiling folds the mask into
 * its loads (it takes y); every other kernel takes the masked dy, computed once if any needs it.
 */
const gradFunc: tf.GradConfig['gradFunc'] = (dy, saved, attrs) => {
  const [x, filter, y] = saved as [tf.Tensor4D, tf.Tensor4D, tf.Tensor4D];
  const { relu, inputGradient, filterGradient } = attrs as unknown as ForwardAttrs;
  const folds = (k: ConvTiling | 'tfjs') => relu && k !== 'tfjs' && k.staged === true;
  let masked: tf.Tensor4D | null = null;
  const upstream = (k: ConvTiling | 'tfjs'): tf.Tensor4D => {
    if (!relu || folds(k)) return dy as tf.Tensor4D;
    masked ??= tf.engine().runKernel(CONV_KERNEL_NAMES.reluMask, { dy: dy as tf.Tensor, y }) as tf.Tensor4D;
    return masked;
  };
  const foldedY = (k: ConvTiling | 'tfjs') => (folds(k) ? y : undefined);
  // Both come from one kernel call (or tfjs's two), made here rather than in a thunk; tensors the tape
  // does not use are freed with the backward pass's scope.
  const [dFilter, dBias] = convSameFilterGradient(
    x,
    upstream(filterGradient),
    filter.shape[0],
    filterGradient,
    foldedY(filterGradient),
  );
  return {
    x: () => convSameInputGradient(upstream(inputGradient), filter, inputGradient, foldedY(inputGradient)),
    filter: () => dFilter,
    bias: () => dBias,
  };
};

const gradients: tf.GradConfig[] = [CONV_KERNEL_NAMES.forward, CONV_KERNEL_NAMES.tfjsForward].map(
  (kernelName) => ({ kernelName, inputsToSave: ['x', 'filter'], outputsToSave: [true], gradFunc }),
);

/** Registers the kernels and the gradient once per tfjs instance (later calls do nothing). */
function registerConvKernels(): void {
  registerWebgpuKernels({
    [CONV_KERNEL_NAMES.forward]: conv2d,
    [CONV_KERNEL_NAMES.tfjsForward]: tfjsConv2d,
    [CONV_KERNEL_NAMES.inputGradient]: conv2dBackpropInput,
    [CONV_KERNEL_NAMES.filterGradient]: conv2dBackpropFilter,
    [CONV_KERNEL_NAMES.reluMask]: reluMask,
  });
  for (const g of gradients) if (!tf.getGradient(g.kernelName)) tf.registerGradient(g);
}

/**
 * relu?(conv2d(x, filter, 1, 'same') + bias) on BatchLab's kernels, or per direction on tfjs's where
 * `kernels` says so (a tiling or 'tfjs' alone: that in every direction); differentiable. NHWC, odd square
 * filter. Webgpu backend only. Caller disposes the result.
 */
export function convSame(
  x: tf.Tensor4D,
  filter: tf.Tensor4D,
  bias: tf.Tensor1D,
  relu: boolean,
  kernels: ConvTiling | 'tfjs' | ConvDirections,
): tf.Tensor4D {
  registerConvKernels();
  const k: ConvDirections =
    kernels !== 'tfjs' && 'forward' in kernels
      ? kernels
      : { forward: kernels, inputGradient: kernels, filterGradient: kernels };
  const attrs: Omit<ForwardAttrs, 'tiling'> & { tiling?: ConvTiling } = {
    relu,
    inputGradient: k.inputGradient,
    filterGradient: k.filterGradient,
    ...(k.forward === 'tfjs' ? {} : { tiling: k.forward }),
  };
  const name = k.forward === 'tfjs' ? CONV_KERNEL_NAMES.tfjsForward : CONV_KERNEL_NAMES.forward;
  return tf.engine().runKernel(name, { x, filter, bias }, asAttrs(attrs)) as tf.Tensor4D;
}

/**
 * dx of convSame (without ReLU) for an upstream dy, on the own kernel with this tiling or on tfjs's
 * Conv2DBackpropInput. Caller disposes.
 */
export function convSameInputGradient(
  dy: tf.Tensor4D,
  filter: tf.Tensor4D,
  kernel: ConvTiling | 'tfjs',
  foldedReluOutput?: tf.Tensor4D,
): tf.Tensor4D {
  registerConvKernels();
  const [n, h, w] = dy.shape;
  const y = foldedReluOutput ? { y: foldedReluOutput } : {};
  return (
    kernel === 'tfjs'
      ? tf
          .engine()
          .runKernel(
            'Conv2DBackpropInput',
            { dy, filter },
            asAttrs({ ...TFJS_CONV_ATTRS, inputShape: [n, h, w, filter.shape[2]] }),
          )
      : tf
          .engine()
          .runKernel(CONV_KERNEL_NAMES.inputGradient, { dy, filter, ...y }, asAttrs({ tiling: kernel }))
  ) as tf.Tensor4D;
}

/**
 * [dfilter, dbias] of convSame (without ReLU) for an upstream dy, on the own kernel with this tiling or on
 * tfjs's Conv2DBackpropFilter and a Sum. Caller disposes both.
 */
export function convSameFilterGradient(
  x: tf.Tensor4D,
  dy: tf.Tensor4D,
  kernelSize: number,
  kernel: ConvTiling | 'tfjs',
  foldedReluOutput?: tf.Tensor4D,
): [tf.Tensor4D, tf.Tensor1D] {
  registerConvKernels();
  if (kernel === 'tfjs') {
    const filterShape = [kernelSize, kernelSize, x.shape[3], dy.shape[3]];
    return [
      tf
        .engine()
        .runKernel(
          'Conv2DBackpropFilter',
          { x, dy },
          asAttrs({ ...TFJS_CONV_ATTRS, filterShape }),
        ) as tf.Tensor4D,
      tf.sum(dy, [0, 1, 2]),
    ];
  }
  const [dFilter, dBias] = tf
    .engine()
    .runKernel(
      CONV_KERNEL_NAMES.filterGradient,
      { x, dy, ...(foldedReluOutput ? { y: foldedReluOutput } : {}) },
      asAttrs({ tiling: kernel, kernelSize }),
    ) as tf.Tensor[];
  return [dFilter as tf.Tensor4D, dBias as tf.Tensor1D];
}
