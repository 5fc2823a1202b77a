/**
 * Analytic FLOP count of the U-Net of unetSpec.ts: one forward pass, and one training step (forward,
 * backward, optimizer update). Pure arithmetic over describeUNet's op list: no tfjs, no DOM.
 *
 * Conventions (one FLOP = one add, multiply, compare, exp or log):
 * - A conv computes every tap of its 'same'-padded window, zero padding included, as a GPU kernel does:
 *   forward 2·B·H·W·k²·Cin·Cout (a multiply and an add per tap) plus B·H·W·Cout bias adds.
 * - Backward of a conv: the gradient wrt its input (same count as the forward product, skipped for the
 *   first conv: nothing upstream needs the image's gradient), the gradient wrt its kernel (same count
 *   again) and the bias gradient (B·H·W·Cout adds). So about 2× the forward.
 * - Cheaper ops carry the explicit per-element costs of ELEMENTWISE_FLOPS; concat and its backward slice
 *   move bytes and cost 0 FLOPs. Index arithmetic is not counted.
 */
import type { NormalizePlacement, OptimizerName, TrainConfig } from '../config/trainConfig';
import type { ConvSpec, UNetOp } from '../config/unetSpec';
import { INPUT_NAME, describeUNet, levelSizePx, outputElements, parameterCount } from '../config/unetSpec';

/** Per-element FLOPs of the cheap ops; "per output" counts output elements. */
const ELEMENTWISE_FLOPS = {
  /** max(0, x). */
  reluForwardPerElement: 1,
  /** dy where y > 0, else 0. */
  reluBackwardPerElement: 1,
  /** 3 compares pick the max of a 2×2 window. */
  maxPoolForwardPerOutput: 3,
  /** One compare-and-route per input element of the window: 4. */
  maxPoolBackwardPerOutput: 4,
  /** Bilinear: 4 taps, 4 multiplies + 3 adds. */
  resizeForwardPerOutput: 7,
  /** Scatter to 4 taps: 4 multiplies + 4 accumulating adds. */
  resizeBackwardPerOutput: 8,
  /** (x − mean) · invStd on the GPU, only when normalizeOn is 'model'. No backward: the image needs none. */
  normalizeForwardPerElement: 2,
  /** Log-softmax and CE per logit: max, subtract, exp, sum, subtract log-sum, multiply by one-hot, sum. */
  softmaxCrossEntropyForwardPerLogit: 7,
  /** Per pixel: one log of the sum, one add into the mean. */
  softmaxCrossEntropyForwardPerPixel: 2,
  /** Gradient wrt logits: exp back to softmax, subtract the one-hot, scale by 1/(B·S·S). */
  softmaxCrossEntropyBackwardPerLogit: 3,
} as const;

/**
 * Update cost per trainable scalar. Adam: two moment updates (3 each), bias-corrected step with sqrt,
 * epsilon add, divide, multiply and subtract (≈ 4) → 10. SGD: multiply by the rate, subtract → 2.
 */
const OPTIMIZER_FLOPS_PER_PARAMETER: Record<OptimizerName, number> = { adam: 10, sgd: 2 };

/** The settings a forward pass's cost depends on; a TrainConfig is one. */
export type ForwardFlopsConfig = Pick<
  TrainConfig,
  'batchSize' | 'imageSizePx' | 'channels' | 'numClasses' | 'depth' | 'baseWidth'
> & {
  /** 'model' adds the on-GPU normalization; absent or 'loader' costs the GPU nothing. */
  normalizeOn?: NormalizePlacement;
};

/** The settings a training step's cost depends on; a TrainConfig is one. */
export type FlopsConfig = ForwardFlopsConfig & Pick<TrainConfig, 'optimizer'>;

/** FLOPs of one conv for a batch, split the way the backward pass computes them. */
export interface ConvFlops {
  /** 2·B·H·W·k²·Cin·Cout + B·H·W·Cout (bias). ReLU not included. */
  forward: number;
  /** Gradient wrt the conv's input: 2·B·H·W·k²·Cin·Cout, or 0 when `needsInputGradient` is false. */
  backwardInput: number;
  /** Gradient wrt the kernel: 2·B·H·W·k²·Cin·Cout. */
  backwardKernel: number;
  /** Gradient wrt the bias: B·H·W·Cout adds. */
  backwardBias: number;
}

/** One row of the step's breakdown: an op of the spec, or 'normalize' / 'loss'. */
interface OpFlops {
  name: string;
  /** Forward FLOPs; a conv's row includes its bias and ReLU. */
  forward: number;
  /** Backward FLOPs; a conv's row includes its ReLU's backward. */
  backward: number;
}

export interface TrainingStepFlops {
  /** Model forward (normalize if on the model, convs, ReLU, pool, resize) plus softmax cross-entropy. */
  forward: number;
  /** Every gradient the optimizer needs, from the loss back to the first conv's kernel. */
  backward: number;
  /** One optimizer update of every trainable scalar. */
  optimizer: number;
  /** forward + backward + optimizer. */
  total: number;
  /** The conv forward products and bias adds alone (no ReLU): the bulk of `forward`. */
  convForward: number;
  /** Per-op rows in forward order; sums of forward / backward equal the fields above. */
  byOp: readonly OpFlops[];
}

/** FLOPs of one conv on a batch of `batchSize` images of `imageSizePx` square (at the conv's level). */
export function convFlops(
  conv: ConvSpec,
  batchSize: number,
  imageSizePx: number,
  needsInputGradient = true,
): ConvFlops {
  const sidePx = levelSizePx(imageSizePx, conv.level);
  const positions = batchSize * sidePx * sidePx;
  const products = 2 * positions * conv.kernelSize * conv.kernelSize * conv.inChannels * conv.outChannels;
  const biasAdds = positions * conv.outChannels;
  return {
    forward: products + biasAdds,
    backwardInput: needsInputGradient ? products : 0,
    backwardKernel: products,
    backwardBias: biasAdds,
  };
}

function opFlops(op: UNetOp, batchSize: number, imageSizePx: number): OpFlops {
  const outputs = outputElements(op, batchSize, imageSizePx);
  const e = ELEMENTWISE_FLOPS;
  switch (op.kind) {
    case 'conv': {
      const c = convFlops(op, batchSize, imageSizePx, op.input !== INPUT_NAME);
      const reluForward = op.relu ? outputs * e.reluForwardPerElement : 0;
      const reluBackward = op.relu ? outputs * e.reluBackwardPerElement : 0;
      return {
        name: op.name,
        forward: c.forward + reluForward,
        backward: c.backwardInput + c.backwardKernel + c.backwardBias + reluBackward,
      };
    }
    case 'maxPool':
      return {
        name: op.name,
        forward: outputs * e.maxPoolForwardPerOutput,
        backward: outputs * e.maxPoolBackwardPerOutput,
      };
    case 'resize':
      return {
        name: op.name,
        forward: outputs * e.resizeForwardPerOutput,
        backward: outputs * e.resizeBackwardPerOutput,
      };
    case 'concat':
      return { name: op.name, forward: 0, backward: 0 };
  }
}

function modelRows(config: ForwardFlopsConfig): OpFlops[] {
  const { batchSize, imageSizePx } = config;
  const spec = describeUNet(config);
  const rows: OpFlops[] = [];
  if (config.normalizeOn === 'model') {
    const imageElements = batchSize * imageSizePx * imageSizePx * config.channels;
    rows.push({
      name: 'normalize',
      forward: imageElements * ELEMENTWISE_FLOPS.normalizeForwardPerElement,
      backward: 0,
    });
  }
  for (const op of spec.ops) rows.push(opFlops(op, batchSize, imageSizePx));
  return rows;
}

const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);

/** Forward FLOPs of the model from image to logits (no loss), as inference would run it. */
export function forwardFlops(config: ForwardFlopsConfig): number {
  return sum(modelRows(config).map((row) => row.forward));
}

/** FLOPs of one training step at the config's batch and image size, split by phase and by op. */
export function trainingStepFlops(config: FlopsConfig): TrainingStepFlops {
  const { batchSize, imageSizePx, numClasses } = config;
  const pixels = batchSize * imageSizePx * imageSizePx;
  const logits = pixels * numClasses;
  const e = ELEMENTWISE_FLOPS;
  const rows = modelRows(config);
  rows.push({
    name: 'loss',
    forward: logits * e.softmaxCrossEntropyForwardPerLogit + pixels * e.softmaxCrossEntropyForwardPerPixel,
    backward: logits * e.softmaxCrossEntropyBackwardPerLogit,
  });

  const spec = describeUNet(config);
  const convForward = sum(spec.convs.map((conv) => convFlops(conv, batchSize, imageSizePx).forward));
  const forward = sum(rows.map((row) => row.forward));
  const backward = sum(rows.map((row) => row.backward));
  const optimizer = parameterCount(spec) * OPTIMIZER_FLOPS_PER_PARAMETER[config.optimizer];
  return { forward, backward, optimizer, total: forward + backward + optimizer, convForward, byOp: rows };
}

/** A kernel run as a step profile records it: tfjs's kernel name and its tensors' shapes. */
export interface KernelShapes {
  name: string;
  inputShapes: readonly (readonly number[])[];
  outputShapes: readonly (readonly number[])[];
  /** Conv2DBackpropFilter's filter shape [kh, kw, Cin, Cout] (its output's shape says the same). */
  filterShape?: readonly number[] | null;
}

const elements = (shape: readonly number[] | undefined): number =>
  shape ? shape.reduce((a, b) => a * b, 1) : 0;

/**
 * FLOPs of one convolution or matmul kernel from its shapes, with the conventions above (a multiply and an
 * add per tap, 'same' padding's zero taps included, stride 1): the sums convFlops splits into forward,
 * input gradient and kernel gradient, whichever kernel tfjs runs them on. null for any other kernel.
 * - Conv2D / FusedConv2D (x, filter[, bias]): 2·|y|·kh·kw·Cin, plus |y| bias adds when fused with a bias.
 * - Conv2DBackpropInput (dy, filter [kh, kw, Cin, Cout]) → dx: 2·|dx|·kh·kw·Cout. (The direct 3×3 conv of
 *   directConv.ts runs its forward on this kernel: the same count as Conv2D.)
 * - Conv2DBackpropFilter (x, dy [N, Ho, Wo, Cout]) → dW: 2·|dW|·N·Ho·Wo.
 * - BatchMatMul / _FusedMatMul (a [.., m, k], b) → [.., m, n]: 2·|out|·k = 2·|a|·n.
 * BatchLab's own kernels (src/gpu/convKernels.ts) take the same inputs in the same layouts and count the
 * same: BatchLabConv2D as FusedConv2D (bias always), BatchLabConv2DBackpropInput / …Filter as tfjs's.
 */
export function kernelFlops(k: KernelShapes): number | null {
  const out = k.outputShapes[0];
  const y = elements(out);
  if (!out || y === 0) return null;
  switch (k.name) {
    case 'Conv2D':
    case 'FusedConv2D':
    case 'BatchLabConv2D':
    case 'BatchLabTfjsConv2D': {
      const filter = k.inputShapes[1];
      if (!filter || filter.length !== 4) return null;
      const [kh, kw, cin] = filter as [number, number, number, number];
      const bias = k.name !== 'Conv2D' && k.inputShapes.length > 2 ? y : 0;
      return 2 * y * kh * kw * cin + bias;
    }
    case 'Conv2DBackpropInput':
    case 'BatchLabConv2DBackpropInput': {
      const filter = k.inputShapes[1];
      if (!filter || filter.length !== 4) return null;
      const [kh, kw, , cout] = filter as [number, number, number, number];
      return 2 * y * kh * kw * cout;
    }
    case 'Conv2DBackpropFilter':
    case 'BatchLabConv2DBackpropFilter': {
      const dy = k.inputShapes[1];
      if (!dy || dy.length !== 4) return null;
      const [n, ho, wo] = dy as [number, number, number, number];
      return 2 * y * n * ho * wo;
    }
    case 'BatchMatMul':
    case '_FusedMatMul': {
      const a = elements(k.inputShapes[0]);
      const n = out[out.length - 1] ?? 0;
      return a > 0 && n > 0 ? 2 * a * n : null;
    }
    default:
      return null;
  }
}
