/**
 * A whole step profile from real cpu steps: the kernel table, the layer table, the bottleneck line and the
 * phases, checked against their definitions, and the kernels' FLOPs against the analytic count of flops.ts.
 */
import * as tf from './tf';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type TrainConfig } from '../config/trainConfig';
import { describeUNet } from '../config/unetSpec';
import { buildHostBatch } from '../data/buildBatch';
import { buildStepProfile, type RecordedStep } from './buildStepProfile';
import { convFlops } from './flops';
import { createTrainer } from './trainer';

const tiny: TrainConfig = { ...DEFAULT_CONFIG, imageSizePx: 16, batchSize: 2, baseWidth: 4, augment: false };

let memory: RecordedStep;
let timed: RecordedStep;

beforeAll(async () => {
  await tf.setBackend('cpu');
  await tf.ready();
  const trainer = createTrainer(tiny, 'cpu');
  await trainer.step(buildHostBatch(tiny, 0));
  memory = {
    step: 2,
    recorded: await trainer.profileStep(buildHostBatch(tiny, 1), { kernelTimes: false }),
    dataWaitMs: 3,
  };
  timed = { step: 3, recorded: await trainer.profileStep(buildHostBatch(tiny, 2)), dataWaitMs: 2 };
  trainer.dispose();
});

describe('buildStepProfile', () => {
  it('sums kernels by name and family: counts, shares and order', () => {
    const p = buildStepProfile(tiny, 'cpu', memory, timed);
    expect(p.timing).toBe('cpu-wall-clock');
    expect([p.memoryStep, p.timingStep]).toEqual([2, 3]);
    expect(p.kernelRows.reduce((s, r) => s + r.count, 0)).toBe(p.kernels.length);
    expect(p.kernelRows.reduce((s, r) => s + (r.share ?? 0), 0)).toBeCloseTo(1, 9);
    const ms = p.kernelRows.map((r) => r.ms ?? 0);
    expect(ms).toEqual([...ms].sort((a, b) => b - a));
    expect(p.totalKernelMs).toBeCloseTo(
      p.kernels.reduce((s, k) => s + (k.ms ?? 0), 0),
      9,
    );
    const filter = p.kernelRows.find((r) => r.name === 'Conv2DBackpropFilter');
    expect(filter?.family).toBe('convolution gradients');
    expect(filter?.count).toBe(describeUNet(tiny).convs.length);
    expect(filter?.gflops).toBeGreaterThan(0);
    expect(filter?.shapes.length).toBeGreaterThan(0);
    expect(p.bottleneck).toMatch(/^\d+% of the step's kernel time is [a-z ]+ \(.+\)\.$/);
    expect(p.layerRows.reduce((s, r) => s + r.count, 0)).toBe(p.kernels.length);
  });

  it("counts the convolutions' FLOPs as flops.ts does, kernel by kernel", () => {
    const p = buildStepProfile(tiny, 'cpu', memory, timed);
    const convKernels = p.kernels.filter((k) => k.flops !== null);
    const measured = convKernels.reduce((s, k) => s + (k.flops ?? 0), 0);
    const spec = describeUNet(tiny);
    // flops.ts counts what a step needs, so the first conv has no input gradient (the image needs none);
    // tfjs's fused-conv gradient computes every input's gradient at once, that one included.
    const analytic = spec.convs.reduce((s, conv) => {
      const f = convFlops(conv, tiny.batchSize, tiny.imageSizePx, true);
      return s + f.forward + f.backwardInput + f.backwardKernel;
    }, 0);
    expect(measured).toBe(analytic);
    const first = spec.convs[0]!;
    const unneeded = convFlops(first, tiny.batchSize, tiny.imageSizePx, true).backwardInput;
    expect(unneeded).toBe(2 * (2 * 16 * 16 * 3) * 9 * first.outChannels);
  });

  it('lays out the phases from data wait to readback; they add up to the profiled step', () => {
    const p = buildStepProfile(tiny, 'cpu', memory, timed);
    expect(p.phases.map((ph) => ph.phase)).toEqual([
      'data-wait',
      'upload',
      'forward',
      'backward',
      'optimizer',
      'readback',
    ]);
    expect(p.phases[0]).toEqual({ phase: 'data-wait', startMs: 0, durationMs: 2 });
    p.phases.forEach((ph, i) => {
      if (i > 0) expect(ph.startMs).toBeCloseTo(p.phases[i - 1]!.startMs + p.phases[i - 1]!.durationMs, 6);
    });
    expect(p.phases.reduce((s, ph) => s + ph.durationMs, 0)).toBeCloseTo(p.profiledStepMs, 9);
    const m = memory.recorded.result;
    expect(p.normalStepMs).toBeCloseTo(3 + m.uploadMs + m.computeMs, 9);
    expect(p.memory.unit).toBe('tensor-data');
    expect(p.trackedPeakBytes).toBeNull();
  });

  it('with micro-batches each phase is listed once, its parts added up, still adding up to the step', async () => {
    const split = { ...tiny, microBatches: 2 as const };
    const trainer = createTrainer(split, 'cpu');
    await trainer.step(buildHostBatch(split, 0));
    const recorded = await trainer.profileStep(buildHostBatch(split, 1), { kernelTimes: false });
    trainer.dispose();
    expect(recorded.recording.phaseStartsMs.filter((m) => m.phase === 'backward')).toHaveLength(2);
    const p = buildStepProfile(split, 'cpu', { step: 2, recorded, dataWaitMs: 1 }, null);
    expect(p.phases.map((ph) => ph.phase)).toEqual([
      'data-wait',
      'upload',
      'forward',
      'backward',
      'optimizer',
      'readback',
    ]);
    p.phases.forEach((ph, i) => {
      if (i > 0) expect(ph.startMs).toBeCloseTo(p.phases[i - 1]!.startMs + p.phases[i - 1]!.durationMs, 6);
    });
    expect(p.phases.reduce((s, ph) => s + ph.durationMs, 0)).toBeCloseTo(p.profiledStepMs, 6);
  });

  it('without kernel times: no ms anywhere, the note says why, the bottleneck names a phase', () => {
    const p = buildStepProfile(tiny, 'cpu', memory, null);
    expect(p.timing).toBe('none');
    expect(p.timingStep).toBe(p.memoryStep);
    expect(p.kernels.every((k) => k.ms === null)).toBe(true);
    expect(p.kernelRows.every((r) => r.ms === null && r.share === null)).toBe(true);
    expect(p.totalKernelMs).toBeNull();
    expect(p.timingNote).toMatch(/timestamp-query/);
    expect(p.bottleneck).toMatch(
      /^No kernel times on this device: by the wall clock, the \w+ phase takes \d+% of the step\.$/,
    );
  });
});
