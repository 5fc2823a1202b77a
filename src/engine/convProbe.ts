/**
 * The real timing behind ./convTuning.ts: probe tensors for every conv of a U-Net (its shapes at a probe
 * batch) and one run of a candidate over every conv of a direction, as a training step runs them:
 * - forward: the fused conv + bias + ReLU op (convSame) on the own kernel or on tfjs's FusedConv2D;
 * - input gradient: every conv but the first (a step never needs the image's gradient);
 * - filter gradient: filter and bias gradients of every conv.
 * A run ends when the device has finished it: the queued commands are submitted and the queue's
 * onSubmittedWorkDone() awaited (no readback: a slice to read would compile one more pipeline on a first
 * visit, and copy). Webgpu only. The caller owns the probe and must dispose() it.
 */
import * as tf from './tf';
import type { ConvCandidate, ConvDirection } from '../config/convKernels';
import { describeUNet, INPUT_NAME, levelSizePx, type UNetShape } from '../config/unetSpec';
import type { ConvShape } from '../gpu/convGeometry';
import { convSame, convSameFilterGradient, convSameInputGradient } from '../gpu/convKernels';
import { currentWebGpuDevice } from './backend';
import { tilingOf } from './convChoice';
import { releasePendingBuffers } from './parallel/releasePending';
import type { RunCandidate } from './convTuning';

/** One conv of the model: its shape at the real batch, its ReLU and whether a step takes its input gradient. */
export interface ModelConv {
  shape: ConvShape;
  relu: boolean;
  needsInputGradient: boolean;
}

export interface ConvProbe {
  run: RunCandidate;
  dispose(): void;
}

interface ProbeTensors {
  conv: ModelConv;
  x: tf.Tensor4D;
  filter: tf.Tensor4D;
  bias: tf.Tensor1D;
  dy: tf.Tensor4D;
}

function directionOutputs(
  probes: ProbeTensors[],
  direction: ConvDirection,
  candidate: ConvCandidate,
): tf.Tensor[] {
  const kernel = tilingOf(candidate) ?? 'tfjs';
  switch (direction) {
    case 'forward':
      return probes.map((p) => convSame(p.x, p.filter, p.bias, p.conv.relu, kernel));
    case 'inputGradient':
      return probes
        .filter((p) => p.conv.needsInputGradient)
        .map((p) => convSameInputGradient(p.dy, p.filter, kernel));
    case 'filterGradient':
      return probes.flatMap((p) => convSameFilterGradient(p.x, p.dy, p.conv.shape.kernelSize, kernel));
  }
}

/** The convs of the U-Net a config describes, at its batch and image size. */
export function modelConvs(config: UNetShape & { batchSize: number; imageSizePx: number }): ModelConv[] {
  return describeUNet(config).convs.map((spec) => {
    const side = levelSizePx(config.imageSizePx, spec.level);
    return {
      shape: {
        batch: config.batchSize,
        heightPx: side,
        widthPx: side,
        inChannels: spec.inChannels,
        outChannels: spec.outChannels,
        kernelSize: spec.kernelSize,
      },
      relu: spec.relu,
      needsInputGradient: spec.input !== INPUT_NAME,
    };
  });
}

function makeProbes(convs: readonly ModelConv[], probeBatch: number): ProbeTensors[] {
  return convs.map((conv, i) => {
    const { heightPx, widthPx, inChannels, outChannels, kernelSize: k } = conv.shape;
    const seed = 7 + 4 * i;
    const [x, filter, bias, dy] = tf.tidy(() => [
      tf.randomNormal([probeBatch, heightPx, widthPx, inChannels], 0, 1, 'float32', seed),
      tf.randomNormal([k, k, inChannels, outChannels], 0, 0.2, 'float32', seed + 1),
      tf.randomNormal([outChannels], 0, 0.2, 'float32', seed + 2),
      tf.randomNormal([probeBatch, heightPx, widthPx, outChannels], 0, 1, 'float32', seed + 3),
    ]);
    return {
      conv,
      x: x as tf.Tensor4D,
      filter: filter as tf.Tensor4D,
      bias: bias as tf.Tensor1D,
      dy: dy as tf.Tensor4D,
    };
  });
}

/** Probes for `convs` at `probeBatch` (seeded), made at the first run: a cached choice never makes them. */
export function createConvProbe(convs: readonly ModelConv[], probeBatch: number): ConvProbe {
  let probes: ProbeTensors[] | null = null;
  return {
    run: async (direction, candidate) => {
      probes ??= makeProbes(convs, probeBatch);
      const made = probes;
      const t0 = performance.now();
      const outputs = tf.tidy(() => directionOutputs(made, direction, candidate));
      releasePendingBuffers();
      await currentWebGpuDevice()?.queue.onSubmittedWorkDone();
      const ms = performance.now() - t0;
      tf.dispose(outputs);
      return ms;
    },
    dispose: () => {
      if (probes) tf.dispose(probes.flatMap((p) => [p.x, p.filter, p.bias, p.dy]));
      probes = null;
    },
  };
}
