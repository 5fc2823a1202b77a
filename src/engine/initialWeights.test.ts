import * as tf from './tf';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../config/trainConfig';
import { describeUNet, kernelShape } from '../config/unetSpec';
import { readInitialWeights } from './initialWeights';
import { createUNetForConfig } from './unet';

beforeAll(async () => {
  await tf.setBackend('cpu');
  await tf.ready();
});

describe('readInitialWeights', () => {
  it("returns the seeded model's variables, kernel then bias per conv of the layer table, and frees the model", async () => {
    const config = { ...DEFAULT_CONFIG, depth: 3, baseWidth: 4 };
    const before = tf.memory().numTensors;
    const weights = await readInitialWeights(config);
    expect(tf.memory().numTensors).toBe(before);
    const convs = describeUNet(config).convs;
    expect(weights).toHaveLength(2 * convs.length);
    convs.forEach((conv, i) => {
      expect(weights[2 * i]!.name).toMatch(new RegExp(`/${conv.name}/kernel$`));
      expect(weights[2 * i]!.shape).toEqual(kernelShape(conv));
      expect(weights[2 * i + 1]!.shape).toEqual([conv.outChannels]);
    });
    // The same seed gives the same weights as a model built directly; another seed does not.
    const model = createUNetForConfig(config);
    const direct = await model.variables[0]!.data();
    model.dispose();
    expect(weights[0]!.values).toEqual(direct);
    const other = await readInitialWeights({ ...config, seed: config.seed + 1 });
    expect(other[0]!.values).not.toEqual(weights[0]!.values);
  });
});
