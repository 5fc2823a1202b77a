import { describe, expect, it } from 'vitest';
import type { KernelRow } from '../config/stepProfile';
import { memoryStack, phaseShares, topKernelBars } from './profileColumns';
import { makeProfile } from '../../test/fixtures/testProfile';

describe('profile chart columns', () => {
  it('stacks the categories bottom up; the top line is the total and peaks at the profile peak', () => {
    const { memory } = makeProfile();
    const stack = memoryStack(memory);
    expect(stack.xs).toEqual([0, 1, 2, 3, 4, 5]);
    expect(stack.stacked.at(-1)).toEqual([100, 300, 400, 900, 500, 200]);
    expect(stack.stacked[0]).toEqual(memory.bytes.parameters);
    expect(stack.peakBytes).toBe(memory.peakBytes);
  });

  it('takes the n slowest timed rows, marking gradient kernels', () => {
    const row = (name: string, ms: number | null, family: KernelRow['family']): KernelRow => ({
      name,
      ms,
      family,
      count: 1,
      share: null,
      gflops: null,
      shapes: [],
    });
    const bars = topKernelBars(
      [row('A', 5, 'convolution gradients'), row('B', 3, 'elementwise'), row('C', 1, 'reductions')],
      2,
    );
    expect(bars).toEqual({ xs: [1, 2], ms: [5, 3], labels: ['A (grad)', 'B'] });
    expect(topKernelBars([row('A', null, 'other')], 8).xs).toEqual([]);
  });

  it('splits the profiled step by phase: ms as measured, shares of the step that add up to at most 1', () => {
    const { phases, profiledStepMs } = makeProfile();
    const split = phaseShares(phases, profiledStepMs);
    expect(split.map((p) => p.phase)).toEqual([
      'data-wait',
      'upload',
      'forward',
      'backward',
      'optimizer',
      'readback',
    ]);
    expect(split.map((p) => p.ms)).toEqual([1, 1, 2, 2, 1, 5]);
    expect(split.map((p) => p.share)).toEqual([1 / 12, 1 / 12, 2 / 12, 2 / 12, 1 / 12, 5 / 12]);
    const over = phaseShares(phases, 10);
    const total = over.reduce((s, p) => s + (p.share ?? 0), 0);
    expect(total).toBeLessThanOrEqual(1 + 1e-12);
    expect(over.at(-1)?.share).toBeCloseTo(3 / 10, 12);
    expect(phaseShares(phases, 0).every((p) => p.share === null)).toBe(true);
  });
});
