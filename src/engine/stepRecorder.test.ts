/**
 * The memory categorizer on real training steps of the cpu backend (tensor data as the unit): the
 * categories must match what the model and the optimizer hold, computed from the U-Net's layer table, not
 * from the code under test; and recording must leave tfjs as it found it.
 */
import * as tf from './tf';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type TrainConfig } from '../config/trainConfig';
import { compareEstimate, estimateWithinTolerance } from '../config/estimateVsMeasured';
import { estimateTrainingMemory } from '../config/memoryEstimate';
import { describeUNet, parameterCount } from '../config/unetSpec';
import { buildHostBatch } from '../data/buildBatch';
import { classifyTensors, memoryTimeline } from './memoryTimeline';
import { createTrainer } from './trainer';

const tiny: TrainConfig = {
  ...DEFAULT_CONFIG,
  imageSizePx: 16,
  batchSize: 2,
  depth: 2,
  baseWidth: 4,
  augment: false,
};

/** Bytes of the model's variables, from the layer table: 4 B per weight. */
const weightBytes = (c: TrainConfig) => parameterCount(describeUNet(c)) * 4;
/** The Normalize layer's mean and 1/std: C float32 values each. */
const normalizeBytes = (c: TrainConfig) => 2 * c.channels * 4;

/** One warm step (Adam creates its slots), then one recorded step; returns its timeline. */
async function recordedStep(config: TrainConfig) {
  const trainer = createTrainer(config, 'cpu');
  try {
    await trainer.step(buildHostBatch(config, 0));
    const before = tf.memory().numTensors;
    const profiled = await trainer.profileStep(buildHostBatch(config, 1), { kernelTimes: false });
    const after = tf.memory().numTensors;
    const categories = classifyTensors(profiled.recording);
    return { profiled, categories, timeline: memoryTimeline(profiled.recording, categories), before, after };
  } finally {
    trainer.dispose();
  }
}

beforeAll(async () => {
  await tf.setBackend('cpu');
  await tf.ready();
});

describe('memory by category on a recorded cpu step', () => {
  it('parameters, optimizer state and gradients are exactly what the model and Adam hold', async () => {
    const { timeline, profiled, before, after } = await recordedStep(tiny);
    const weights = weightBytes(tiny);
    expect(profiled.recording.unit).toBe('tensor-data');
    expect(timeline.atPeak.parameters).toBe(weights + normalizeBytes(tiny));
    // Adam: a first and a second moment per weight, and its two scalar β powers.
    expect(timeline.atPeak.optimizerState).toBe(2 * weights + 2 * 4);
    // The step's own kernel count (telemetry) is the recorder's list.
    expect(profiled.result.kernels).toBe(profiled.recording.kernels.length);
    // Every weight's gradient is alive at once between the backward pass and the optimizer.
    expect(timeline.maxByCategory.gradients).toBe(weights);
    expect(timeline.startBytes).toBe(weights + normalizeBytes(tiny) + 2 * weights + 8);
    // The peak's parts add up to it, and it is the highest point drawn.
    const parts = Object.values(timeline.atPeak).reduce((s, v) => s + v, 0);
    expect(parts).toBe(timeline.peakBytes);
    const totals = timeline.kernelIndex.map((_, i) =>
      Object.values(timeline.bytes).reduce((s, column) => s + (column[i] ?? 0), 0),
    );
    expect(Math.max(...totals)).toBe(timeline.peakBytes);
    expect(timeline.kernelIndex[0]).toBe(-1);
    expect(timeline.kernelIndex.at(-1)).toBe(profiled.recording.kernels.length);
    // Recording leaks nothing.
    expect(after).toBe(before);
  });

  it('SGD holds no optimizer state', async () => {
    const { timeline } = await recordedStep({ ...tiny, optimizer: 'sgd' });
    expect(timeline.maxByCategory.optimizerState).toBe(0);
    expect(timeline.atPeak.parameters).toBe(weightBytes(tiny) + normalizeBytes(tiny));
    expect(timeline.maxByCategory.gradients).toBe(weightBytes(tiny));
  });

  it('doubling the batch doubles the inputs exactly and the activations within 5 %, nothing else', async () => {
    const small = (await recordedStep(tiny)).timeline.atPeak;
    const large = (await recordedStep({ ...tiny, batchSize: 4 })).timeline.atPeak;
    expect(small.inputs).toBeGreaterThan(0);
    expect(large.inputs).toBe(2 * small.inputs);
    expect(Math.abs(large.activations / small.activations - 2)).toBeLessThan(0.1);
    expect(large.parameters).toBe(small.parameters);
    expect(large.optimizerState).toBe(small.optimizerState);
  });

  it("matches the pre-flight estimate: activations exactly, the whole peak within the estimate's 15 %", async () => {
    for (const config of [tiny, { ...tiny, batchSize: 4, depth: 3 }]) {
      const { timeline } = await recordedStep(config);
      // Off WebGPU the image goes up as int32, 4 B per value (what the pre-flight tells the estimate).
      const upload = config.batchSize * config.imageSizePx ** 2 * config.channels * 4;
      const e = estimateTrainingMemory(config, { uploadedImageBytes: upload });
      expect(e.activationBytes).toBe(timeline.atPeak.activations);
      expect(e.gradientBytes).toBe(timeline.maxByCategory.gradients);
      expect(e.optimizerBytes).toBe(timeline.atPeak.optimizerState);
      const c = compareEstimate(e, {
        atPeak: timeline.atPeak,
        peakBytes: timeline.peakBytes,
        poolBytes: null,
      });
      expect(estimateWithinTolerance(c.estimateOverPeak!)).toBe(true);
    }
  });

  it('models micro-batches and recomputation: activations within 15 % of the measured category (6 configs)', async () => {
    const deeper = { ...tiny, batchSize: 4, depth: 3 };
    const wider = { ...tiny, imageSizePx: 32, batchSize: 4 };
    const configs: TrainConfig[] = [
      { ...wider, microBatches: 2 },
      { ...wider, microBatches: 4 },
      { ...tiny, recompute: 'block' },
      { ...wider, microBatches: 2, recompute: 'block' },
      { ...deeper, microBatches: 2 },
      { ...deeper, recompute: 'block' },
    ];
    for (const config of configs) {
      const { timeline } = await recordedStep(config);
      const upload = config.batchSize * config.imageSizePx ** 2 * config.channels * 4;
      const e = estimateTrainingMemory(config, { uploadedImageBytes: upload });
      const c = compareEstimate(e, {
        atPeak: timeline.atPeak,
        peakBytes: timeline.peakBytes,
        poolBytes: null,
      });
      // The category's largest value over the step: with micro-batches the step's peak can fall outside a
      // backward pass (the optimizer's update), where no activation is alive.
      const activations = e.activationBytes / timeline.maxByCategory.activations;
      const label = `${config.imageSizePx} px, B ${config.batchSize}, k ${config.microBatches}, recompute ${config.recompute}, depth ${config.depth}: ${activations}, ${c.estimateOverPeak}`;
      expect(estimateWithinTolerance(activations), label).toBe(true);
      expect(estimateWithinTolerance(c.estimateOverPeak!), label).toBe(true);
    }
  });

  it('k micro-batches hold the activations of one part; recomputation holds fewer than a plain step', async () => {
    const batch4 = { ...tiny, batchSize: 4 };
    const whole = (await recordedStep(batch4)).timeline.atPeak;
    const quarter = (await recordedStep({ ...batch4, microBatches: 4 })).timeline.atPeak;
    expect(Math.abs(whole.activations / quarter.activations - 4)).toBeLessThan(0.2);
    expect(quarter.inputs * 4).toBe(whole.inputs);
    const recomputed = (await recordedStep({ ...batch4, recompute: 'block' })).timeline.atPeak;
    expect(recomputed.activations).toBeLessThan(0.8 * whole.activations);
  });

  it('gives every kernel a phase, and backward kernels the layer of the op they differentiate', async () => {
    const { profiled } = await recordedStep(tiny);
    const kernels = profiled.recording.kernels;
    const phases = new Set(kernels.map((k) => k.phase));
    expect([...phases]).toEqual(expect.arrayContaining(['forward', 'backward', 'optimizer']));
    const convLayers = new Set(describeUNet(tiny).convs.map((c) => c.name));
    const filterGrads = kernels.filter((k) => k.name === 'Conv2DBackpropFilter');
    expect(filterGrads).toHaveLength(convLayers.size);
    for (const k of filterGrads) {
      expect(k.phase).toBe('backward');
      expect(convLayers.has(k.layer ?? '')).toBe(true);
    }
    expect(new Set(filterGrads.map((k) => k.layer)).size).toBe(convLayers.size);
  });

  it('leaves the engine unhooked and times kernels by the wall clock on cpu', async () => {
    const trainer = createTrainer(tiny, 'cpu');
    try {
      await trainer.step(buildHostBatch(tiny, 0));
      const profiled = await trainer.profileStep(buildHostBatch(tiny, 1));
      expect(profiled.timing).toBe('cpu-wall-clock');
      expect(profiled.recording.kernels.every((k) => k.ms !== null && k.ms >= 0)).toBe(true);
      expect(profiled.recording.kernels.reduce((s, k) => s + (k.ms ?? 0), 0)).toBeGreaterThan(0);
      const engine = tf.engine() as unknown as Record<string, unknown> & { state: { profiling: boolean } };
      for (const hook of ['runKernelFunc', 'trackTensor', 'removeDataId']) {
        expect(Object.prototype.hasOwnProperty.call(engine, hook)).toBe(false);
      }
      expect(engine.state.profiling).toBe(false);
      // A normal step after a profiled one still trains.
      expect(Number.isFinite((await trainer.step(buildHostBatch(tiny, 2))).loss)).toBe(true);
    } finally {
      trainer.dispose();
    }
  });
});
