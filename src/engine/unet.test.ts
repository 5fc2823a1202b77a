import * as tf from './tf';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeUNet, parameterCount } from '../config/unetSpec';
import { createUNet } from './unet';

beforeAll(async () => {
  await tf.setBackend('cpu');
  await tf.ready();
});

describe('createUNet', () => {
  it.each([2, 3, 4])(
    'depth %i maps [N, S, S, C] to logits [N, S, S, K] with the spec’s parameters',
    (depth) => {
      const shape = { depth, baseWidth: 4, channels: 3, numClasses: 5 };
      const model = createUNet(shape, 7);
      const x = tf.randomUniform([2, 32, 32, 3]) as tf.Tensor4D;
      const logits = model.forward(x);
      expect(logits.shape).toEqual([2, 32, 32, 5]);
      const params = model.variables.reduce((sum, v) => sum + v.size, 0);
      expect(params).toBe(parameterCount(describeUNet(shape)));
      x.dispose();
      logits.dispose();
      model.dispose();
    },
  );

  it('is reproducible from its seed and different across seeds', async () => {
    const shape = { depth: 2, baseWidth: 4, channels: 1, numClasses: 2 };
    const read = async (seed: number) => {
      const m = createUNet(shape, seed);
      const values = await m.variables[0]!.data();
      m.dispose();
      return Array.from(values);
    };
    expect(await read(1)).toEqual(await read(1));
    expect(await read(1)).not.toEqual(await read(2));
  });

  it("refuses BatchLab's own WGSL conv kernels off webgpu, with the reason", () => {
    const shape = { depth: 2, baseWidth: 4, channels: 1, numClasses: 2 };
    const before = tf.memory().numTensors;
    expect(() => createUNet(shape, 1, { convKernel: 'wgsl' })).toThrow(/need the webgpu backend, not cpu/);
    expect(tf.memory().numTensors).toBe(before);
  });
});
