/**
 * A hand-made StepProfile for the charts' unit tests: a few kernels of known times and shapes, phases that
 * add up to the step, and a memory timeline whose peak is known.
 */
import { DEFAULT_CONFIG } from '../config/trainConfig';
import {
  MEMORY_CATEGORIES,
  zeroCategoryBytes,
  type KernelTiming,
  type MemoryCategory,
  type ProfiledKernel,
  type StepProfile,
} from '../config/stepProfile';

const kernel = (
  name: string,
  phase: ProfiledKernel['phase'],
  ms: number | null,
  at: number,
): ProfiledKernel => ({
  name,
  phase,
  layer: phase === 'optimizer' ? null : 'enc0a',
  ms,
  inputShapes: [
    [2, 16, 16, 3],
    [3, 3, 3, 4],
  ],
  outputShapes: [[2, 16, 16, 4]],
  flops: name.startsWith('Conv') ? 1_000_000 : null,
  dispatchedAtMs: at,
});

export function makeProfile(timing: KernelTiming = 'gpu-timestamps'): StepProfile {
  const timed = timing !== 'none';
  const kernels = [
    kernel('Conv2DBackpropInput', 'forward', timed ? 4 : null, 3),
    kernel('Relu', 'forward', timed ? 0.5 : null, 3.5),
    kernel('Conv2DBackpropFilter', 'backward', timed ? 6 : null, 5),
    kernel('Mul', 'optimizer', timed ? 0 : null, 6),
  ];
  // Points: before, one per kernel, after. Totals 100, 300, 400, 900 (peak), 500, 200.
  const column = (values: number[]) => values;
  const bytes = Object.fromEntries(MEMORY_CATEGORIES.map((c) => [c, column([0, 0, 0, 0, 0, 0])])) as Record<
    MemoryCategory,
    number[]
  >;
  bytes.parameters = [100, 100, 100, 100, 100, 100];
  bytes.activations = [0, 200, 300, 300, 0, 0];
  bytes.temporaries = [0, 0, 0, 500, 400, 100];
  const atPeak = { ...zeroCategoryBytes(), parameters: 100, activations: 300, temporaries: 500 };
  return {
    config: { ...DEFAULT_CONFIG, imageSizePx: 16, batchSize: 2 },
    memoryStep: 2,
    timingStep: timed ? 3 : 2,
    backend: 'webgpu',
    timing,
    timingNote: 'test',
    profiledStepMs: 12,
    normalStepMs: 8,
    phases: [
      { phase: 'data-wait', startMs: 0, durationMs: 1 },
      { phase: 'upload', startMs: 1, durationMs: 1 },
      { phase: 'forward', startMs: 2, durationMs: 2 },
      { phase: 'backward', startMs: 4, durationMs: 2 },
      { phase: 'optimizer', startMs: 6, durationMs: 1 },
      { phase: 'readback', startMs: 7, durationMs: 5 },
    ],
    kernels,
    kernelRows: [],
    layerRows: [],
    totalKernelMs: timed ? 10.5 : null,
    bottleneck: 'test',
    memory: {
      unit: 'gpu-buffers',
      kernelIndex: [-1, 0, 1, 2, 3, 4],
      bytes,
      peakBytes: 900,
      peakPoint: 3,
      atPeak,
      maxByCategory: { ...zeroCategoryBytes(), parameters: 100, activations: 300, temporaries: 500 },
      startBytes: 100,
    },
    trackedPeakBytes: 900,
    poolBytes: 2000,
    inUseBytes: 100,
  };
}
