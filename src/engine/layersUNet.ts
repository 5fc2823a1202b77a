/**
 * The U-Net of unet.ts built the stock TensorFlow.js way, with tf.layers, for the bench's model.fit
 * comparison (docs/PERFORMANCE.md, case b): same layers in the same order (conv3×3 'same' + ReLU pairs,
 * 2×2 max-pool, bilinear ×2 up-sampling, concat [up, skip], 1×1 head), the same initial weights for the
 * same seed (copied from a createUNet instance), and the same optimizer constructor as trainer.ts.
 * The one stock difference: the head ends in a softmax and the loss is Keras' 'categoricalCrossentropy'
 * (clips probabilities to [1e-7, 1 − 1e-7]), where BatchLab computes log-softmax from the logits.
 * tfjs only: no DOM, no React. The caller owns the returned model and its optimizer (disposeLayersUNet).
 */
import * as tf from '@tensorflow/tfjs';
import { makeOptimizer } from './optimizer';
import type { TrainConfig } from '../config/trainConfig';
import { decodeHostImagesToFloat32, decodeHostMasksToClassIds } from '../data/decodeBatch';
import type { HostBatch } from '../data/hostBatch';
import { createUNet } from './unet';

/** What the layers model depends on; a TrainConfig is one. */
export type LayersUNetConfig = Pick<
  TrainConfig,
  'depth' | 'baseWidth' | 'channels' | 'numClasses' | 'imageSizePx' | 'seed' | 'optimizer' | 'learningRate'
>;

export interface LayersUNet {
  /** Compiled: input float32 normalized [N, S, S, C] → softmax probabilities [N, S, S, K]. */
  model: tf.LayersModel;
  /** The optimizer the model was compiled with (tfjs-layers does not dispose it with the model). */
  optimizer: tf.Optimizer;
}

/**
 * The optimizer trainer.ts builds for the config: tf.train.adam / tf.train.sgd with tfjs's defaults. Adam's
 * epsilon then defaults to the backend's (1e-7 on float32 backends, which is also Keras' default); both
 * sides build it with this same call, so β1, β2 and epsilon are equal by construction.
 */

let modelCounter = 0;

/** Builds, initialises from createUNet(config.seed) and compiles the layers U-Net. */
export function createLayersUNet(config: LayersUNetConfig): LayersUNet {
  const { depth, baseWidth, channels, numClasses, imageSizePx } = config;
  const prefix = `lunet${modelCounter++}`;
  const width = (level: number) => baseWidth * 2 ** level;
  /** Conv layer names in createUNet's variable order: enc0a, enc0b, …, dec(depth−2)a, …, dec0b, head. */
  const convNames: string[] = [];
  const conv = (x: tf.SymbolicTensor, filters: number, name: string, kernelSize = 3, activation = 'relu') => {
    convNames.push(`${prefix}_${name}`);
    const layer = tf.layers.conv2d({
      filters,
      kernelSize,
      padding: 'same',
      activation: activation as 'relu',
      name: `${prefix}_${name}`,
    });
    return layer.apply(x) as tf.SymbolicTensor;
  };

  const input = tf.input({ shape: [imageSizePx, imageSizePx, channels], name: `${prefix}_input` });
  const skips: tf.SymbolicTensor[] = [];
  let h = input;
  for (let l = 0; l < depth; l++) {
    h = conv(conv(h, width(l), `enc${l}a`), width(l), `enc${l}b`);
    if (l < depth - 1) {
      skips.push(h);
      h = tf.layers.maxPooling2d({ poolSize: 2, strides: 2, padding: 'valid' }).apply(h) as tf.SymbolicTensor;
    }
  }
  for (let l = depth - 2; l >= 0; l--) {
    const skip = skips.pop();
    if (!skip) throw new Error('U-Net skip stack underflow');
    const up = tf.layers
      .upSampling2d({ size: [2, 2], interpolation: 'bilinear' })
      .apply(h) as tf.SymbolicTensor;
    h = tf.layers.concatenate({ axis: -1 }).apply([up, skip]) as tf.SymbolicTensor;
    h = conv(conv(h, width(l), `dec${l}a`), width(l), `dec${l}b`);
  }
  const output = conv(h, numClasses, 'head', 1, 'softmax');
  const model = tf.model({ inputs: input, outputs: output, name: prefix });

  const reference = createUNet({ depth, baseWidth, channels, numClasses }, config.seed);
  try {
    if (reference.variables.length !== 2 * convNames.length) {
      throw new Error('layers U-Net and createUNet disagree on the number of convolutions');
    }
    convNames.forEach((name, i) => {
      const kernel = reference.variables[2 * i];
      const bias = reference.variables[2 * i + 1];
      if (!kernel || !bias) throw new Error(`no createUNet weights for ${name}`);
      model.getLayer(name).setWeights([kernel, bias]);
    });
  } finally {
    reference.dispose();
  }

  const optimizer = makeOptimizer(config, false); // the stock tf.layers user's: tfjs's own update
  model.compile({ optimizer, loss: 'categoricalCrossentropy' });
  return { model, optimizer };
}

/** A HostBatch as a stock tf.layers user prepares it on the host for model.fit. */
export interface FitArrays {
  /** Images normalized on the CPU, float32 NHWC [N, S, S, C]. */
  x: Float32Array;
  xShape: [number, number, number, number];
  /** Labels as float32 one-hot NHWK [N, S, S, K]. */
  y: Float32Array;
  yShape: [number, number, number, number];
}

/** Decodes a HostBatch into model.fit's host arrays (the stock loader's work: normalize, one-hot). */
export function fitBatchArrays(
  batch: HostBatch,
  mean255: readonly number[],
  std255: readonly number[],
): FitArrays {
  const { batchSize, heightPx, widthPx, channels, numClasses } = batch;
  const classIds = decodeHostMasksToClassIds(batch);
  const y = new Float32Array(classIds.length * numClasses);
  classIds.forEach((k, p) => (y[p * numClasses + k] = 1));
  return {
    x: decodeHostImagesToFloat32(batch, mean255, std255),
    xShape: [batchSize, heightPx, widthPx, channels],
    y,
    yShape: [batchSize, heightPx, widthPx, numClasses],
  };
}

/** Uploads FitArrays at 4 B per element, as tf.tensor does. Caller disposes both tensors. */
export function fitTensors(arrays: FitArrays): { x: tf.Tensor4D; y: tf.Tensor4D } {
  return {
    x: tf.tensor4d(arrays.x, arrays.xShape, 'float32'),
    y: tf.tensor4d(arrays.y, arrays.yShape, 'float32'),
  };
}

/** Frees the model's weights and the optimizer's slots: the tensor count returns to its baseline. */
export function disposeLayersUNet(unet: LayersUNet): void {
  unet.model.dispose();
  unet.optimizer.dispose();
}
