// BatchLab's own WGSL conv kernels (src/gpu/convKernels.ts) on real WebGPU: Dawn in a child Node process
// (test/dawn/runOnDawn.ts), SwiftShader here, the GPU on a machine with one. The oracle is tfjs's own webgpu
// kernels on the same device: Conv2D, Conv2DBackpropInput, Conv2DBackpropFilter and Sum for the bias.
// Relative error = max |own − tfjs| ÷ max |tfjs| per tensor (test/dawn/convParity.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import type { ShapeParity, TrainingParity, UpsampleParity } from './dawn/convParity';
import { runOnDawn } from './dawn/runOnDawn';

const ENTRY = new URL('./dawn/convParity.ts', import.meta.url);
const MAX_RELATIVE_ERROR = 1e-5;

describe('own conv kernels on Dawn', () => {
  let parity: {
    shapes: ShapeParity[];
    upsample: UpsampleParity[];
    tensorsBefore: number;
    tensorsAfter: number;
    problems: string[];
  };
  let training: TrainingParity;

  beforeAll(async () => {
    parity = await runOnDawn(ENTRY, 'parity');
    training = await runOnDawn(ENTRY, 'training');
  }, 240_000);

  it('match tfjs forward, input, filter and bias gradients within 1e-5 on random shapes', () => {
    expect(parity.problems).toEqual([]);
    expect(parity.shapes.length).toBeGreaterThanOrEqual(11);
    // The ranges are covered: batch 1–8, 8–64 px, channels 1–64, 1×1 and 3×3, ReLU on and off.
    const dims = (f: (p: ShapeParity) => number) => parity.shapes.map(f);
    expect(Math.min(...dims((p) => p.shape.batch))).toBe(1);
    expect(Math.max(...dims((p) => p.shape.batch))).toBe(8);
    expect(Math.max(...dims((p) => p.shape.heightPx))).toBe(64);
    expect(Math.min(...dims((p) => p.shape.widthPx))).toBe(8);
    expect(Math.max(...dims((p) => p.shape.inChannels))).toBe(64);
    expect(Math.min(...dims((p) => p.shape.outChannels))).toBe(1);
    expect(new Set(dims((p) => p.shape.kernelSize))).toEqual(new Set([1, 3]));
    expect(new Set(parity.shapes.map((p) => p.relu))).toEqual(new Set([true, false]));
    for (const p of parity.shapes) {
      const label = JSON.stringify(p);
      expect(p.forward, label).toBeLessThanOrEqual(MAX_RELATIVE_ERROR);
      expect(p.inputGradient, label).toBeLessThanOrEqual(MAX_RELATIVE_ERROR);
      expect(p.filterGradient, label).toBeLessThanOrEqual(MAX_RELATIVE_ERROR);
      expect(p.biasGradient, label).toBeLessThanOrEqual(MAX_RELATIVE_ERROR);
    }
    expect(parity.tensorsAfter).toBe(parity.tensorsBefore);
  });

  it("give the ×2 upsampling tfjs's gradient within 1e-5 (even, odd and unequal sides)", () => {
    expect(parity.upsample).toHaveLength(3);
    for (const u of parity.upsample) {
      expect(u.forward, JSON.stringify(u)).toBe(0); // tfjs's own forward kernel on both sides
      expect(u.gradient, JSON.stringify(u)).toBeLessThanOrEqual(MAX_RELATIVE_ERROR);
    }
  });

  it('train to the same losses as tfjs kernels within 1e-5 over 10 steps, with a flat tensor count', () => {
    expect(training.problems).toEqual([]);
    expect(training.choice).toBe('wgsl');
    expect(training.ownLosses).toHaveLength(10);
    expect(training.ownLosses.every(Number.isFinite)).toBe(true);
    for (let i = 0; i < 10; i++) {
      expect(Math.abs(training.ownLosses[i]! - training.tfjsLosses[i]!), `step ${i + 1}`).toBeLessThanOrEqual(
        1e-5,
      );
    }
    // The losses move: a training run, not ten copies of the first step.
    expect(training.ownLosses[9]!).toBeLessThan(training.ownLosses[0]!);
    expect(new Set(training.tensorsAfterSteps).size).toBe(1);
    expect(training.tensorsAfterDispose).toBe(training.tensorsBefore);
  });

  it("run every conv and upsampling gradient of a step on the own kernels, and skip the first conv's input gradient", () => {
    const k = training.kernelCounts;
    expect(k['BatchLabConv2D']).toBe(training.convs);
    expect(k['BatchLabConv2DBackpropFilter']).toBe(training.convs);
    expect(k['BatchLabConv2DBackpropInput']).toBe(training.convs - 1);
    expect(k['BatchLabResizeBilinear2xGrad']).toBe(1); // depth 2: one upsampling
    const tfjsKernels = [
      'Conv2D',
      'FusedConv2D',
      'Conv2DBackpropInput',
      'Conv2DBackpropFilter',
      'ResizeBilinearGrad',
    ];
    for (const tfjsConv of tfjsKernels) {
      expect(k[tfjsConv] ?? 0, tfjsConv).toBe(0);
    }
  });
});
