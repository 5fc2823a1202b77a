/**
 * Softmax cross-entropy for per-pixel segmentation, computed on the device.
 * Labels arrive either as int32 class ids [N, H, W] (one-hot built on the device) or as a float32 one-hot
 * [N, H, W, K] built by the loader. Returns a scalar the caller disposes (or a tidy scope does).
 */
import * as tf from '@tensorflow/tfjs';

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

/** Mean over pixels of −Σ_k y_k · log softmax(logits)_k. logits [N, H, W, K]. Caller disposes. */
export function softmaxCrossEntropy(logits: tf.Tensor4D, labels: DeviceLabels): tf.Scalar {
  return tf.tidy(() => {
    const k = logits.shape[3];
    const flat = tf.reshape(logits, [-1, k]);
    const oneHot = labelsToOneHot(labels, k);
    return tf.neg(tf.mean(tf.sum(tf.mul(oneHot, tf.logSoftmax(flat)), -1))) as tf.Scalar;
  });
}
