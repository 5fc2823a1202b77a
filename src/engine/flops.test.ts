/**
 * flops.ts against oracles that do not restate its formulas:
 * - a naive 'same' convolution written as loops that count every multiply and add they perform, checked
 *   value for value against tfjs's conv2d and its gradients (cpu backend), so the count is that of a real
 *   convolution and its backward pass;
 * - the real tfjs U-Net: its variables give the parameter count (what the optimizer updates) and the
 *   kernel shapes each conv's count is taken over;
 * - hand-computed totals for a tiny U-Net, written out as literals.
 */
import * as tf from './tf';
import { beforeAll, describe, expect, it } from 'vitest';
import { convFlops, forwardFlops, kernelFlops, trainingStepFlops } from './flops';
import type { FlopsConfig } from './flops';
import { createUNetForConfig } from './unet';
import type { ConvSpec } from '../config/unetSpec';
import { describeUNet } from '../config/unetSpec';

beforeAll(async () => {
  await tf.setBackend('cpu');
  await tf.ready();
});

/** depth 2, base 4, C 1, K 2 at B 1, S 8: level 0 is 8×8 = 64 positions, level 1 is 4×4 = 16. */
const tiny: FlopsConfig = {
  batchSize: 1,
  imageSizePx: 8,
  channels: 1,
  numClasses: 2,
  depth: 2,
  baseWidth: 4,
  optimizer: 'adam',
  normalizeOn: 'loader',
};

interface Counted {
  /** Values computed by the loops (NHWC / HWIO, flat). */
  y: Float32Array;
  dx: Float32Array;
  dw: Float32Array;
  db: Float32Array;
  /** Multiplies and adds each loop performed. */
  flops: { forward: number; backwardInput: number; backwardKernel: number; backwardBias: number };
}

/**
 * A stride-1 'same' conv and its three gradients as plain loops over every tap of the padded window
 * (zero padding included, as a GPU kernel computes it), counting each multiply and each add. `dy` is
 * the gradient arriving at the output.
 */
function countedConv(
  x: Float32Array,
  w: Float32Array,
  b: Float32Array,
  dy: Float32Array,
  [n, h, wd, cin]: readonly [number, number, number, number],
  k: number,
  cout: number,
): Counted {
  const pad = (k - 1) / 2;
  const xAt = (bi: number, i: number, j: number, c: number) =>
    i < 0 || j < 0 || i >= h || j >= wd ? 0 : x[((bi * h + i) * wd + j) * cin + c]!;
  const dyAt = (bi: number, i: number, j: number, c: number) =>
    i < 0 || j < 0 || i >= h || j >= wd ? 0 : dy[((bi * h + i) * wd + j) * cout + c]!;
  const wAt = (u: number, v: number, ci: number, co: number) => w[((u * k + v) * cin + ci) * cout + co]!;
  const flops = { forward: 0, backwardInput: 0, backwardKernel: 0, backwardBias: 0 };
  const y = new Float32Array(n * h * wd * cout);
  const dx = new Float32Array(n * h * wd * cin);
  const dw = new Float32Array(k * k * cin * cout);
  const db = new Float32Array(cout);
  for (let bi = 0; bi < n; bi++)
    for (let i = 0; i < h; i++)
      for (let j = 0; j < wd; j++) {
        for (let co = 0; co < cout; co++) {
          let acc = 0;
          for (let u = 0; u < k; u++)
            for (let v = 0; v < k; v++)
              for (let ci = 0; ci < cin; ci++) {
                acc += xAt(bi, i + u - pad, j + v - pad, ci) * wAt(u, v, ci, co);
                flops.forward += 2;
              }
          y[((bi * h + i) * wd + j) * cout + co] = acc + b[co]!;
          flops.forward += 1;
        }
        // dx at (i, j): every output whose window covers it, through the matching tap.
        for (let ci = 0; ci < cin; ci++) {
          let acc = 0;
          for (let u = 0; u < k; u++)
            for (let v = 0; v < k; v++)
              for (let co = 0; co < cout; co++) {
                acc += dyAt(bi, i - u + pad, j - v + pad, co) * wAt(u, v, ci, co);
                flops.backwardInput += 2;
              }
          dx[((bi * h + i) * wd + j) * cin + ci] = acc;
        }
      }
  for (let u = 0; u < k; u++)
    for (let v = 0; v < k; v++)
      for (let ci = 0; ci < cin; ci++)
        for (let co = 0; co < cout; co++) {
          let acc = 0;
          for (let bi = 0; bi < n; bi++)
            for (let i = 0; i < h; i++)
              for (let j = 0; j < wd; j++) {
                acc += xAt(bi, i + u - pad, j + v - pad, ci) * dyAt(bi, i, j, co);
                flops.backwardKernel += 2;
              }
          dw[((u * k + v) * cin + ci) * cout + co] = acc;
        }
  for (let co = 0; co < cout; co++) {
    let acc = 0;
    for (let p = 0; p < n * h * wd; p++) {
      acc += dy[p * cout + co]!;
      flops.backwardBias += 1;
    }
    db[co] = acc;
  }
  return { y, dx, dw, db, flops };
}

/** Deterministic values in [−1, 1). */
const values = (length: number, seed: number) =>
  Float32Array.from({ length }, (_, i) => (((i * 7919 + seed * 104729) % 2003) / 2003) * 2 - 1);

/** tfjs's conv2d 'same' + bias on the same values, and its gradients for an incoming `dy`. */
async function tfjsConv(
  x: Float32Array,
  w: Float32Array,
  b: Float32Array,
  dy: Float32Array,
  shape: [number, number, number, number],
  k: number,
  cout: number,
) {
  const [n, h, wd] = shape;
  const xt = tf.tensor4d(x, shape);
  const wt = tf.tensor4d(w, [k, k, shape[3], cout]);
  const bt = tf.tensor1d(b);
  const dyt = tf.tensor4d(dy, [n, h, wd, cout]);
  const conv = (xi: tf.Tensor, wi: tf.Tensor, bi: tf.Tensor) =>
    tf.add(tf.conv2d(xi as tf.Tensor4D, wi as tf.Tensor4D, 1, 'same'), bi);
  const y = conv(xt, wt, bt);
  const grads = tf.grads((xi, wi, bi) => tf.sum(tf.mul(conv(xi, wi, bi), dyt)))([xt, wt, bt]);
  const [yv, dxv, dwv, dbv] = await Promise.all([y, ...grads].map((t) => t.data() as Promise<Float32Array>));
  tf.dispose([xt, wt, bt, dyt, y, ...grads]);
  return { y: yv!, dx: dxv!, dw: dwv!, db: dbv! };
}

const expectClose = (actual: Float32Array, expected: Float32Array) => {
  expect(actual.length).toBe(expected.length);
  let worst = 0;
  actual.forEach((a, i) => (worst = Math.max(worst, Math.abs(a - expected[i]!))));
  expect(worst).toBeLessThan(1e-4);
};

describe('convFlops against a counted convolution', () => {
  const cases: { conv: ConvSpec; batchSize: number; imageSizePx: number }[] = [
    // 3×3, 2 → 3 channels, at level 1 of a 10 px image (5×5 positions), batch 2.
    {
      conv: {
        kind: 'conv',
        name: 'c3',
        input: 'x',
        kernelSize: 3,
        inChannels: 2,
        outChannels: 3,
        level: 1,
        relu: true,
      },
      batchSize: 2,
      imageSizePx: 10,
    },
    // The 1×1 head, 4 → 2 channels, 4×4, batch 1.
    {
      conv: {
        kind: 'conv',
        name: 'c1',
        input: 'x',
        kernelSize: 1,
        inChannels: 4,
        outChannels: 2,
        level: 0,
        relu: false,
      },
      batchSize: 1,
      imageSizePx: 4,
    },
  ];

  it('counts what a real conv and its gradients compute, tap for tap', async () => {
    for (const { conv, batchSize, imageSizePx } of cases) {
      const side = imageSizePx / 2 ** conv.level;
      const shape: [number, number, number, number] = [batchSize, side, side, conv.inChannels];
      const k = conv.kernelSize;
      const x = values(batchSize * side * side * conv.inChannels, 1);
      const w = values(k * k * conv.inChannels * conv.outChannels, 2);
      const b = values(conv.outChannels, 3);
      const dy = values(batchSize * side * side * conv.outChannels, 4);
      const counted = countedConv(x, w, b, dy, shape, k, conv.outChannels);
      // The loops are a real conv: same values and gradients as tfjs.
      const reference = await tfjsConv(x, w, b, dy, shape, k, conv.outChannels);
      expectClose(counted.y, reference.y);
      expectClose(counted.dx, reference.dx);
      expectClose(counted.dw, reference.dw);
      expectClose(counted.db, reference.db);
      expect(convFlops(conv, batchSize, imageSizePx)).toEqual(counted.flops);
      expect(convFlops(conv, batchSize, imageSizePx, false)).toEqual({ ...counted.flops, backwardInput: 0 });
    }
  });

  it('counts a 3×3 conv, 4×4×1 → 2 channels, batch 1, by hand: 608 forward', () => {
    const conv: ConvSpec = {
      kind: 'conv',
      name: 'c',
      input: 'input',
      kernelSize: 3,
      inChannels: 1,
      outChannels: 2,
      level: 0,
      relu: true,
    };
    // 16 positions × 2 outputs × 9 taps: 288 products of a multiply and an add = 576, plus 32 bias adds.
    expect(convFlops(conv, 1, 4)).toEqual({
      forward: 608,
      backwardInput: 576,
      backwardKernel: 576,
      backwardBias: 32,
    });
    expect(convFlops(conv, 3, 4).forward).toBe(1824);
  });
});

describe('the U-Net the counts describe is the one tfjs trains', () => {
  it('has a kernel of the counted shape for every conv, and as many parameters as the optimizer updates', () => {
    const configs: FlopsConfig[] = [
      tiny,
      { ...tiny, channels: 3, numClasses: 5, depth: 3, baseWidth: 8, optimizer: 'sgd' },
      { ...tiny, channels: 3, numClasses: 4, depth: 4, baseWidth: 4 },
    ];
    for (const config of configs) {
      const model = createUNetForConfig({ ...config, seed: 1 });
      // Variables are named '<instance>/<conv>/kernel'.
      const shapes = new Map(model.variables.map((v) => [v.name.split('/').slice(1).join('/'), v.shape]));
      const parameters = model.variables.reduce((sum, v) => sum + v.size, 0);
      model.dispose();
      for (const conv of describeUNet(config).convs) {
        expect(shapes.get(`${conv.name}/kernel`), conv.name).toEqual([
          conv.kernelSize,
          conv.kernelSize,
          conv.inChannels,
          conv.outChannels,
        ]);
      }
      // Adam: 10 FLOPs per parameter, SGD: 2 (the documented convention).
      const perParameter = config.optimizer === 'adam' ? 10 : 2;
      expect(trainingStepFlops(config).optimizer).toBe(parameters * perParameter);
    }
  });
});

describe('tiny U-Net, by hand', () => {
  // Conv products 2·H·W·k²·Cin·Cout (B = 1): enc0a 4,608, enc0b 18,432, enc1a 9,216, enc1b 18,432,
  // dec0a 55,296 (12 = 8 upsampled + 4 skip channels in), dec0b 18,432, head 1,024: 125,440 in all.
  // Bias adds H·W·Cout: 256 + 256 + 128 + 128 + 256 + 256 + 128 = 1,408.
  // ReLU on the six 3×3 convs' outputs: 1,280 elements. pool0 outputs 4×4×4 = 64, up0 outputs 8×8×8 = 512.
  // Logits 8×8×2 = 128, pixels 64.

  it('convForward: 125,440 products + 1,408 bias adds = 126,848', () => {
    expect(trainingStepFlops(tiny).convForward).toBe(126_848);
  });

  it('forward: convs 126,848 + ReLU 1,280 + pool 64·3 + resize 512·7 = 131,904', () => {
    expect(forwardFlops(tiny)).toBe(131_904);
    // Normalizing on the GPU adds (x − mean) · invStd: 2 FLOPs on each of 64 pixels × 1 channel.
    expect(forwardFlops({ ...tiny, normalizeOn: 'model' })).toBe(132_032);
  });

  it('one training step: forward 132,928, backward 253,696, Adam 16,620', () => {
    const step = trainingStepFlops(tiny);
    // Loss forward: 128 logits × 7 + 64 pixels × 2 = 1,024.
    expect(step.forward).toBe(132_928);
    // Kernel gradients 125,440 + input gradients 125,440 − 4,608 (none for enc0a) + bias gradients 1,408
    // + ReLU 1,280 + pool 64·4 + resize 512·8 + loss 128·3.
    expect(step.backward).toBe(253_696);
    // 1,662 parameters × 10.
    expect(step.optimizer).toBe(16_620);
    expect(step.total).toBe(403_244);
    expect(trainingStepFlops({ ...tiny, optimizer: 'sgd' }).optimizer).toBe(3_324);
    expect(step.byOp.map((row) => [row.name, row.forward, row.backward])).toEqual([
      ['enc0a', 4_608 + 256 + 256, 4_608 + 256 + 256], // no input gradient
      ['enc0b', 18_432 + 256 + 256, 2 * 18_432 + 256 + 256],
      ['pool0', 192, 256],
      ['enc1a', 9_216 + 128 + 128, 2 * 9_216 + 128 + 128],
      ['enc1b', 18_432 + 128 + 128, 2 * 18_432 + 128 + 128],
      ['up0', 3_584, 4_096],
      ['cat0', 0, 0],
      ['dec0a', 55_296 + 256 + 256, 2 * 55_296 + 256 + 256],
      ['dec0b', 18_432 + 256 + 256, 2 * 18_432 + 256 + 256],
      ['head', 1_024 + 128, 2 * 1_024 + 128], // no ReLU
      ['loss', 1_024, 384],
    ]);
  });
});

describe('trainingStepFlops across configs', () => {
  const configs: FlopsConfig[] = [];
  for (const depth of [2, 3, 4])
    for (const baseWidth of [4, 16, 64])
      for (const imageSizePx of [16, 64, 256])
        for (const optimizer of ['adam', 'sgd'] as const)
          configs.push({
            batchSize: 4,
            imageSizePx,
            channels: 3,
            numClasses: 4,
            depth,
            baseWidth,
            optimizer,
          });

  it('keeps the breakdown consistent and the backward near 2× the forward', () => {
    for (const c of configs) {
      const step = trainingStepFlops(c);
      expect(step.total).toBe(step.forward + step.backward + step.optimizer);
      expect(step.byOp.reduce((s, r) => s + r.forward, 0)).toBe(step.forward);
      expect(step.byOp.reduce((s, r) => s + r.backward, 0)).toBe(step.backward);
      const ratio = step.backward / step.forward;
      expect(ratio).toBeGreaterThan(1.7);
      expect(ratio).toBeLessThan(2.1);
    }
  });

  it('scales forward and backward linearly with the batch; the optimizer does not scale', () => {
    for (const c of configs) {
      const one = trainingStepFlops({ ...c, batchSize: 1 });
      const many = trainingStepFlops({ ...c, batchSize: 7 });
      expect(many.forward).toBe(7 * one.forward);
      expect(many.backward).toBe(7 * one.backward);
      expect(many.optimizer).toBe(one.optimizer);
    }
  });

  it('grows with image size, depth and width', () => {
    const base: FlopsConfig = { ...tiny, batchSize: 2, imageSizePx: 32, baseWidth: 8 };
    const total = (c: FlopsConfig) => trainingStepFlops(c).total;
    expect(total({ ...base, imageSizePx: 64 })).toBeGreaterThan(total(base));
    expect(total({ ...base, depth: 3 })).toBeGreaterThan(total(base));
    expect(total({ ...base, baseWidth: 16 })).toBeGreaterThan(total(base));
  });
});

describe("kernelFlops of BatchLab's own conv kernels", () => {
  // A 3×3 conv of 8 → 16 channels over a batch of 2 at 4 × 4: |y| = 2·4·4·16 = 512 outputs.
  const x = [2, 4, 4, 8];
  const filter = [3, 3, 8, 16];
  const y = [2, 4, 4, 16];
  it('counts 2·|y|·kh·kw·Cin (+ |y| bias adds) forward, as tfjs does for FusedConv2D', () => {
    const own = kernelFlops({ name: 'BatchLabConv2D', inputShapes: [x, filter, [16]], outputShapes: [y] });
    expect(own).toBe(2 * 512 * 9 * 8 + 512);
  });
  it('counts 2·|dx|·kh·kw·Cout for the input gradient and 2·|dW|·N·Ho·Wo for the filter gradient', () => {
    const dx = kernelFlops({
      name: 'BatchLabConv2DBackpropInput',
      inputShapes: [y, filter],
      outputShapes: [x],
    });
    expect(dx).toBe(2 * (2 * 4 * 4 * 8) * 9 * 16);
    const dw = kernelFlops({
      name: 'BatchLabConv2DBackpropFilter',
      inputShapes: [x, y],
      outputShapes: [filter, [16]],
    });
    expect(dw).toBe(2 * (3 * 3 * 8 * 16) * 2 * 4 * 4);
  });
});
