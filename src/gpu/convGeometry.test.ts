import { describe, expect, it } from 'vitest';
import {
  assertConvShape,
  channelBlocks,
  convMacs,
  filterGeometry,
  GPU_SHARED_TILING,
  GUARANTEED_WORKGROUP_BYTES,
  OWN_TILINGS,
  sameGeometry,
  stagedFilterStorageBytes,
  stagedGeometry,
  type ConvShape,
  type ConvTiling,
} from './convGeometry';

/** One row per chunk, no workgroup reduction: the numbers below follow from it, not from the tuned tilings. */
const ONE_ROW: ConvTiling = {
  pixelsPerInvocation: 4,
  workgroupSize: 64,
  rowsPerChunk: 1,
  filterPixelsPerStep: 4,
  filterWorkgroupSize: 64,
  workgroupReduce: false,
};

const enc0b: ConvShape = {
  batch: 4,
  heightPx: 32,
  widthPx: 32,
  inChannels: 8,
  outChannels: 8,
  kernelSize: 3,
};

describe('conv geometry', () => {
  it('pads channel axes to blocks of 4', () => {
    expect([1, 3, 4, 5, 8, 64].map(channelBlocks)).toEqual([1, 1, 1, 2, 2, 16]);
  });

  it('covers every output once: N·H rows × ⌈W / pixels⌉ × ⌈C / 4⌉ invocations', () => {
    // 4 · 32 = 128 rows × 32 / 4 = 8 pixel blocks × 8 / 4 = 2 channel blocks.
    expect(sameGeometry(enc0b, 8, 4, 64)).toEqual({
      outBlocks: 2,
      rowBlocks: 8,
      invocations: 2048,
      workgroups: 32,
    });
    // A ragged row (W = 9, 4 per invocation → 3 blocks) and 5 channels (2 blocks, the second padded).
    const g = sameGeometry({ batch: 1, heightPx: 8, widthPx: 9 }, 5, 4, 64);
    expect(g).toEqual({ outBlocks: 2, rowBlocks: 3, invocations: 48, workgroups: 1 });
    expect(g.invocations * 4 * 4).toBeGreaterThanOrEqual(8 * 9 * 5);
  });

  it('splits the filter gradient into row chunks × kernel rows × channel blocks', () => {
    expect(filterGeometry(enc0b, { ...ONE_ROW, rowsPerChunk: 4 }).chunks).toBe(32);
    const g = filterGeometry(enc0b, ONE_ROW);
    expect(g.chunks).toBe(128); // 4 · 32 rows, one per chunk
    expect(g.blocks).toBe(3 * 2 * 2);
    expect(g.invocations).toBe(128 * 12);
    expect(g.partialRows).toBe(128);
    // A partial row holds 9 taps × 8 Cin × 2 vec4 of Cout, then 2 vec4 of bias.
    expect(g.biasOffsetVec4s).toBe(9 * 8 * 2);
    expect(g.rowVec4s).toBe(9 * 8 * 2 + 2);
  });

  it('with the workgroup reduction, writes one partial row per workgroup of chunks', () => {
    const g = filterGeometry(enc0b, { ...ONE_ROW, workgroupReduce: true });
    expect(g.chunksPerWorkgroup).toBe(64);
    expect(g.partialRows).toBe(2); // 128 chunks / 64
    expect(g.workgroups).toBe(2 * 12);
    expect(g.invocations).toBe(g.workgroups * 64);
  });

  it('pads Cin to 4 in the partial rows, and counts the forward multiply-adds', () => {
    const head: ConvShape = { ...enc0b, inChannels: 3, outChannels: 4, kernelSize: 1 };
    const g = filterGeometry(head, ONE_ROW);
    expect([g.taps, g.inChannelsPadded, g.rowVec4s]).toEqual([1, 4, 1 * 4 * 1 + 1]);
    expect(convMacs(enc0b)).toBe(4 * 32 * 32 * 9 * 8 * 8);
  });

  it('tiles the staged programs by 8 rows × 16 pixels × 16 channels, within 16 KiB of workgroup memory', () => {
    // 4 images × ⌈32 / 8⌉ × ⌈32 / 16⌉ × ⌈2 / 4⌉ tiles; a ragged 9 × 17 image with 24 channels needs 2 × 2 × 2.
    expect(stagedGeometry(enc0b, 8)).toMatchObject({ outBlocks: 2, outTiles: 1, workgroups: 4 * 4 * 2 });
    const ragged = stagedGeometry({ batch: 1, heightPx: 9, widthPx: 17, kernelSize: 3 }, 24);
    expect([ragged.rowTiles, ragged.colTiles, ragged.outTiles]).toEqual([2, 2, 2]);
    // (10 × 18 pixels × 2 channel blocks + 9 taps × 2 × 4 × 4) vec4s of 16 bytes at 3×3.
    expect(ragged.storageBytes).toBe((10 * 18 * 2 + 9 * 32) * 16);
    for (const k of [1, 3]) {
      expect(stagedGeometry({ ...enc0b, kernelSize: k }, 64).storageBytes).toBeLessThanOrEqual(
        GUARANTEED_WORKGROUP_BYTES,
      );
      expect(stagedFilterStorageBytes(k)).toBeLessThanOrEqual(GUARANTEED_WORKGROUP_BYTES);
    }
    expect(stagedGeometry({ ...enc0b, kernelSize: 5 }, 64).storageBytes).toBeGreaterThan(
      GUARANTEED_WORKGROUP_BYTES,
    );
  });

  it('gives the staged filter gradient one workgroup per chunk × kernel row × Cin block × 4 Cout blocks', () => {
    const wide: ConvShape = { ...enc0b, inChannels: 8, outChannels: 20 }; // 2 Cin blocks, 5 Cout blocks
    const g = filterGeometry(wide, GPU_SHARED_TILING);
    expect(g.chunks).toBe(32); // 128 rows / 4
    expect(g.blocks).toBe(3 * 2 * 2);
    expect(g.workgroups).toBe(32 * 12);
    expect(g.invocations).toBe(g.workgroups * 64);
    expect(g.partialRows).toBe(32);
  });

  it('lists every own tiling once, the staged one among them', () => {
    expect(Object.keys(OWN_TILINGS)).toEqual(['software', 'gpu', 'gpuNoReduce', 'gpuShared']);
    expect(Object.values(OWN_TILINGS).filter((t) => t.staged)).toEqual([GPU_SHARED_TILING]);
  });

  it('refuses even kernels and empty axes', () => {
    expect(() => assertConvShape({ ...enc0b, kernelSize: 2 })).toThrow(/odd kernel/);
    expect(() => assertConvShape({ ...enc0b, inChannels: 0 })).toThrow(/positive integers/);
  });
});
