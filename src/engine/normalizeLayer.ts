/**
 * The model's first layer, Normalize: turns whatever the loader uploaded into float32 (x − mean) / std
 * NHWC and int32/one-hot labels. mean and 1/std live on the device as persistent tensors (like the
 * article's PyTorch buffers shaped (1, C, 1, 1)). On webgpu, packed uint8/float16 bytes are unpacked
 * by WGSL programs in src/gpu; everywhere else plain tfjs ops do the cast and the arithmetic.
 */
import * as tf from './tf';
import { unpackHalf, unpackLabelBytes, unpackNormalizeBytes } from '../gpu/unpackKernels';
import type { DeviceLabels } from './loss';
import type { DeviceImages, DeviceMasks } from './uploadBatch';

export interface NormalizeLayer {
  /** Normalized float32 NHWC. Caller disposes (or a tidy scope does). */
  images(images: DeviceImages): tf.Tensor4D;
  /** Labels the loss understands. Caller disposes (or a tidy scope does). */
  labels(masks: DeviceMasks): DeviceLabels;
  /** The tensors the layer holds (mean and 1/std, as [C] and [1, C]): the model's constants. */
  constants(): tf.Tensor[];
  dispose(): void;
}

/** @param mean255 / std255 one value per channel, on the 0–255 scale. */
export function createNormalizeLayer(mean255: readonly number[], std255: readonly number[]): NormalizeLayer {
  const mean = tf.keep(tf.tensor1d([...mean255], 'float32'));
  const invStd = tf.keep(
    tf.tensor1d(
      std255.map((s) => 1 / s),
      'float32',
    ),
  );

  const meanRow = tf.keep(tf.reshape(mean, [1, -1]) as tf.Tensor2D);
  const invStdRow = tf.keep(tf.reshape(invStd, [1, -1]) as tf.Tensor2D);
  /**
   * (x − mean) · invStd on a [N·H·W, C] view with [1, C] statistics: the same arithmetic, but tfjs's 2-D
   * broadcast kernels are far cheaper than its 4-D ones (1,325 → 141 ms for 32×256×256×1 on a software
   * adapter, docs/PERFORMANCE.md case a).
   */
  const affine = (x: tf.Tensor4D) =>
    tf.tidy(() => {
      const rows = tf.reshape(x, [-1, x.shape[3]]);
      return tf.reshape(tf.mul(tf.sub(rows, meanRow), invStdRow), x.shape) as tf.Tensor4D;
    });

  function images(i: DeviceImages): tf.Tensor4D {
    switch (i.kind) {
      case 'packed-u8':
        return unpackNormalizeBytes(i.packed, i.shape, mean, invStd);
      case 'packed-f16':
        return unpackHalf(i.packed, i.shape, i.normalized ? undefined : { mean, invStd });
      case 'widened-int32':
        return tf.tidy(() => affine(tf.cast(i.tensor, 'float32')));
      case 'float32':
        return i.normalized ? tf.clone(i.tensor) : affine(i.tensor);
    }
  }

  function labels(m: DeviceMasks): DeviceLabels {
    if (m.kind === 'packed-u8') return { kind: 'class-ids', tensor: unpackLabelBytes(m.packed, m.shape) };
    return { kind: m.kind, tensor: tf.clone(m.tensor) } as DeviceLabels;
  }

  return {
    images,
    labels,
    constants: () => [mean, invStd, meanRow, invStdRow],
    dispose: () => {
      mean.dispose();
      invStd.dispose();
      meanRow.dispose();
      invStdRow.dispose();
    },
  };
}
