/**
 * BatchLab's training step as it was before issue 9's optimisation, kept only so that the bench can time
 * "before" beside "after" in the same run: every conv as conv2d + add + relu (three kernels), and the
 * loss as tf.logSoftmax + tf.sum over the class axis (short-axis reductions, slow on tfjs's webgpu
 * backend). Same weights (createUNet, same seed), same upload and Normalize layer, same optimizer, same
 * single awaited readback as trainer.ts. Owns everything it creates; dispose() frees it.
 */
import * as tf from '@tensorflow/tfjs';
import type { TrainConfig } from '../config/trainConfig';
import type { HostBatch } from '../data/hostBatch';
import type { BackendName } from '../engine/backend';
import { makeOptimizer } from '../engine/optimizer';
import { labelsToOneHot, type DeviceLabels } from '../engine/loss';
import { createNormalizeLayer } from '../engine/normalizeLayer';
import { createUNet } from '../engine/unet';
import { disposeDeviceBatch, uploadBatch } from '../engine/uploadBatch';

export interface ReferenceStep {
  /** One training step; resolves with the loss after its awaited readback. */
  step(batch: HostBatch): Promise<number>;
  dispose(): void;
}

type Conv = { kernel: tf.Tensor4D; bias: tf.Tensor1D };

function conv(x: tf.Tensor4D, p: Conv, relu: boolean): tf.Tensor4D {
  const y = tf.add(tf.conv2d(x, p.kernel, 1, 'same'), p.bias) as tf.Tensor4D;
  return relu ? tf.relu(y) : y;
}

function referenceLoss(logits: tf.Tensor4D, labels: DeviceLabels): tf.Scalar {
  return tf.tidy(() => {
    const k = logits.shape[3];
    const flat = tf.reshape(logits, [-1, k]);
    const oneHot = labelsToOneHot(labels, k);
    return tf.neg(tf.mean(tf.sum(tf.mul(oneHot, tf.logSoftmax(flat)), -1))) as tf.Scalar;
  });
}

export function createReferenceStep(config: TrainConfig, backend: BackendName): ReferenceStep {
  const { depth } = config;
  const model = createUNet(
    { depth, baseWidth: config.baseWidth, channels: config.channels, numClasses: config.numClasses },
    config.seed,
  );
  // createUNet's variable order: enc0a, enc0b, …, dec(depth−2)a, dec(depth−2)b, …, dec0b, head.
  const convs: Conv[] = [];
  for (let i = 0; i < model.variables.length; i += 2) {
    convs.push({
      kernel: model.variables[i] as tf.Variable<tf.Rank.R4>,
      bias: model.variables[i + 1] as tf.Variable<tf.Rank.R1>,
    });
  }
  const at = (i: number) => {
    const c = convs[i];
    if (!c) throw new Error(`reference U-Net has no conv ${i}`);
    return c;
  };

  function forward(x: tf.Tensor4D): tf.Tensor4D {
    const skips: tf.Tensor4D[] = [];
    let h = x;
    let c = 0;
    for (let l = 0; l < depth; l++) {
      h = conv(conv(h, at(c++), true), at(c++), true);
      if (l < depth - 1) {
        skips.push(h);
        h = tf.maxPool(h, 2, 2, 'valid');
      }
    }
    for (let l = depth - 2; l >= 0; l--) {
      const skip = skips.pop();
      if (!skip) throw new Error('U-Net skip stack underflow');
      const up = tf.image.resizeBilinear(h, [skip.shape[1], skip.shape[2]]);
      h = conv(conv(tf.concat([up, skip], 3), at(c++), true), at(c++), true);
    }
    return conv(h, at(c), false);
  }

  const optimizer = makeOptimizer(config, false); // the step before issue 9: tfjs's own update
  const normalize = createNormalizeLayer(config.mean255, config.std255);
  return {
    async step(batch) {
      const device = uploadBatch(batch, backend, config.uploadPath);
      let loss: tf.Scalar | null = null;
      try {
        loss = optimizer.minimize(
          () => referenceLoss(forward(normalize.images(device.images)), normalize.labels(device.masks)),
          true,
          model.variables,
        );
        if (!loss) throw new Error('optimizer returned no loss');
        return (await loss.data())[0] ?? Number.NaN;
      } finally {
        loss?.dispose();
        disposeDeviceBatch(device);
      }
    },
    dispose() {
      model.dispose();
      optimizer.dispose();
      normalize.dispose();
    },
  };
}
