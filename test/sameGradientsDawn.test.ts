// Micro-batches and recomputation on real WebGPU (Dawn): the same gradients as the batch at once, to the
// issue's bars (1e-5 relative for k = 2, 4; 1e-6 for recomputation), and a flat tensor count.
import { beforeAll, describe, expect, it } from 'vitest';
import type { SameGradientsOnDawn } from './dawn/sameGradients';
import { runOnDawn } from './dawn/runOnDawn';

describe('the same gradients on Dawn', () => {
  let result: SameGradientsOnDawn;
  beforeAll(async () => {
    result = await runOnDawn(new URL('./dawn/sameGradients.ts', import.meta.url), 'sameGradients');
  }, 300_000);

  it('k micro-batches and recomputation give the gradients of the batch at once', () => {
    expect(result.problems).toEqual([]);
    expect(result.relative['k=2']).toBeLessThan(1e-5);
    expect(result.relative['k=4']).toBeLessThan(1e-5);
    expect(result.relative.recompute).toBeLessThan(1e-6);
  });

  it('keeps the tensor count flat', () => {
    expect(new Set(result.tensorsAfterSteps.slice(1)).size).toBe(1);
  });
});
