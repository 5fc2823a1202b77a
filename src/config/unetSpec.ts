/**
 * The U-Net's architecture as plain data: every op of the forward pass, in order, with its channel counts
 * and resolution level. The single source of truth that the engine builds from and that the FLOP counter
 * and the memory estimate walk. Pure: no tfjs, no DOM, no imports.
 *
 * Architecture (NHWC; level l runs at S / 2^l with width w_l = baseWidth · 2^l):
 *   encoder, l = 0 .. depth−1:  enc{l}a conv3×3 'same' (in → w_l) + bias + ReLU,
 *                                enc{l}b conv3×3 (w_l → w_l) + bias + ReLU,
 *                                then, for l ≤ depth−2, pool{l}: 2×2 max-pool, stride 2.
 *   decoder, l = depth−2 .. 0:   up{l}  bilinear resize ×2 of the previous output (w_{l+1} channels),
 *                                cat{l} concat([up{l}, enc{l}b], channel axis) → w_{l+1} + w_l channels,
 *                                dec{l}a conv3×3 → w_l + bias + ReLU, dec{l}b conv3×3 w_l → w_l + bias + ReLU.
 *   head:                        conv1×1 w_0 → numClasses + bias, no activation → logits [B, S, S, K].
 */

/** The four numbers that fix the network's shape; a TrainConfig is one. */
export interface UNetShape {
  /** Resolution levels (LIMITS.depth: 2–4); depth − 1 pools and as many upsamplings. */
  depth: number;
  /** Channels at level 0; level l has baseWidth · 2^l. */
  baseWidth: number;
  /** Image channels fed to the first conv. */
  channels: number;
  /** Classes K: channels of the logits. */
  numClasses: number;
}

/** Name of the graph's input: the normalized float32 image batch [B, S, S, C]. */
export const INPUT_NAME = 'input';
/** Name of the op whose output is the logits [B, S, S, K]. */
export const HEAD_NAME = 'head';

/**
 * One convolution: 'same' padding, stride 1, followed by a bias add and, unless it is the head, a ReLU.
 * Weights: kernel [kernelSize, kernelSize, inChannels, outChannels] (tfjs conv2d filter layout), bias
 * [outChannels].
 */
export interface ConvSpec {
  kind: 'conv';
  /** 'enc{l}a', 'enc{l}b', 'dec{l}a', 'dec{l}b' or 'head'. */
  name: string;
  /** Name of the op whose output this conv reads (INPUT_NAME for the first conv). */
  input: string;
  /** Side of the square kernel, in pixels: 3, or 1 for the head. */
  kernelSize: 3 | 1;
  inChannels: number;
  outChannels: number;
  /** Resolution level: input and output are [B, S / 2^level, S / 2^level, ·]. */
  level: number;
  /** True for every conv but the head, whose output is the raw logits. */
  relu: boolean;
}

/** 2×2 max-pool, stride 2, 'valid': [B, H, W, C] → [B, H/2, W/2, C]. */
interface MaxPoolSpec {
  kind: 'maxPool';
  /** 'pool{l}': pools the output of enc{l}b. */
  name: string;
  input: string;
  /** Channels in and out (w_l). */
  channels: number;
  /** Level of the output (l + 1); the input is at level − 1. */
  level: number;
}

/** Bilinear resize ×2 (tf.image.resizeBilinear, alignCorners false): [B, H, W, C] → [B, 2H, 2W, C]. */
interface ResizeSpec {
  kind: 'resize';
  /** 'up{l}': brings the level-(l+1) output up to level l. */
  name: string;
  input: string;
  /** Channels in and out (w_{l+1}). */
  channels: number;
  /** Level of the output (l); the input is at level + 1. */
  level: number;
}

/** Channel-axis concat, inputs in the order given: first the upsampled tensor, then the skip. */
interface ConcatSpec {
  kind: 'concat';
  /** 'cat{l}'. */
  name: string;
  /** [up{l}, enc{l}b]: the upsampled path's channels come first in the result, the skip's after. */
  inputs: readonly [string, string];
  /** Channels of the result: w_{l+1} + w_l. */
  channels: number;
  /** Level of inputs and output. */
  level: number;
}

export type UNetOp = ConvSpec | MaxPoolSpec | ResizeSpec | ConcatSpec;

export interface UNetSpec {
  shape: UNetShape;
  /** widths[l] = baseWidth · 2^l, for l = 0 .. depth−1. */
  widths: readonly number[];
  /** Every op of the forward pass in execution order; each reads only INPUT_NAME or earlier ops. */
  ops: readonly UNetOp[];
  /** The conv ops of `ops`, same order: the model's trainable layers. */
  convs: readonly ConvSpec[];
}

/** Lists the U-Net's ops in forward order. Throws RangeError unless every field is a positive integer. */
export function describeUNet(shape: UNetShape): UNetSpec {
  const { depth, baseWidth, channels, numClasses } = shape;
  for (const [what, value] of Object.entries({ depth, baseWidth, channels, numClasses })) {
    if (!Number.isInteger(value) || value < 1) {
      throw new RangeError(`${what} must be a positive integer, got ${value}`);
    }
  }

  const widths = Array.from({ length: depth }, (_, l) => baseWidth * 2 ** l);
  const width = (l: number): number => baseWidth * 2 ** l;
  const ops: UNetOp[] = [];
  /** A 3×3 conv with ReLU, or the head: 1×1, no activation. */
  const conv = (name: string, input: string, inChannels: number, outChannels: number, level: number) => {
    const head = name === HEAD_NAME;
    const kernelSize = head ? 1 : 3;
    ops.push({ kind: 'conv', name, input, kernelSize, inChannels, outChannels, level, relu: !head });
  };

  let previous = INPUT_NAME;
  let previousChannels = channels;
  for (let l = 0; l < depth; l++) {
    conv(`enc${l}a`, previous, previousChannels, width(l), l);
    conv(`enc${l}b`, `enc${l}a`, width(l), width(l), l);
    previous = `enc${l}b`;
    previousChannels = width(l);
    if (l < depth - 1) {
      ops.push({ kind: 'maxPool', name: `pool${l}`, input: previous, channels: width(l), level: l + 1 });
      previous = `pool${l}`;
    }
  }
  for (let l = depth - 2; l >= 0; l--) {
    const up = `up${l}`;
    const skip = `enc${l}b`;
    ops.push({ kind: 'resize', name: up, input: previous, channels: width(l + 1), level: l });
    const catChannels = width(l + 1) + width(l);
    ops.push({ kind: 'concat', name: `cat${l}`, inputs: [up, skip], channels: catChannels, level: l });
    conv(`dec${l}a`, `cat${l}`, catChannels, width(l), l);
    conv(`dec${l}b`, `dec${l}a`, width(l), width(l), l);
    previous = `dec${l}b`;
  }
  conv(HEAD_NAME, previous, width(0), numClasses, 0);

  const convs = ops.filter((op): op is ConvSpec => op.kind === 'conv');
  return { shape: { depth, baseWidth, channels, numClasses }, widths, ops, convs };
}

/**
 * A U-Net block: two 3×3 convs in a row (enc{l}a → enc{l}b, dec{l}a → dec{l}b), the unit that activation
 * recomputation keeps only the input and output of. `inner` is the first conv, `outer` the second.
 */
export interface UNetBlock {
  inner: ConvSpec;
  outer: ConvSpec;
}

/** The blocks of a spec, in forward order. */
export function unetBlocks(spec: UNetSpec): UNetBlock[] {
  return spec.convs.flatMap((outer) => {
    const inner = outer.kernelSize === 3 ? spec.convs.find((c) => c.name === outer.input) : undefined;
    return inner ? [{ inner, outer }] : [];
  });
}

/** tfjs conv2d filter shape [k, k, inChannels, outChannels]. */
export function kernelShape(conv: ConvSpec): [number, number, number, number] {
  return [conv.kernelSize, conv.kernelSize, conv.inChannels, conv.outChannels];
}

/** Weights of one conv: k²·in·out kernel entries + out biases. */
export function convParameterCount(conv: ConvSpec): number {
  return conv.kernelSize * conv.kernelSize * conv.inChannels * conv.outChannels + conv.outChannels;
}

/** Trainable scalars of the whole network (kernels and biases; normalization holds no weights). */
export function parameterCount(spec: UNetSpec): number {
  return spec.convs.reduce((sum, conv) => sum + convParameterCount(conv), 0);
}

/** Side of the feature maps at `level`: S / 2^level. Throws RangeError when S does not divide evenly. */
export function levelSizePx(imageSizePx: number, level: number): number {
  const sizePx = imageSizePx / 2 ** level;
  if (!Number.isInteger(sizePx) || sizePx < 1) {
    throw new RangeError(`image size ${imageSizePx} px cannot be halved ${level} times evenly`);
  }
  return sizePx;
}

/** Channels of an op's output. */
function outputChannels(op: UNetOp): number {
  return op.kind === 'conv' ? op.outChannels : op.channels;
}

/** NHWC shape of an op's output for a batch of `batchSize` images of `imageSizePx` square. */
export function outputShape(
  op: UNetOp,
  batchSize: number,
  imageSizePx: number,
): [number, number, number, number] {
  const sidePx = levelSizePx(imageSizePx, op.level);
  return [batchSize, sidePx, sidePx, outputChannels(op)];
}

/** Number of elements of an op's output: B · (S / 2^level)² · channels. */
export function outputElements(op: UNetOp, batchSize: number, imageSizePx: number): number {
  const [b, h, w, c] = outputShape(op, batchSize, imageSizePx);
  return b * h * w * c;
}
