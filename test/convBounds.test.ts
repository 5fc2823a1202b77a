// BatchLab's own WGSL conv kernels at GPU-sized dispatches, on Dawn in a child Node process
// (test/dawn/convBounds.ts): past 65,535 workgroups in one dimension tfjs folds a dispatch into a square,
// and the workgroups past the end of the work must write nothing. Oracle: float64 sums in plain JS.
// Also the GPU tilings at channel counts 1, 3, 5 and 64, against tfjs's own webgpu kernels.
import { beforeAll, describe, expect, it } from 'vitest';
import type { BigResult, TiledParity } from './dawn/convBounds';
import { runOnDawn } from './dawn/runOnDawn';

const ENTRY = new URL('./dawn/convBounds.ts', import.meta.url);
const MAX_RELATIVE_ERROR = 1e-5;

describe('own conv kernels past 65,535 workgroups and at channel counts 1, 3, 5, 64', () => {
  let run: {
    big: BigResult[];
    channels: TiledParity[];
    maxWorkgroupsPerDimension: number;
    tensorsBefore: number;
    tensorsAfter: number;
    problems: string[];
  };

  beforeAll(async () => {
    run = await runOnDawn(ENTRY, 'bounds');
  }, 600_000);

  it('push every direction of every tiling past the per-dimension limit', () => {
    expect(run.maxWorkgroupsPerDimension).toBe(65535);
    const covered = run.big.map((r) => `${r.direction}/${r.tiling}`);
    for (const t of ['software', 'gpu', 'gpuNoReduce']) {
      expect(covered).toContain(`forward/${t}`);
      expect(covered).toContain(`inputGradient/${t}`);
    }
    expect(covered).toContain('filterGradient/gpu');
    expect(covered).toContain('filterGradient/gpuNoReduce');
    for (const r of run.big)
      expect(r.workgroups, JSON.stringify(r)).toBeGreaterThan(run.maxWorkgroupsPerDimension);
  });

  it('compute the same numbers as float64 sums there, filter and bias gradients included', () => {
    expect(run.problems).toEqual([]);
    for (const r of run.big) {
      const label = `${r.direction}/${r.tiling}`;
      expect(r.error, label).toBeLessThanOrEqual(MAX_RELATIVE_ERROR);
      if (r.direction === 'filterGradient')
        expect(r.biasError, label).toBeLessThanOrEqual(MAX_RELATIVE_ERROR);
    }
  });

  it("match tfjs's kernels within 1e-5 with the GPU tilings at channel counts 1, 3, 5 and 64", () => {
    expect(run.channels).toHaveLength(8);
    for (const c of [1, 3, 5, 64]) {
      expect(run.channels.filter((r) => r.shape.inChannels === c).length, `in ${c}`).toBe(2);
      expect(run.channels.filter((r) => r.shape.outChannels === c).length, `out ${c}`).toBe(2);
    }
    for (const r of run.channels) {
      const label = JSON.stringify(r);
      expect(r.forward, label).toBeLessThanOrEqual(MAX_RELATIVE_ERROR);
      expect(r.inputGradient, label).toBeLessThanOrEqual(MAX_RELATIVE_ERROR);
      expect(r.filterGradient, label).toBeLessThanOrEqual(MAX_RELATIVE_ERROR);
      expect(r.biasGradient, label).toBeLessThanOrEqual(MAX_RELATIVE_ERROR);
    }
  });

  it('leave the tensor count where it was', () => {
    expect(run.tensorsAfter).toBe(run.tensorsBefore);
  });
});
