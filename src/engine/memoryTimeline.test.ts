/**
 * The categorizer's rules and the replay, on hand-made recordings whose answers are known.
 */
import { describe, expect, it } from 'vitest';
import { classifyTensors, memoryTimeline } from './memoryTimeline';
import type { RecordedKernel, RecordedTensor, StepRecording } from './stepRecording';

const tensor = (id: number, bytes: number, patch: Partial<RecordedTensor> = {}): RecordedTensor => ({
  id,
  bytes,
  createdPhase: 'forward',
  producer: null,
  freedAtEvent: null,
  role: null,
  ...patch,
});

const kernel = (
  name: string,
  phase: RecordedKernel['phase'],
  inputs: number[],
  outputs: number[],
  startEvent: number,
  endEvent: number,
): RecordedKernel => ({
  name,
  phase,
  layer: null,
  inputs,
  outputs,
  inputShapes: [],
  outputShapes: [],
  filterShape: null,
  startEvent,
  endEvent,
  dispatchedAtMs: 0,
  ms: null,
});

/**
 * A scripted step in tensor-data events: weight w (0), optimizer slot m (1), constant c (2), batch x (3);
 * forward: normalized x' (4) from x and c, activation a (5) from x' and w, scratch s (6) freed before the
 * backward pass; backward: activation gradient g (7), weight gradient dw (8); a is freed after backward.
 */
function scripted(): StepRecording {
  const tensors = [
    tensor(0, 40, { createdPhase: 'before', role: 'weight' }),
    tensor(1, 80, { createdPhase: 'before', role: 'optimizer' }),
    tensor(2, 8, { createdPhase: 'before', role: 'constant' }),
    tensor(3, 100, { createdPhase: 'upload', role: 'input' }),
    tensor(4, 400, { producer: 0 }),
    tensor(5, 300, { producer: 1 }),
    tensor(6, 1000, { producer: 1, freedAtEvent: 8 }),
    tensor(7, 300, { createdPhase: 'backward', producer: 2 }),
    tensor(8, 40, { createdPhase: 'backward', producer: 3, role: 'gradient' }),
  ];
  // Events (kind, key = tensor id): seeds 0,1,2; then 3, 4, 5, 6, free 6, 7, 8, free 5.
  const order: [number, number][] = [
    [0, 0],
    [0, 1],
    [0, 2],
    [0, 3],
    [0, 4],
    [0, 5],
    [0, 6],
    [1, 6],
    [0, 7],
    [0, 8],
    [1, 5],
  ];
  tensors[5]!.freedAtEvent = 10;
  return {
    unit: 'tensor-data',
    tensors,
    kernels: [
      kernel('Mul', 'forward', [3, 2], [4], 4, 5),
      kernel('Conv2D', 'forward', [4, 0], [5], 5, 7),
      kernel('Conv2DBackpropInput', 'backward', [7, 0], [7], 8, 9),
      kernel('Conv2DBackpropFilter', 'backward', [4, 7], [8], 9, 10),
    ],
    events: {
      kind: order.map((e) => e[0]),
      key: order.map((e) => e[1]),
      bytes: order.map((e) => tensors[e[1]]!.bytes),
      owner: order.map((e) => (e[0] === 0 ? e[1] : -1)),
      seedCount: 3,
    },
    phaseStartsMs: [],
    endMs: 0,
  };
}

describe('classifyTensors', () => {
  it('applies the rules in order: roles, derived inputs, kept activations, the rest', () => {
    expect(classifyTensors(scripted())).toEqual([
      'parameters',
      'optimizerState',
      'parameters',
      'inputs',
      'inputs', // made from the batch and a constant only
      'activations', // made in forward, alive when backward starts
      'temporaries', // made in forward, freed before backward
      'temporaries', // a gradient of an activation
      'gradients',
    ]);
  });
});

describe('memoryTimeline', () => {
  it('keeps each kernel interval at its high-water mark and the peak at the highest event', () => {
    const recording = scripted();
    const t = memoryTimeline(recording, classifyTensors(recording));
    expect(t.kernelIndex).toEqual([-1, 0, 1, 2, 3, 4]);
    expect(t.startBytes).toBe(128);
    // Kernel 1 (Conv2D) allocates a (300) and the scratch (1000): its high-water mark is 1928. The scratch
    // is freed before kernel 2 allocates g: kernel 2's mark is 1228, not the 1928 it started from.
    const total = (i: number) => Object.values(t.bytes).reduce((s, c) => s + (c[i] ?? 0), 0);
    expect([0, 1, 2, 3, 4, 5].map(total)).toEqual([128, 628, 1928, 1228, 1268, 968]);
    expect(t.peakBytes).toBe(1928);
    expect(t.peakPoint).toBe(2);
    expect(t.atPeak).toEqual({
      parameters: 48,
      optimizerState: 80,
      inputs: 500,
      activations: 300,
      gradients: 0,
      temporaries: 1000,
    });
    expect(t.maxByCategory.gradients).toBe(40);
    expect(t.maxByCategory.temporaries).toBe(1000);
  });

  it('counts a buffer without an owner as temporaries (a kernel scratch buffer on webgpu)', () => {
    const recording = scripted();
    recording.events.owner[6] = -1;
    const t = memoryTimeline(recording, classifyTensors(recording));
    expect(t.atPeak.temporaries).toBe(1000);
    expect(t.peakBytes).toBe(1928);
  });
});
