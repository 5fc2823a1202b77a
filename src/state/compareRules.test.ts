/**
 * The comparison's configs (B = A with its overrides, both with the chosen step count) and when a
 * comparison may start. The workers themselves are exercised by e2e/compare.webgpu.spec.ts.
 */
import { describe, expect, it } from 'vitest';
import type { BackendInfo } from '../config/backendInfo';
import { DEFAULT_CONFIG, type TrainConfig } from '../config/trainConfig';
import { comparisonBlocker, comparisonConfigs } from './compareRules';

const A: TrainConfig = {
  ...DEFAULT_CONFIG,
  imageSizePx: 16,
  batchSize: 2,
  imageDtype: 'uint8',
  normalizeOn: 'model',
};
const INFO: BackendInfo = {
  backend: 'webgpu',
  adapterDescription: 'google swiftshader',
  isSoftwareAdapter: true,
  limits: { maxBufferSizeBytes: 2 ** 30, maxStorageBufferBindingSizeBytes: 2 ** 30 },
  fallbackReasons: [],
};

describe('comparisonConfigs', () => {
  it('applies the overrides to A for B, and gives both the step count', () => {
    const { a, b } = comparisonConfigs(A, { imageDtype: 'float32', normalizeOn: 'loader' }, 2);
    expect(a).toEqual({ ...A, maxSteps: 2, validateEverySteps: 1000 });
    expect(b).toEqual({
      ...A,
      imageDtype: 'float32',
      normalizeOn: 'loader',
      maxSteps: 2,
      validateEverySteps: 1000,
    });
  });

  it('repairs what the B overrides imply (uint8 cannot be normalized in the loader)', () => {
    const f32: TrainConfig = { ...A, imageDtype: 'float32', normalizeOn: 'loader' };
    const { b } = comparisonConfigs(f32, { imageDtype: 'uint8' }, 3);
    expect(b.imageDtype).toBe('uint8');
    expect(b.normalizeOn).toBe('model');
  });

  it('B equals A without overrides', () => {
    const { a, b } = comparisonConfigs(A, null, 1);
    expect(b).toEqual(a);
  });
});

describe('comparisonBlocker', () => {
  const configs = comparisonConfigs(A, { imageDtype: 'float32' }, 2);
  const ok = {
    configs,
    comparePhase: 'idle',
    mainStatus: 'idle',
    backendInfo: INFO,
    skipPreflight: false,
  } as const;

  it('lets a fitting comparison start when nothing else runs', () => {
    expect(comparisonBlocker(ok)).toBeNull();
    expect(comparisonBlocker({ ...ok, mainStatus: 'stopped' })).toBeNull();
  });

  it('refuses while the main run or another comparison runs, or before the backend is known', () => {
    expect(comparisonBlocker({ ...ok, mainStatus: 'running' })).toContain('Stop the main run');
    expect(comparisonBlocker({ ...ok, comparePhase: 'running' })).toContain('already running');
    expect(comparisonBlocker({ ...ok, mainStatus: 'booting' })).toContain('still starting');
    expect(comparisonBlocker({ ...ok, backendInfo: null })).toContain('still starting');
  });

  it('refuses a side that does not fit, unless the pre-flight is skipped', () => {
    const huge = comparisonConfigs(A, { imageSizePx: 512, batchSize: 512 }, 2);
    expect(comparisonBlocker({ ...ok, configs: huge })).toMatch(/^Configuration B does not fit/);
    expect(comparisonBlocker({ ...ok, configs: huge, skipPreflight: true })).toBeNull();
  });
});
