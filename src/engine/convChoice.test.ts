import { describe, expect, it } from 'vitest';
import { GPU_TILING, SOFTWARE_TILING } from '../gpu/convGeometry';
import type { WebGpuCapabilities } from './backend';
import { chooseConvKernel, reduceStorageBytes } from './convChoice';

const caps = (over: Partial<WebGpuCapabilities> = {}): WebGpuCapabilities => ({
  isFallbackAdapter: false,
  maxComputeWorkgroupStorageSizeBytes: 16_384,
  maxComputeInvocationsPerWorkgroup: 256,
  hasSubgroups: true,
  ...over,
});

describe('chooseConvKernel', () => {
  it("keeps tfjs's kernels off webgpu, whatever the adapter", () => {
    for (const backend of ['webgl', 'cpu']) {
      expect(chooseConvKernel(backend, caps()).path).toBe('tiled');
      expect(chooseConvKernel(backend, caps({ isFallbackAdapter: true })).tiling).toBeNull();
    }
  });

  it("keeps tfjs's kernels on webgpu when the adapter's limits are unknown", () => {
    expect(chooseConvKernel('webgpu', null).path).toBe('tiled');
  });

  it('takes the own kernels with the software tiling on a fallback adapter', () => {
    const c = chooseConvKernel('webgpu', caps({ isFallbackAdapter: true }));
    expect(c.path).toBe('wgsl');
    expect(c.tiling).toEqual(SOFTWARE_TILING);
    expect(c.reason).toMatch(/fallback/);
  });

  it('takes the GPU tiling on a hardware adapter, and drops its workgroup reduction when memory is short', () => {
    expect(chooseConvKernel('webgpu', caps()).tiling).toEqual(GPU_TILING);
    const needed = reduceStorageBytes(GPU_TILING);
    expect(needed).toBe(GPU_TILING.filterWorkgroupSize * 16);
    const small = chooseConvKernel('webgpu', caps({ maxComputeWorkgroupStorageSizeBytes: needed - 1 }));
    expect(small.path).toBe('wgsl');
    expect(small.tiling).toEqual({ ...GPU_TILING, workgroupReduce: false });
  });

  it("falls back to tfjs's kernels when no tiling's workgroup fits", () => {
    const c = chooseConvKernel('webgpu', caps({ maxComputeInvocationsPerWorkgroup: 32 }));
    expect(c.path).toBe('tiled');
  });
});
