/**
 * Case g's per-kernel rows: BatchLab's own conv kernels (src/gpu/convKernels.ts) against tfjs's, direction
 * by direction, on the convolutions of the case's own U-Net (the shapes one training step runs):
 * - forward: own BatchLabConv2D (bias and ReLU fused) vs tfjs's FusedConv2D (bias and ReLU fused, as tfjs
 *   fuses them when no gradient is recorded) and vs the direct path of the step before issue 17
 *   (Conv2DBackpropInput on the flipped kernel, then the bias add on [P, C] and ReLU);
 * - input gradient: own BatchLabConv2DBackpropInput vs tfjs's Conv2DBackpropInput (every conv but the first,
 *   as in a step);
 * - filter gradient: own BatchLabConv2DBackpropFilter (filter and bias) vs tfjs's Conv2DBackpropFilter plus
 *   the Sum that gives the bias gradient.
 * Each variant runs all convs of its direction; kernel ms are summed GPU timestamps of one profiled run
 * (tf.profile), wall ms a separate run ending with an awaited readback; variants interleave, the order
 * rotating each round. Owns and frees every tensor it makes. No DOM.
 */
import * as tf from '@tensorflow/tfjs';
import type { TrainConfig } from '../config/trainConfig';
import { convFlops } from '../engine/flops';
import { describeUNet, INPUT_NAME, levelSizePx, type ConvSpec } from '../config/unetSpec';
import type { ConvTiling } from '../gpu/convGeometry';
import { convSame, convSameFilterGradient, convSameInputGradient } from '../gpu/convKernels';
import { median, type RepPlan } from './timing';

type ConvDirection = 'forward' | 'input gradient' | 'filter gradient';

export interface ConvKernelFigure {
  direction: ConvDirection;
  /** 'own' or a tfjs variant. */
  implementation: 'own' | 'tfjs' | 'tfjs direct (before issue 17)';
  /** The kernels it runs, as tf.profile names them. */
  kernels: string;
  /** Kernel dispatches per run (all convs). */
  kernelCount: number;
  /** Median of the summed GPU kernel ms of one run. */
  kernelMs: number;
  /** Median wall ms of one run, up to an awaited readback. */
  wallMs: number;
  /** FLOPs of the direction over all convs (src/engine/flops.ts conventions). */
  flops: number;
}

interface Conv {
  spec: ConvSpec;
  x: tf.Tensor4D;
  filter: tf.Tensor4D;
  bias: tf.Tensor1D;
  dy: tf.Tensor4D;
}

type Variant = Pick<ConvKernelFigure, 'direction' | 'implementation' | 'kernels' | 'flops'> & {
  /** Runs the direction over all convs; returns the results (callers run it in a tidy and free them). */
  run(): tf.Tensor[];
};

function makeConvs(config: TrainConfig): Conv[] {
  return describeUNet(config).convs.map((spec, i) => {
    const side = levelSizePx(config.imageSizePx, spec.level);
    const n = config.batchSize;
    const k = spec.kernelSize;
    const seed = 100 + 4 * i;
    return {
      spec,
      x: tf.randomNormal([n, side, side, spec.inChannels], 0, 1, 'float32', seed) as tf.Tensor4D,
      filter: tf.randomNormal(
        [k, k, spec.inChannels, spec.outChannels],
        0,
        0.2,
        'float32',
        seed + 1,
      ) as tf.Tensor4D,
      bias: tf.randomNormal([spec.outChannels], 0, 0.2, 'float32', seed + 2) as tf.Tensor1D,
      dy: tf.randomNormal([n, side, side, spec.outChannels], 0, 1, 'float32', seed + 3) as tf.Tensor4D,
    };
  });
}

function variants(convs: Conv[], config: TrainConfig, tiling: ConvTiling): Variant[] {
  const flopsOf = (c: Conv) =>
    convFlops(c.spec, config.batchSize, config.imageSizePx, c.spec.input !== INPUT_NAME);
  const sum = (f: (c: Conv) => number, of = convs) => of.reduce((s, c) => s + f(c), 0);
  const withDx = convs.filter((c) => c.spec.input !== INPUT_NAME);
  const forwardFlops = sum((c) => flopsOf(c).forward);
  const dxFlops = sum((c) => flopsOf(c).backwardInput, withDx);
  const dwFlops = sum((c) => flopsOf(c).backwardKernel + flopsOf(c).backwardBias);
  const directForward = (c: Conv): tf.Tensor[] => {
    if (c.spec.kernelSize === 1) {
      return [tf.fused.conv2d({ x: c.x, filter: c.filter, strides: 1, pad: 'same', bias: c.bias })];
    }
    // src/engine/directConv.ts's forward, as the step before issue 17 ran it, then its separate ReLU.
    const [n, h, w] = c.x.shape;
    const cout = c.spec.outChannels;
    const flipped = tf.transpose(tf.reverse(c.filter, [0, 1]), [0, 1, 3, 2]) as tf.Tensor4D;
    const y = tf.conv2dTranspose(c.x, flipped, [n, h, w, cout], 1, 'same');
    const added = tf.add(tf.reshape(y, [-1, cout]), tf.reshape(c.bias, [1, cout]));
    return [c.spec.relu ? tf.relu(added) : added];
  };
  return [
    {
      direction: 'forward',
      implementation: 'own',
      kernels: 'BatchLabConv2D',
      flops: forwardFlops,
      run: () => convs.map((c) => convSame(c.x, c.filter, c.bias, c.spec.relu, tiling)),
    },
    {
      direction: 'forward',
      implementation: 'tfjs',
      kernels: 'FusedConv2D',
      flops: forwardFlops,
      run: () =>
        convs.map((c) =>
          tf.fused.conv2d({
            x: c.x,
            filter: c.filter,
            strides: 1,
            pad: 'same',
            bias: c.bias,
            activation: c.spec.relu ? 'relu' : 'linear',
          }),
        ),
    },
    {
      direction: 'forward',
      implementation: 'tfjs direct (before issue 17)',
      kernels: 'Conv2DBackpropInput, Add, Relu (+ Reverse, Transpose)',
      flops: forwardFlops,
      run: () => convs.flatMap(directForward),
    },
    {
      direction: 'input gradient',
      implementation: 'own',
      kernels: 'BatchLabConv2DBackpropInput',
      flops: dxFlops,
      run: () => withDx.map((c) => convSameInputGradient(c.dy, c.filter, tiling)),
    },
    {
      direction: 'input gradient',
      implementation: 'tfjs',
      kernels: 'Conv2DBackpropInput',
      flops: dxFlops,
      run: () => withDx.map((c) => convSameInputGradient(c.dy, c.filter, 'tfjs')),
    },
    {
      direction: 'filter gradient',
      implementation: 'own',
      kernels: 'BatchLabConv2DBackpropFilter (filter and bias)',
      flops: dwFlops,
      run: () => convs.flatMap((c) => convSameFilterGradient(c.x, c.dy, c.spec.kernelSize, tiling)),
    },
    {
      direction: 'filter gradient',
      implementation: 'tfjs',
      kernels: 'Conv2DBackpropFilter + Sum (bias)',
      flops: dwFlops,
      run: () => convs.flatMap((c) => convSameFilterGradient(c.x, c.dy, c.spec.kernelSize, 'tfjs')),
    },
  ];
}

async function wallRun(v: Variant): Promise<number> {
  const t0 = performance.now();
  const out = tf.tidy(() => v.run());
  await out[out.length - 1]?.data(); // a readback waits for everything queued before it
  const ms = performance.now() - t0;
  tf.dispose(out);
  return ms;
}

async function profiledRun(v: Variant): Promise<{ kernelMs: number; count: number }> {
  let out: tf.Tensor[] = [];
  const profile = await tf.profile(() => {
    out = tf.tidy(() => v.run());
    return out;
  });
  tf.dispose(out);
  const kernelMs = profile.kernels.reduce((s, k) => s + (Number(k.kernelTimeMs) || 0), 0);
  return { kernelMs, count: profile.kernels.length };
}

/** Own vs tfjs conv kernels on the U-Net of `config`, every direction; webgpu only. */
export async function timeConvKernels(
  config: TrainConfig,
  plan: RepPlan,
  tiling: ConvTiling,
): Promise<ConvKernelFigure[]> {
  const convs = makeConvs(config);
  try {
    const all = variants(convs, config, tiling);
    for (const v of all) for (let i = 0; i < plan.warmup; i++) await wallRun(v);
    const wall: number[][] = all.map(() => []);
    const kernel: number[][] = all.map(() => []);
    const counts: number[] = all.map(() => 0);
    for (let rep = 0; rep < plan.reps; rep++) {
      for (let j = 0; j < all.length; j++) {
        const i = (rep + j) % all.length;
        const v = all[i]!;
        wall[i]!.push(await wallRun(v));
        const p = await profiledRun(v);
        kernel[i]!.push(p.kernelMs);
        counts[i] = p.count;
      }
    }
    return all.map(({ run: _run, ...v }, i) => ({
      ...v,
      kernelCount: counts[i]!,
      kernelMs: median(kernel[i]!),
      wallMs: median(wall[i]!),
    }));
  } finally {
    tf.dispose(convs.flatMap((c) => [c.x, c.filter, c.bias, c.dy]));
  }
}
