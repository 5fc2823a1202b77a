/**
 * The U-Net: parameters as tfjs variables and a pure forward function.
 * Architecture (see unetSpec.ts for the layer table): per level two conv3×3+ReLU, 2×2 max-pool down,
 * bilinear ×2 up + skip concat, two conv3×3+ReLU, then a 1×1 head to K logits. The convolutions run on
 * BatchLab's own WGSL kernels or on tfjs's, per direction (ConvKernel below: on webgpu the rule of
 * ./convChoice.ts until the trainer sets the kernels ./convTuning.ts measured; same math either way).
 * The caller owns the returned model and must call dispose(); forward() returns a tensor the caller disposes.
 */
import * as tf from './tf';
import { upsample2x } from '../gpu/upsampleKernels';
import { convSame, type ConvDirections } from '../gpu/convKernels';
import type { ConvKernels } from '../config/convKernels';
import { currentWebGpuCapabilities } from './backend';
import { allTfjs, chooseConvKernel, perDirection, tilingOf, type ConvPath } from './convChoice';
import { directConv2d } from './directConv';
import { inLayer } from './layerScope';
import { HEAD_NAME } from '../config/unetSpec';
import type { RecomputeMode } from '../config/trainConfig';
import { recomputeBlock } from './recomputeBlock';

export interface UNetShape {
  depth: number;
  baseWidth: number;
  channels: number;
  numClasses: number;
}

interface ConvParams {
  kernel: tf.Variable<tf.Rank.R4>;
  bias: tf.Variable<tf.Rank.R1>;
}

/** A conv's weights as a kernel reads them: the variables, or their stand-ins inside a recomputed block. */
interface ConvWeights {
  kernel: tf.Tensor4D;
  bias: tf.Tensor1D;
}

/**
 * Which kernels run the convolutions: 'tiled' = tf.fused.conv2d (tfjs's kernels, the only choice off
 * webgpu), 'direct' = directConv.ts for the 3×3 convs (tfjs's per-output kernel: BatchLab's step before
 * issue 17, kept for the bench), 'wgsl' = BatchLab's own kernels (src/gpu/convKernels.ts) in every
 * direction with the rule's tiling, bias and ReLU fused, a ConvKernels = that kernel per direction, 'auto' =
 * the rule of ./convChoice.ts for the active backend and adapter, until setConvKernels gives the measured
 * choice (on webgpu the trainer measures before its first step). Same math either way.
 */
type ConvKernel = 'auto' | ConvPath | ConvKernels;

export interface UNetOptions {
  convKernel?: ConvKernel;
}

export interface UNet {
  shape: UNetShape;
  /** The conv path this instance runs now ('wgsl' also when some direction runs tfjs's kernel). */
  readonly convKernel: ConvPath;
  /** True for 'auto' on webgpu: the trainer measures the kernels (./convTuning.ts) and sets them. */
  readonly measuresKernels: boolean;
  /** Runs every conv from now on with these kernels (same math: the weights are untouched). */
  setConvKernels(kernels: ConvKernels): void;
  /** Every trainable variable, in creation order (optimizer slot order follows it). */
  variables: tf.Variable[];
  /**
   * x: float32 NHWC normalized input → logits float32 [N, H, W, K]. Caller disposes. With `recompute`
   * 'block', each block (two 3×3 convs, unetSpec.ts unetBlocks) keeps only its input for the backward pass
   * and runs its forward again there (./recomputeBlock.ts): the same values and gradients, fewer activations.
   */
  forward(x: tf.Tensor4D, recompute?: RecomputeMode): tf.Tensor4D;
  dispose(): void;
}

/** He-normal conv weights from the seed: the same seed gives the same model on every backend. */
function makeConv(name: string, k: number, cin: number, cout: number, seed: number): ConvParams {
  const std = Math.sqrt(2 / (k * k * cin));
  const init = tf.tidy(() => tf.randomNormal([k, k, cin, cout], 0, std, 'float32', seed));
  const kernel = tf.variable(init, true, `${name}/kernel`) as tf.Variable<tf.Rank.R4>;
  init.dispose();
  const zeros = tf.zeros([cout]);
  const bias = tf.variable(zeros, true, `${name}/bias`) as tf.Variable<tf.Rank.R1>;
  zeros.dispose();
  return { kernel, bias };
}

/**
 * conv 'same' + bias as one fused kernel (one dispatch instead of two), then ReLU. tfjs fuses an activation
 * only while no gradient is recorded, so under training a fused ReLU would silently split into three ops
 * again; bias fusion holds in both. Same math as conv2d + add + relu, same gradients.
 */
function tiledConv(x: tf.Tensor4D, p: ConvWeights, relu: boolean): tf.Tensor4D {
  const y = tf.fused.conv2d({ x, filter: p.kernel, strides: 1, pad: 'same', bias: p.bias });
  return relu ? tf.relu(y) : y;
}

function directConv(x: tf.Tensor4D, p: ConvWeights, relu: boolean): tf.Tensor4D {
  const y = directConv2d(x, p.kernel, p.bias);
  return relu ? tf.relu(y) : y;
}

function ownConv(kernels: ConvKernels) {
  const directions: ConvDirections = perDirection((d) => tilingOf(kernels[d]) ?? 'tfjs');
  return (x: tf.Tensor4D, p: ConvWeights, relu: boolean): tf.Tensor4D =>
    convSame(x, p.kernel, p.bias, relu, directions);
}

/** The kernels a non-'auto' option asks for; null for tfjs's plain path. */
function forcedKernels(wanted: Exclude<ConvKernel, 'auto'>, rule: ConvKernels | null): ConvKernels | null {
  if (wanted === 'tiled' || wanted === 'direct') return null;
  if (wanted !== 'wgsl') return wanted;
  const own =
    rule && !allTfjs(rule)
      ? (Object.values(rule).find((c) => c !== 'tfjs') ?? 'own-software')
      : 'own-software';
  return { forward: own, inputGradient: own, filterGradient: own };
}

let nameCounter = 0;

/** Builds a fresh U-Net. Variable names are unique per instance so several can coexist. */
export function createUNet(shape: UNetShape, seed: number, options: UNetOptions = {}): UNet {
  const { depth, baseWidth, channels, numClasses } = shape;
  const backend = tf.getBackend();
  const rule = chooseConvKernel(backend, currentWebGpuCapabilities()).kernels;
  const wanted = options.convKernel ?? 'auto';
  const kernels = wanted === 'auto' ? rule : forcedKernels(wanted, rule);
  if (kernels && !allTfjs(kernels) && backend !== 'webgpu') {
    throw new Error(`BatchLab's own conv kernels need the webgpu backend, not ${backend}`);
  }
  const plain = wanted === 'direct' ? directConv : tiledConv;
  let own = kernels && !allTfjs(kernels) ? ownConv(kernels) : null;
  /** 3×3 convs take the chosen kernels; the 1×1 head runs on the own op or as tfjs's fused matmul. */
  const conv3 = (x: tf.Tensor4D, p: ConvWeights, relu: boolean) => (own ?? plain)(x, p, relu);
  const conv1 = (x: tf.Tensor4D, p: ConvWeights, relu: boolean) => (own ?? tiledConv)(x, p, relu);
  /** Bilinear upsampling to the skip's size; exact ×2 takes the own gradient kernel with the own convs. */
  const upsample = (h: tf.Tensor4D, size: [number, number]): tf.Tensor4D =>
    own && size[0] === 2 * h.shape[1] && size[1] === 2 * h.shape[2]
      ? upsample2x(h)
      : tf.image.resizeBilinear(h, size);
  const id = `unet${nameCounter++}`;
  const width = (level: number) => baseWidth * 2 ** level;
  let s = seed;
  const next = () => (s = (s + 0x9e3779b9) >>> 0);
  const enc: [ConvParams, ConvParams][] = [];
  for (let l = 0; l < depth; l++) {
    const cin = l === 0 ? channels : width(l - 1);
    enc.push([
      makeConv(`${id}/enc${l}a`, 3, cin, width(l), next()),
      makeConv(`${id}/enc${l}b`, 3, width(l), width(l), next()),
    ]);
  }
  const dec: [ConvParams, ConvParams][] = [];
  for (let l = depth - 2; l >= 0; l--) {
    dec.push([
      makeConv(`${id}/dec${l}a`, 3, width(l + 1) + width(l), width(l), next()),
      makeConv(`${id}/dec${l}b`, 3, width(l), width(l), next()),
    ]);
  }
  const head = makeConv(`${id}/head`, 1, width(0), numClasses, next());
  const all = [...enc.flat(), ...dec.flat(), head];
  const variables: tf.Variable[] = all.flatMap((p) => [p.kernel, p.bias]);

  /** Each op runs inside its unetSpec name (layerScope.ts), so a step profile can group kernels by layer. */
  function forward(x: tf.Tensor4D, recompute: RecomputeMode = 'off'): tf.Tensor4D {
    /** Two 3×3 convs + ReLU: the block `name` ('enc0', 'dec1'…), recomputed in the backward pass or not. */
    const block = (name: string, input: tf.Tensor4D, [a, b]: [ConvParams, ConvParams]): tf.Tensor4D => {
      const run = (h: tf.Tensor4D, [ka, ba, kb, bb]: tf.Tensor[]): tf.Tensor4D => {
        const ha = inLayer(`${name}a`, () =>
          conv3(h, { kernel: ka as tf.Tensor4D, bias: ba as tf.Tensor1D }, true),
        );
        return inLayer(`${name}b`, () =>
          conv3(ha, { kernel: kb as tf.Tensor4D, bias: bb as tf.Tensor1D }, true),
        );
      };
      const weights = [a.kernel, a.bias, b.kernel, b.bias];
      // The image needs no gradient: the first block differentiates its weights only.
      return recompute === 'block' ? recomputeBlock(input, input !== x, weights, run) : run(input, weights);
    };
    return tf.tidy(() => {
      const skips: tf.Tensor4D[] = [];
      let h = x;
      enc.forEach((convs, l) => {
        h = block(`enc${l}`, h, convs);
        if (l < depth - 1) {
          const skip = h;
          skips.push(skip);
          h = inLayer(`pool${l}`, () => tf.maxPool(skip, 2, 2, 'valid'));
        }
      });
      dec.forEach((convs, i) => {
        const l = depth - 2 - i;
        const skip = skips.pop();
        if (!skip) throw new Error('U-Net skip stack underflow');
        const below = h;
        const up = inLayer(`up${l}`, () => upsample(below, [skip.shape[1], skip.shape[2]]));
        const cat = inLayer(`cat${l}`, () => tf.concat([up, skip], 3));
        h = block(`dec${l}`, cat, convs);
      });
      const last = h;
      return inLayer(HEAD_NAME, () => conv1(last, head, false));
    });
  }

  return {
    shape,
    get convKernel(): ConvPath {
      return own ? 'wgsl' : wanted === 'direct' ? 'direct' : 'tiled';
    },
    measuresKernels: wanted === 'auto' && backend === 'webgpu' && rule !== null,
    setConvKernels(next) {
      own = allTfjs(next) ? null : ownConv(next);
    },
    variables,
    forward,
    dispose: () => variables.forEach((v) => v.dispose()),
  };
}

/** The U-Net a training config describes, initialised from its seed. Caller disposes. */
export function createUNetForConfig(config: UNetShape & { seed: number }, options: UNetOptions = {}): UNet {
  const { depth, baseWidth, channels, numClasses } = config;
  return createUNet({ depth, baseWidth, channels, numClasses }, config.seed, options);
}
