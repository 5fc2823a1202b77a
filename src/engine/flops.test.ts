import { describe, expect, it } from 'vitest';
import {
  ELEMENTWISE_FLOPS,
  OPTIMIZER_FLOPS_PER_PARAMETER,
  convFlops,
  forwardFlops,
  trainingStepFlops,
} from './flops';
import type { FlopsConfig } from './flops';
import type { ConvSpec } from '../config/unetSpec';
import { describeUNet, parameterCount } from '../config/unetSpec';

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

describe('convFlops', () => {
  it('counts a single 3×3 conv, 4×4×1 → 2 channels, batch 1, by hand', () => {
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
    // 16 output positions × 2 output channels × 9 taps × 1 input channel, a multiply and an add each:
    const products = 16 * 2 * 9 * 1 * 2; // 576
    const biasAdds = 16 * 2; // 32
    expect(convFlops(conv, 1, 4)).toEqual({
      forward: products + biasAdds, // 608
      backwardInput: products,
      backwardKernel: products,
      backwardBias: biasAdds,
    });
    expect(convFlops(conv, 1, 4, false).backwardInput).toBe(0);
    expect(convFlops(conv, 3, 4).forward).toBe(3 * 608);
  });
});

describe('tiny U-Net', () => {
  // Conv products 2·H·W·k²·Cin·Cout per conv (B = 1):
  const products = {
    enc0a: 2 * 64 * 9 * 1 * 4, // 4608
    enc0b: 2 * 64 * 9 * 4 * 4, // 18432
    enc1a: 2 * 16 * 9 * 4 * 8, // 9216
    enc1b: 2 * 16 * 9 * 8 * 8, // 18432
    dec0a: 2 * 64 * 9 * 12 * 4, // 55296
    dec0b: 2 * 64 * 9 * 4 * 4, // 18432
    head: 2 * 64 * 1 * 4 * 2, // 1024
  };
  // Bias adds H·W·Cout per conv: 256 + 256 + 128 + 128 + 256 + 256 + 128.
  const biasAdds = 64 * 4 + 64 * 4 + 16 * 8 + 16 * 8 + 64 * 4 + 64 * 4 + 64 * 2; // 1408
  const productSum = Object.values(products).reduce((a, b) => a + b, 0); // 125440
  // ReLU on the six 3×3 convs' outputs (same counts as the bias adds, head excluded).
  const reluElements = biasAdds - 64 * 2; // 1280
  const poolOutputs = 16 * 4; // pool0: 4×4×4
  const resizeOutputs = 64 * 8; // up0: 8×8×8
  const logits = 64 * 2;

  it('sums the forward conv FLOPs by hand: 126848', () => {
    expect(productSum).toBe(125440);
    expect(productSum + biasAdds).toBe(126848);
    expect(trainingStepFlops(tiny).convForward).toBe(126848);
  });

  it('adds ReLU, pool and resize to the model forward', () => {
    const forward = 126848 + reluElements * 1 + poolOutputs * 3 + resizeOutputs * 7; // 131904
    expect(forward).toBe(131904);
    expect(forwardFlops(tiny)).toBe(forward);
    // Normalizing on the GPU adds (x − mean) · invStd on 64 pixels × 1 channel.
    expect(forwardFlops({ ...tiny, normalizeOn: 'model' })).toBe(forward + 64 * 2);
  });

  it('counts one training step by hand', () => {
    const lossForward = logits * 7 + 64 * 2; // 1024
    const forward = 131904 + lossForward;
    const backward =
      productSum + // kernel gradients
      (productSum - products.enc0a) + // input gradients, none for the first conv
      biasAdds + // bias gradients
      reluElements * 1 +
      poolOutputs * 4 +
      resizeOutputs * 8 +
      logits * 3; // 253696
    expect(backward).toBe(253696);
    const adam = 1662 * 10;
    const step = trainingStepFlops(tiny);
    expect(step.forward).toBe(forward);
    expect(step.backward).toBe(backward);
    expect(step.optimizer).toBe(adam);
    expect(step.total).toBe(forward + backward + adam); // 403244
    expect(trainingStepFlops({ ...tiny, optimizer: 'sgd' }).optimizer).toBe(1662 * 2);
    expect(step.byOp.map((row) => row.name)).toEqual([
      'enc0a',
      'enc0b',
      'pool0',
      'enc1a',
      'enc1b',
      'up0',
      'cat0',
      'dec0a',
      'dec0b',
      'head',
      'loss',
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
      expect(step.optimizer).toBe(
        parameterCount(describeUNet(c)) * OPTIMIZER_FLOPS_PER_PARAMETER[c.optimizer],
      );
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
    expect(ELEMENTWISE_FLOPS.reluForwardPerElement).toBe(1);
  });
});
