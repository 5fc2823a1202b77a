// The staged tiling (GPU_SHARED_TILING: convStagedProgram.ts, convStagedFilterProgram.ts, the merged
// reduction and cutRows.ts) on Dawn in a child Node process (test/dawn/convStaged.ts): every direction against
// tfjs's own webgpu kernels at channel counts 1, 3, 5 and 64, 1×1 and 3×3, over several tiles; and past
// 65,535 workgroups in one dimension against float64 sums. Relative error = max |own − ref| ÷ max |ref|.
import { beforeAll, describe, expect, it } from 'vitest';
import type { BigResult, TiledParity } from './dawn/convBounds';
import { runOnDawn } from './dawn/runOnDawn';

const ENTRY = new URL('./dawn/convStaged.ts', import.meta.url);
const MAX_RELATIVE_ERROR = 1e-5;

describe('own conv kernels with the staged (workgroup-memory) tiling', () => {
  let run: {
    tilingStaged: boolean;
    shapes: TiledParity[];
    big: BigResult[];
    maxWorkgroupsPerDimension: number;
    tensorsBefore: number;
    tensorsAfter: number;
    problems: string[];
  };

  // Past 65,535 workgroups every workgroup runs the barriers, one fiber switch each on SwiftShader: ~40 s
  // of CPU per case, minutes of wall time on a shared machine.
  beforeAll(async () => {
    run = await runOnDawn(ENTRY, 'staged');
  }, 1_500_000);

  it("match tfjs's kernels within 1e-5 in every direction at channel counts 1, 3, 5, 64, 1×1 and 3×3", () => {
    expect(run.problems).toEqual([]);
    expect(run.tilingStaged).toBe(true);
    for (const k of [1, 3]) {
      const ofK = run.shapes.filter((r) => r.shape.kernelSize === k);
      for (const c of [1, 3, 5, 64]) {
        expect(
          ofK.some((r) => r.shape.inChannels === c),
          `${k}×${k} in ${c}`,
        ).toBe(true);
        expect(
          ofK.some((r) => r.shape.outChannels === c),
          `${k}×${k} out ${c}`,
        ).toBe(true);
      }
    }
    // Several tiles of 8 rows × 16 pixels in both axes, and the fused ReLU (its mask folded into the loads).
    expect(run.shapes.some((r) => r.shape.heightPx > 16 && r.shape.widthPx > 32)).toBe(true);
    expect(new Set(run.shapes.map((r) => r.relu))).toEqual(new Set([true, false]));
    for (const r of run.shapes) {
      const label = JSON.stringify(r);
      expect(r.forward, label).toBeLessThanOrEqual(MAX_RELATIVE_ERROR);
      expect(r.inputGradient, label).toBeLessThanOrEqual(MAX_RELATIVE_ERROR);
      expect(r.filterGradient, label).toBeLessThanOrEqual(MAX_RELATIVE_ERROR);
      expect(r.biasGradient, label).toBeLessThanOrEqual(MAX_RELATIVE_ERROR);
    }
  });

  it('compute float64 sums past 65,535 workgroups in one dimension, in every direction', () => {
    expect(run.maxWorkgroupsPerDimension).toBe(65535);
    expect(run.big.map((r) => r.direction).sort()).toEqual(['filterGradient', 'forward', 'inputGradient']);
    for (const r of run.big) {
      const label = JSON.stringify(r);
      expect(r.workgroups, label).toBeGreaterThan(run.maxWorkgroupsPerDimension);
      expect(r.error, label).toBeLessThanOrEqual(MAX_RELATIVE_ERROR);
      if (r.direction === 'filterGradient')
        expect(r.biasError, label).toBeLessThanOrEqual(MAX_RELATIVE_ERROR);
    }
  });

  it('leave the tensor count where it was', () => {
    expect(run.tensorsAfter).toBe(run.tensorsBefore);
  });
});
