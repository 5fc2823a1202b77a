/**
 * Runs on Dawn's WebGPU in a child process (dawnChild.mjs) for test/convKernels.test.ts: BatchLab's own conv
 * kernels (src/gpu/convKernels.ts) against tfjs's own webgpu kernels, and the training step on each.
 * Returns plain numbers; the test makes the assertions.
 *
 * Relative error of a tensor a against tfjs's b: max |a − b| ÷ max |b| (the error measured against the
 * tensor's own scale; an element-wise |a − b| ÷ |b| would blow up where a sum cancels to near zero).
 */
import { DEFAULT_CONFIG, type TrainConfig } from '../../src/config/trainConfig';
import { buildHostBatch } from '../../src/data/buildBatch';
import { createRng } from '../../src/data/random';
import { currentWebGpuCapabilities, initBackend } from '../../src/engine/backend';
import { chooseConvKernel } from '../../src/engine/convChoice';
import * as tf from '../../src/engine/tf';
import { createTrainer } from '../../src/engine/trainer';
import { describeUNet } from '../../src/config/unetSpec';
import { SOFTWARE_TILING, type ConvShape, type ConvTiling } from '../../src/gpu/convGeometry';
import { convSame } from '../../src/gpu/convKernels';
import { upsample2x } from '../../src/gpu/upsampleKernels';

export interface ShapeParity {
  shape: ConvShape;
  relu: boolean;
  forward: number;
  inputGradient: number;
  filterGradient: number;
  biasGradient: number;
}

export async function start(): Promise<string[]> {
  const problems: string[] = [];
  const info = await initBackend('webgpu', {
    onDeviceLost: (reason) => problems.push(`device lost: ${reason}`),
    onGpuError: (message) => problems.push(`GPU error: ${message}`),
  });
  if (info.backend !== 'webgpu') throw new Error(`no webgpu in Node: ${info.fallbackReasons.join('; ')}`);
  return problems;
}

async function relativeError(a: tf.Tensor, b: tf.Tensor): Promise<number> {
  if (a.shape.join() !== b.shape.join()) throw new Error(`shapes differ: [${a.shape}] vs [${b.shape}]`);
  const [av, bv] = [await a.data(), await b.data()];
  let diff = 0;
  let scale = 0;
  for (let i = 0; i < av.length; i++) {
    diff = Math.max(diff, Math.abs(av[i]! - bv[i]!));
    scale = Math.max(scale, Math.abs(bv[i]!));
  }
  return scale > 0 ? diff / scale : diff;
}

/** Shapes per run: the five corners and seeded random draws (each shape compiles its own pipelines). */
const SHAPES = 9;
/** At most this many multiply-adds per forward conv, so tfjs's naive kernels keep the test short. */
const MACS_BUDGET = 6e6;
const macs = (s: ConvShape) =>
  s.batch * s.heightPx * s.widthPx * s.kernelSize ** 2 * s.inChannels * s.outChannels;

/**
 * The ranges (batch 1–8, 8–64 px, channels 1–64): the corners first, then seeded random draws
 * within the budget (H and W drawn apart, a 1×1 kernel one time in four).
 */
export function parityShapes(count: number, seed = 17): ConvShape[] {
  const corners: ConvShape[] = [
    { batch: 8, heightPx: 64, widthPx: 64, inChannels: 1, outChannels: 2, kernelSize: 3 },
    { batch: 1, heightPx: 8, widthPx: 8, inChannels: 64, outChannels: 64, kernelSize: 3 },
    { batch: 1, heightPx: 8, widthPx: 9, inChannels: 1, outChannels: 1, kernelSize: 3 },
    { batch: 2, heightPx: 16, widthPx: 16, inChannels: 3, outChannels: 8, kernelSize: 3 },
    { batch: 2, heightPx: 12, widthPx: 20, inChannels: 64, outChannels: 5, kernelSize: 1 },
  ];
  const rng = createRng(seed);
  const shapes = [...corners];
  while (shapes.length < count) {
    const s: ConvShape = {
      batch: rng.int(1, 9),
      heightPx: rng.int(8, 65),
      widthPx: rng.int(8, 65),
      inChannels: rng.int(1, 65),
      outChannels: rng.int(1, 65),
      kernelSize: rng.chance(0.25) ? 1 : 3,
    };
    if (macs(s) <= MACS_BUDGET) shapes.push(s);
  }
  return shapes;
}

/** One shape: forward (ReLU fused or not) and the three gradients through the registered gradient. */
export async function shapeParity(
  s: ConvShape,
  relu: boolean,
  seed: number,
  tiling: ConvTiling,
): Promise<ShapeParity> {
  const { batch: n, heightPx: h, widthPx: w, inChannels: cin, outChannels: cout, kernelSize: k } = s;
  const x = tf.randomNormal([n, h, w, cin], 0, 1, 'float32', seed) as tf.Tensor4D;
  const filter = tf.randomNormal([k, k, cin, cout], 0, 1, 'float32', seed + 1) as tf.Tensor4D;
  const bias = tf.randomNormal([cout], 0, 1, 'float32', seed + 2) as tf.Tensor1D;
  const dy = tf.randomNormal([n, h, w, cout], 0, 1, 'float32', seed + 3) as tf.Tensor4D;
  const made: tf.Tensor[] = [x, filter, bias, dy];
  try {
    // tfjs's own kernels: Conv2D (forward), Conv2DBackpropInput and Conv2DBackpropFilter, Sum for the bias.
    const reference = tf.tidy(() => {
      const linear = tf.add(tf.conv2d(x, filter, 1, 'same'), bias);
      return relu ? tf.relu(linear) : linear;
    });
    const own = convSame(x, filter, bias, relu, tiling);
    made.push(reference, own);
    // The gradient through the ReLU uses the own forward's mask on both sides, so that an output within
    // rounding of 0 cannot flip one side's mask: what is compared is the convolution gradients.
    const masked = tf.tidy(() => (relu ? tf.mul(dy, tf.cast(tf.greater(own, 0), 'float32')) : tf.clone(dy)));
    const wanted = tf.tidy(() => {
      const attrs = { strides: [1, 1], pad: 'same', dataFormat: 'NHWC', dimRoundingMode: undefined };
      return [
        tf.conv2dTranspose(masked as tf.Tensor4D, filter, x.shape, 1, 'same'),
        tf.engine().runKernel(tf.Conv2DBackpropFilter, { x, dy: masked }, {
          ...attrs,
          filterShape: filter.shape,
        } as unknown as tf.NamedAttrMap) as tf.Tensor,
        tf.sum(masked, [0, 1, 2]),
      ];
    });
    const got = tf.grads((xi: tf.Tensor, fi: tf.Tensor, bi: tf.Tensor) =>
      tf.sum(tf.mul(convSame(xi as tf.Tensor4D, fi as tf.Tensor4D, bi as tf.Tensor1D, relu, tiling), dy)),
    )([x, filter, bias]);
    made.push(masked, ...wanted, ...got);
    return {
      shape: s,
      relu,
      forward: await relativeError(own, reference),
      inputGradient: await relativeError(got[0]!, wanted[0]!),
      filterGradient: await relativeError(got[1]!, wanted[1]!),
      biasGradient: await relativeError(got[2]!, wanted[2]!),
    };
  } finally {
    tf.dispose(made);
  }
}

export interface UpsampleParity {
  shape: number[];
  forward: number;
  gradient: number;
}

/** The ×2 upsampling with the own gradient against tf.image.resizeBilinear and tfjs's ResizeBilinearGrad. */
async function upsampleParity(
  shape: [number, number, number, number],
  seed: number,
): Promise<UpsampleParity> {
  const [n, h, w, c] = shape;
  const x = tf.randomNormal(shape, 0, 1, 'float32', seed) as tf.Tensor4D;
  const dy = tf.randomNormal([n, 2 * h, 2 * w, c], 0, 1, 'float32', seed + 1) as tf.Tensor4D;
  const weighted = (f: (t: tf.Tensor4D) => tf.Tensor) => (t: tf.Tensor) =>
    tf.sum(tf.mul(f(t as tf.Tensor4D), dy));
  const own = upsample2x(x);
  const reference = tf.image.resizeBilinear(x, [2 * h, 2 * w]);
  const [ownGrad] = tf.grads(weighted(upsample2x))([x]);
  const [referenceGrad] = tf.grads(weighted((t) => tf.image.resizeBilinear(t, [2 * h, 2 * w])))([x]);
  try {
    return {
      shape,
      forward: await relativeError(own, reference),
      gradient: await relativeError(ownGrad!, referenceGrad!),
    };
  } finally {
    tf.dispose([x, dy, own, reference, ownGrad!, referenceGrad!]);
  }
}

export async function parity(): Promise<{
  shapes: ShapeParity[];
  upsample: UpsampleParity[];
  tensorsBefore: number;
  tensorsAfter: number;
  problems: string[];
}> {
  const problems = await start();
  const tiling = SOFTWARE_TILING;
  const tensorsBefore = tf.memory().numTensors;
  const shapes: ShapeParity[] = [];
  let seed = 1000;
  for (const [i, s] of parityShapes(SHAPES).entries()) {
    shapes.push(await shapeParity(s, i % 2 === 0, (seed += 10), tiling));
  }
  // The GPU tiling (workgroup-memory reduction of the filter gradient) on two shapes of the list.
  const gpuTiling = { ...SOFTWARE_TILING, workgroupReduce: true, filterWorkgroupSize: 64 };
  for (const s of parityShapes(14).slice(0, 2))
    shapes.push(await shapeParity(s, true, (seed += 10), gpuTiling));
  const upsample = [
    await upsampleParity([2, 8, 8, 8], 7),
    await upsampleParity([1, 5, 7, 3], 9),
    await upsampleParity([3, 16, 4, 16], 11),
  ];
  return { shapes, upsample, tensorsBefore, tensorsAfter: tf.memory().numTensors, problems };
}

/** A small config, so that ten steps of each take seconds on the software adapter. */
const TRAIN: TrainConfig = { ...DEFAULT_CONFIG, imageSizePx: 16, batchSize: 2, augment: false };

export interface TrainingParity {
  choice: string;
  ownLosses: number[];
  tfjsLosses: number[];
  /** Kernels of one profiled own step, by name. */
  kernelCounts: Record<string, number>;
  convs: number;
  tensorsBefore: number;
  tensorsAfterSteps: number[];
  tensorsAfterDispose: number;
  problems: string[];
}

export async function training(): Promise<TrainingParity> {
  const problems = await start();
  const tensorsBefore = tf.memory().numTensors;
  const batches = [0, 1, 2, 3].map((i) => buildHostBatch(TRAIN, i));
  const own = createTrainer(TRAIN, 'webgpu', { unet: { convKernel: 'wgsl' } });
  // tfjs's kernels as the step ran them before issue 17 on a software adapter (the tiled forward is the
  // same math, 2–5× slower here).
  const stock = createTrainer(TRAIN, 'webgpu', { unet: { convKernel: 'direct' } });
  const ownLosses: number[] = [];
  const tfjsLosses: number[] = [];
  const tensorsAfterSteps: number[] = [];
  for (let step = 0; step < 10; step++) {
    const batch = batches[step % batches.length]!;
    ownLosses.push((await own.step(batch)).loss);
    tfjsLosses.push((await stock.step(batch)).loss);
    tensorsAfterSteps.push(tf.memory().numTensors);
  }
  const profile = await tf.profile(async () => {
    await own.step(batches[0]!);
    return [];
  });
  const kernelCounts: Record<string, number> = {};
  for (const k of profile.kernels) kernelCounts[k.name] = (kernelCounts[k.name] ?? 0) + 1;
  own.dispose();
  stock.dispose();
  const convs = describeUNet(TRAIN).convs.length;
  return {
    choice: chooseConvKernel('webgpu', currentWebGpuCapabilities()).path,
    ownLosses,
    tfjsLosses,
    kernelCounts,
    convs,
    tensorsBefore,
    tensorsAfterSteps,
    tensorsAfterDispose: tf.memory().numTensors,
    problems,
  };
}
