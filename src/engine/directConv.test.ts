import * as tf from './tf';
import { beforeAll, describe, expect, it } from 'vitest';
import { directConv2d } from './directConv';
import { createUNet } from './unet';

beforeAll(async () => {
  await tf.setBackend('cpu');
  await tf.ready();
});

const maxAbsDiff = async (a: tf.Tensor, b: tf.Tensor) => {
  const d = tf.max(tf.abs(tf.sub(a, b)));
  const v = (await d.data())[0]!;
  d.dispose();
  return v;
};

describe('directConv2d', () => {
  it.each([
    [3, 3, 8],
    [5, 4, 6],
    [1, 2, 3],
  ])('equals conv2d + bias, value and gradients (k=%i, cin=%i, cout=%i)', async (k, cin, cout) => {
    const x = tf.randomNormal([2, 6, 7, cin], 0, 1, 'float32', 1) as tf.Tensor4D;
    const w = tf.randomNormal([k, k, cin, cout], 0, 1, 'float32', 2) as tf.Tensor4D;
    const b = tf.randomNormal([cout], 0, 1, 'float32', 3) as tf.Tensor1D;
    const dy = tf.randomNormal([2, 6, 7, cout], 0, 1, 'float32', 4) as tf.Tensor4D;
    const reference = (xi: tf.Tensor, wi: tf.Tensor, bi: tf.Tensor) =>
      tf.sum(tf.mul(tf.add(tf.conv2d(xi as tf.Tensor4D, wi as tf.Tensor4D, 1, 'same'), bi), dy));
    const direct = (xi: tf.Tensor, wi: tf.Tensor, bi: tf.Tensor) =>
      tf.sum(tf.mul(directConv2d(xi as tf.Tensor4D, wi as tf.Tensor4D, bi as tf.Tensor1D), dy));
    const want = tf.grads(reference)([x, w, b]);
    const got = tf.grads(direct)([x, w, b]);
    expect(await maxAbsDiff(directConv2d(x, w, b), tf.add(tf.conv2d(x, w, 1, 'same'), b))).toBeLessThan(1e-4);
    for (let i = 0; i < 3; i++) expect(await maxAbsDiff(got[i]!, want[i]!)).toBeLessThan(1e-3);
    // A wrong flip or transpose would be off by O(1), far above the tolerance.
    const unflipped = tf.add(
      tf.conv2dTranspose(x, tf.transpose(w, [0, 1, 3, 2]) as tf.Tensor4D, [2, 6, 7, cout], 1, 'same'),
      b,
    );
    if (k > 1)
      expect(await maxAbsDiff(unflipped, tf.add(tf.conv2d(x, w, 1, 'same'), b))).toBeGreaterThan(0.1);
  });

  it('gives a U-Net the same logits and gradients as the tiled kernel', async () => {
    const shape = { depth: 3, baseWidth: 4, channels: 3, numClasses: 4 };
    const tiled = createUNet(shape, 5, { convKernel: 'tiled' });
    const direct = createUNet(shape, 5, { convKernel: 'direct' });
    expect([tiled.convKernel, direct.convKernel]).toEqual(['tiled', 'direct']);
    const x = tf.randomNormal([2, 16, 16, 3], 0, 1, 'float32', 9) as tf.Tensor4D;
    const lossOf = (m: typeof tiled) => () => tf.mean(tf.square(m.forward(x))) as tf.Scalar;
    const a = tf.variableGrads(lossOf(tiled), tiled.variables);
    const b = tf.variableGrads(lossOf(direct), direct.variables);
    expect(Math.abs((await a.value.data())[0]! - (await b.value.data())[0]!)).toBeLessThan(1e-5);
    const ga = tiled.variables.map((v) => a.grads[v.name]!);
    const gb = direct.variables.map((v) => b.grads[v.name]!);
    for (let i = 0; i < ga.length; i++) expect(await maxAbsDiff(ga[i]!, gb[i]!)).toBeLessThan(1e-4);
    tiled.dispose();
    direct.dispose();
  });

  it('picks the tiled kernel off webgpu', () => {
    const m = createUNet({ depth: 2, baseWidth: 4, channels: 1, numClasses: 2 }, 1);
    expect(m.convKernel).toBe('tiled');
    m.dispose();
  });
});
