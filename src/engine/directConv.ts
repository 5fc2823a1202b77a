/**
 * A stride-1 'same' convolution + bias, run on tfjs's direct per-output kernel instead of its tiled one.
 *
 * Why: on webgpu, tf.conv2d runs Conv2DMM, a shared-memory tiled matmul (32×32 output tiles, barriers):
 * right for real GPUs, but on a software adapter (SwiftShader: every barrier is a fiber switch, and an
 * 8-channel conv fills a quarter of each tile) it was the slowest kernel of the training step. tfjs's
 * input-gradient kernel (Conv2DBackpropInput, one invocation per output, no shared memory) computes the
 * same sums 2–5× faster there (docs/PERFORMANCE.md, case g). A 'same' stride-1 conv of x with kernel
 * W[i, j, cin, cout] equals conv2dTranspose(x, W′) with W′[i, j, cout, cin] = W[k−1−i, k−1−j, cin, cout]
 * (flip both spatial axes, swap the channel axes), so the forward runs that kernel; the gradients are the
 * ones tfjs uses for conv2d (input: Conv2DBackpropInput, kernel: Conv2DBackpropFilter, bias: sum).
 * Same math as conv2d + bias; float sums in another order (≈ 1e-6 relative).
 * The bias add is done on [P, C] views (see below), which matters as much on a software adapter.
 */
import * as tf from './tf';

/** y = conv2d(x, kernel, 1, 'same') + bias, NHWC, odd square kernel. Caller disposes. */
export function directConv2d(x: tf.Tensor4D, kernel: tf.Tensor4D, bias: tf.Tensor1D): tf.Tensor4D {
  const op = tf.customGrad((...args: (tf.Tensor | tf.GradSaveFunc)[]) => {
    const [xi, k, b] = args as [tf.Tensor4D, tf.Tensor4D, tf.Tensor1D];
    const save = args[3] as tf.GradSaveFunc;
    const [n, h, w] = xi.shape;
    const cout = k.shape[3];
    const flipped = tf.transpose(tf.reverse(k, [0, 1]), [0, 1, 3, 2]) as tf.Tensor4D;
    const y = tf.conv2dTranspose(xi, flipped, [n, h, w, cout], 1, 'same');
    // The bias as a [P, C] + [1, C] add: tfjs's webgpu broadcast kernel costs ~25× less on rank 2 than on
    // [N, H, W, C] + [C] on a software adapter (it decodes 4-D coordinates per element).
    const value = tf.reshape(tf.add(tf.reshape(y, [-1, cout]), tf.reshape(b, [1, cout])), [n, h, w, cout]);
    save([xi, k]);
    return {
      value: value as tf.Tensor4D,
      gradFunc: (dy: tf.Tensor, saved: tf.Tensor[]) => {
        const [xs, ks] = saved as [tf.Tensor4D, tf.Tensor4D];
        const dy4 = dy as tf.Tensor4D;
        const dx = tf.conv2dTranspose(dy4, ks, xs.shape, 1, 'same');
        const attrs = {
          strides: [1, 1],
          pad: 'same',
          dataFormat: 'NHWC',
          dimRoundingMode: undefined,
          filterShape: ks.shape,
        } as unknown as tf.NamedAttrMap;
        const dk = tf.engine().runKernel(tf.Conv2DBackpropFilter, { x: xs, dy: dy4 }, attrs) as tf.Tensor4D;
        return [dx, dk, tf.sum(dy4, [0, 1, 2])];
      },
    };
  });
  return op(x, kernel, bias) as tf.Tensor4D;
}
