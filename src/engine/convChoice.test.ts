import { describe, expect, it } from 'vitest';
import {
  GPU_SHARED_TILING,
  GPU_TILING,
  SOFTWARE_TILING,
  stagedFilterStorageBytes,
  stagedGeometry,
  type ConvShape,
} from '../gpu/convGeometry';
import type { WebGpuCapabilities } from './backend';
import {
  chooseConvKernel,
  convCandidates,
  fits,
  partialsBytes,
  reduceStorageBytes,
  ruleConvKernels,
  skippedOnFallback,
  tilingOf,
} from './convChoice';

/** WebGPU's guaranteed limits: every device has at least these. */
const caps = (over: Partial<WebGpuCapabilities> = {}): WebGpuCapabilities => ({
  isFallbackAdapter: false,
  maxComputeWorkgroupStorageSizeBytes: 16_384,
  maxComputeInvocationsPerWorkgroup: 256,
  maxComputeWorkgroupSizeX: 256,
  maxStorageBufferBindingSizeBytes: 128 * 2 ** 20,
  maxBufferSizeBytes: 256 * 2 ** 20,
  hasSubgroups: true,
  adapterKey: 'test',
  ...over,
});

const small: ConvShape = {
  batch: 4,
  heightPx: 32,
  widthPx: 32,
  inChannels: 8,
  outChannels: 8,
  kernelSize: 3,
};
/** 512 px, batch 32, width 64: the software tiling's partial sums alone are ~600 MB. */
const big: ConvShape = {
  batch: 32,
  heightPx: 512,
  widthPx: 512,
  inChannels: 64,
  outChannels: 64,
  kernelSize: 3,
};

describe('chooseConvKernel (the rule before measurement)', () => {
  it("keeps tfjs's kernels off webgpu, whatever the adapter", () => {
    for (const backend of ['webgl', 'cpu']) {
      expect(chooseConvKernel(backend, caps()).path).toBe('tiled');
      expect(chooseConvKernel(backend, caps({ isFallbackAdapter: true })).kernels).toBeNull();
    }
  });

  it("keeps tfjs's kernels on webgpu when the adapter's limits are unknown", () => {
    expect(chooseConvKernel('webgpu', null).path).toBe('tiled');
  });

  it('takes the own kernels with the software tiling on a fallback adapter, the GPU tiling elsewhere', () => {
    const soft = chooseConvKernel('webgpu', caps({ isFallbackAdapter: true }), [small]);
    expect(soft.path).toBe('wgsl');
    expect(soft.kernels).toEqual({
      forward: 'own-software',
      inputGradient: 'own-software',
      filterGradient: 'own-software',
    });
    expect(tilingOf('own-software')).toEqual(SOFTWARE_TILING);
    expect(ruleConvKernels(caps(), [small]).filterGradient).toBe('own-gpu');
    expect(tilingOf('own-gpu')).toEqual(GPU_TILING);
  });

  it('drops the workgroup reduction when workgroup memory is short', () => {
    const needed = reduceStorageBytes(GPU_TILING);
    expect(needed).toBe(GPU_TILING.filterWorkgroupSize * 16);
    const short = caps({ maxComputeWorkgroupStorageSizeBytes: needed - 1 });
    expect(ruleConvKernels(short, [small]).filterGradient).toBe('own-gpuNoReduce');
    expect(convCandidates(short, [small]).filterGradient).not.toContain('own-gpu');
  });

  it("gives a device whose limits fit no own tiling tfjs's kernels in every direction", () => {
    const tiny = caps({ maxComputeInvocationsPerWorkgroup: 32, maxComputeWorkgroupSizeX: 32 });
    const c = chooseConvKernel('webgpu', tiny, [small]);
    expect(c.path).toBe('tiled');
    expect(c.kernels).toEqual({ forward: 'tfjs', inputGradient: 'tfjs', filterGradient: 'tfjs' });
    expect(convCandidates(tiny, [small])).toEqual({
      forward: ['tfjs'],
      inputGradient: ['tfjs'],
      filterGradient: ['tfjs'],
    });
  });
});

describe('the candidates on a fallback adapter', () => {
  it("leaves out tfjs's kernels, the tilings that wait at barriers and the GPU tiling's forward and input gradient", () => {
    const soft = convCandidates(caps({ isFallbackAdapter: true }), [small]);
    expect(soft).toEqual({
      forward: ['own-software'],
      inputGradient: ['own-software'],
      filterGradient: ['own-software', 'own-gpuNoReduce'],
    });
    const hw = convCandidates(caps(), [small]);
    for (const d of ['forward', 'inputGradient', 'filterGradient'] as const) expect(hw[d]).toContain('tfjs');
    expect(hw.filterGradient).toContain('own-gpu');
    expect(skippedOnFallback('own-gpu')).toBe(true);
    expect(skippedOnFallback('own-gpuNoReduce')).toBe(false);
    expect(skippedOnFallback('own-software')).toBe(false);
  });

  it("keeps tfjs's kernels where no own tiling fits", () => {
    const tiny = caps({
      isFallbackAdapter: true,
      maxComputeInvocationsPerWorkgroup: 32,
      maxComputeWorkgroupSizeX: 32,
    });
    expect(convCandidates(tiny, [small])).toEqual({
      forward: ['tfjs'],
      inputGradient: ['tfjs'],
      filterGradient: ['tfjs'],
    });
  });
});

describe('the staged tiling as a candidate', () => {
  it('is measured on a hardware adapter in every direction, never on a fallback one', () => {
    const hw = convCandidates(caps(), [small]);
    for (const d of ['forward', 'inputGradient', 'filterGradient'] as const) {
      expect(hw[d]).toContain('own-gpuShared');
      expect(convCandidates(caps({ isFallbackAdapter: true }), [small])[d]).not.toContain('own-gpuShared');
    }
    expect(tilingOf('own-gpuShared')).toEqual(GPU_SHARED_TILING);
  });

  it('is judged by its tiles in workgroup memory, not by the reduction of the other tilings', () => {
    const tiles = stagedGeometry(small, small.outChannels).storageBytes;
    expect(tiles).toBeGreaterThan(reduceStorageBytes(GPU_SHARED_TILING));
    const short = caps({ maxComputeWorkgroupStorageSizeBytes: tiles - 1 });
    expect(fits(GPU_SHARED_TILING, 'forward', short, [small])).toBe(false);
    expect(fits(GPU_SHARED_TILING, 'forward', caps(), [small])).toBe(true);
    const filter = stagedFilterStorageBytes(small.kernelSize);
    expect(
      fits(GPU_SHARED_TILING, 'filterGradient', caps({ maxComputeWorkgroupStorageSizeBytes: filter - 1 }), [
        small,
      ]),
    ).toBe(false);
  });
});

describe('fits (the limits check)', () => {
  it('rejects a filter gradient whose partial sums exceed the storage binding limit, per tiling', () => {
    const soft = partialsBytes(big, SOFTWARE_TILING);
    const reduced = partialsBytes(big, GPU_TILING);
    expect(soft).toBeGreaterThan(128 * 2 ** 20); // past WebGPU's guaranteed binding size
    expect(reduced).toBeLessThan(soft); // the workgroup reduction writes one row per 64 chunks
    const limit = caps({ maxStorageBufferBindingSizeBytes: reduced });
    expect(fits(SOFTWARE_TILING, 'filterGradient', limit, [big])).toBe(false);
    expect(fits(GPU_TILING, 'filterGradient', limit, [big])).toBe(true);
    expect(
      fits(GPU_TILING, 'filterGradient', caps({ maxStorageBufferBindingSizeBytes: reduced - 1 }), [big]),
    ).toBe(false);
    // The buffer's own limit binds too; the forward has no buffer of its own and still fits.
    expect(fits(GPU_TILING, 'filterGradient', caps({ maxBufferSizeBytes: reduced - 1 }), [big])).toBe(false);
    expect(fits(SOFTWARE_TILING, 'forward', limit, [big])).toBe(true);
    expect(fits(SOFTWARE_TILING, 'filterGradient', caps(), [small])).toBe(true);
  });

  it("mixes by direction: a device too small for every filter gradient partials buffer runs tfjs's there only", () => {
    const limit = caps({ maxStorageBufferBindingSizeBytes: 1024 });
    expect(ruleConvKernels(limit, [big])).toEqual({
      forward: 'own-gpu',
      inputGradient: 'own-gpu',
      filterGradient: 'tfjs',
    });
    expect(chooseConvKernel('webgpu', limit, [big]).path).toBe('wgsl');
  });

  it('rejects workgroups wider than the x-size limit even when invocations allow them', () => {
    expect(fits(SOFTWARE_TILING, 'forward', caps({ maxComputeWorkgroupSizeX: 63 }), [small])).toBe(false);
    expect(fits(SOFTWARE_TILING, 'forward', caps({ maxComputeWorkgroupSizeX: 64 }), [small])).toBe(true);
  });
});
