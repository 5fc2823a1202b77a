/**
 * Softmax cross-entropy for per-pixel segmentation, computed on the device.
 * Labels arrive either as int32 class ids [N, H, W] (one-hot built on the device) or as a float32 one-hot
 * [N, H, W, K] built by the loader. Returns a scalar the caller disposes (or a tidy scope does).
 *
 * Why it is not tf.logSoftmax + tf.sum: a reduction over a short last axis (K = 2…6 classes) runs one
 * 256-thread workgroup per pixel on tfjs's webgpu backend; on the software adapter the max, the sum and the
 * gradient's sum of logSoftmax alone took ~1.5 s of a ~5 s step (docs/PERFORMANCE.md). Here the per-pixel
 * max and sum are a [1, K] max-pool and avg-pool (plain per-output loops), and the gradient is the closed
 * form softmax − y, so forward and backward are a dozen elementwise dispatches and one mean. Same math.
 * On webgpu, `fused` runs the chain as BatchLab's own kernel instead (gpu/crossEntropyKernels.ts): one
 * kernel and a mean forward, one kernel backward.
 */
import * as tf from './tf';
import { meanCrossEntropy as fusedMeanCrossEntropy } from '../gpu/crossEntropyKernels';

export type DeviceLabels =
  | { kind: 'class-ids'; tensor: tf.Tensor3D }
  | { kind: 'one-hot'; tensor: tf.Tensor4D };

/** Float32 one-hot [N·H·W, K] for the labels. Caller disposes. */
export function labelsToOneHot(labels: DeviceLabels, numClasses: number): tf.Tensor2D {
  return tf.tidy(() =>
    labels.kind === 'one-hot'
      ? (tf.reshape(labels.tensor, [-1, numClasses]) as tf.Tensor2D)
      : (tf.oneHot(
          tf.reshape(labels.tensor, [-1]) as tf.Tensor1D,
          numClasses,
          1,
          0,
          'float32',
        ) as tf.Tensor2D),
  );
}

/** Class ids int32 [N·H·W] for the labels. Caller disposes. */
export function labelsToClassIds(labels: DeviceLabels): tf.Tensor1D {
  return tf.tidy(() =>
    labels.kind === 'one-hot'
      ? (tf.reshape(tf.argMax(labels.tensor, -1), [-1]) as tf.Tensor1D)
      : (tf.reshape(labels.tensor, [-1]) as tf.Tensor1D),
  );
}

/** [P, K] → [1, P, K, 1]: each row becomes a 1×K window of a one-image, one-channel "picture". */
const asRows = (z: tf.Tensor2D) => tf.reshape(z, [1, z.shape[0], z.shape[1], 1]) as tf.Tensor4D;

/** Max over the last axis of [P, K] as [P, 1], by a [1, K] max-pool. Caller disposes. */
function rowMax(z: tf.Tensor2D): tf.Tensor2D {
  const [p, k] = z.shape;
  return tf.tidy(() => tf.reshape(tf.maxPool(asRows(z), [1, k], [1, k], 'valid'), [p, 1]) as tf.Tensor2D);
}

/** Sum over the last axis of [P, K] as [P, 1], by a [1, K] avg-pool times K. Caller disposes. */
function rowSum(z: tf.Tensor2D): tf.Tensor2D {
  const [p, k] = z.shape;
  return tf.tidy(
    () => tf.mul(tf.reshape(tf.avgPool(asRows(z), [1, k], [1, k], 'valid'), [p, 1]), k) as tf.Tensor2D,
  );
}

/**
 * Mean over pixels of −Σ_k y_k · log softmax(z)_k for logits z [P, K] and one-hot y [P, K].
 * log softmax(z) = (z − m) − log Σ_k exp(z − m), m the row max. Gradient wrt z: (softmax(z) − y) / P
 * (valid because every row of y sums to 1: both label kinds are one-hot). No gradient flows to y.
 */
function meanCrossEntropy(z: tf.Tensor2D, y: tf.Tensor2D): tf.Scalar {
  const loss = tf.customGrad((...args: (tf.Tensor | tf.GradSaveFunc)[]) => {
    const zk = args[0] as tf.Tensor2D;
    const save = args[1] as tf.GradSaveFunc;
    const [pixels, k] = zk.shape;
    const shifted = tf.sub(zk, rowMax(zk)) as tf.Tensor2D;
    const expShifted = tf.exp(shifted) as tf.Tensor2D;
    const sumExp = rowSum(expShifted);
    // −y · log softmax = y · (log Σexp − shifted); the mean over P·K elements times K is the mean over P.
    const perElement = tf.mul(y, tf.sub(tf.log(sumExp), shifted));
    const value = tf.mul(tf.mean(perElement), k) as tf.Scalar;
    save([tf.div(expShifted, sumExp), y]);
    return {
      value,
      gradFunc: (dy: tf.Tensor, saved: tf.Tensor[]) => {
        const [softmax, labels] = saved as [tf.Tensor2D, tf.Tensor2D];
        return tf.mul(tf.sub(softmax, labels), tf.div(dy, pixels));
      },
    };
  });
  return loss(z) as tf.Scalar;
}

/**
 * Mean over pixels of −Σ_k y_k · log softmax(logits)_k. logits [N, H, W, K]. `fused`: BatchLab's own
 * kernels (webgpu only). Caller disposes.
 */
export function softmaxCrossEntropy(logits: tf.Tensor4D, labels: DeviceLabels, fused = false): tf.Scalar {
  return tf.tidy(() => {
    const k = logits.shape[3];
    const flat = tf.reshape(logits, [-1, k]) as tf.Tensor2D;
    return (fused ? fusedMeanCrossEntropy : meanCrossEntropy)(flat, labelsToOneHot(labels, k));
  });
}
