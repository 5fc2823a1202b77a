/**
 * The comparison's configs (B = A with its overrides) and the rule that decides when a measured run may
 * start. The workers themselves are exercised by e2e/compare.webgpu.spec.ts.
 */
import { describe, expect, it } from 'vitest';
import type { BackendInfo } from '../config/backendInfo';
import { DEFAULT_CONFIG, type TrainConfig } from '../config/trainConfig';
import { measuredRunBlocker, type Activity } from './activity';
import { comparisonConfigs, namedSides } from './compareRules';

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
  ownConvKernels: false,
};
const IDLE: Activity = {
  main: 'idle',
  compare: 'idle',
  parallel: 'idle',
  lesson: null,
  sweep: false,
  finder: 'idle',
};

describe('comparisonConfigs', () => {
  it('applies the overrides to A for B', () => {
    const { a, b } = comparisonConfigs(A, { imageDtype: 'float32', normalizeOn: 'loader' });
    expect(a).toEqual(A);
    expect(b).toEqual({ ...A, imageDtype: 'float32', normalizeOn: 'loader' });
  });

  it('repairs what the B overrides imply (uint8 cannot be normalized in the loader)', () => {
    const f32: TrainConfig = { ...A, imageDtype: 'float32', normalizeOn: 'loader' };
    const { b } = comparisonConfigs(f32, { imageDtype: 'uint8' });
    expect(b.imageDtype).toBe('uint8');
    expect(b.normalizeOn).toBe('model');
  });

  it('B equals A without overrides', () => {
    const { a, b } = comparisonConfigs(A, null);
    expect(b).toEqual(a);
  });
});

describe('measuredRunBlocker', () => {
  const ok = {
    configs: namedSides(comparisonConfigs(A, { imageDtype: 'float32' })),
    activity: IDLE,
    backendInfo: INFO,
    skipPreflight: false,
  };

  it('lets a fitting run start when nothing else runs', () => {
    expect(measuredRunBlocker(ok)).toBeNull();
    expect(measuredRunBlocker({ ...ok, activity: { ...IDLE, main: 'stopped', compare: 'done' } })).toBeNull();
  });

  it('refuses while anything else runs, or before the backend is known', () => {
    const busy = (patch: Partial<Activity>) => measuredRunBlocker({ ...ok, activity: { ...IDLE, ...patch } });
    expect(busy({ main: 'running' })).toEqual({ code: 'mainRunning' });
    expect(busy({ compare: 'running' })).toEqual({ code: 'compareRunning' });
    expect(busy({ parallel: 'running' })).toEqual({ code: 'parallelRunning' });
    expect(busy({ lesson: 'loaders' })).toEqual({ code: 'lessonRunning' });
    expect(busy({ sweep: true })).toEqual({ code: 'sweepRunning' });
    expect(busy({ finder: 'running' })).toEqual({ code: 'finderRunning' });
    expect(busy({ finder: 'done' })).toBeNull();
    expect(busy({ main: 'booting' })).toEqual({ code: 'booting' });
    expect(measuredRunBlocker({ ...ok, backendInfo: null })).toEqual({ code: 'booting' });
  });

  it('refuses a configuration that does not fit, by name, unless the pre-flight is skipped', () => {
    const huge = namedSides(comparisonConfigs(A, { imageSizePx: 512, batchSize: 512 }));
    expect(measuredRunBlocker({ ...ok, configs: huge })).toMatchObject({ code: 'doesNotFit', id: 'b' });
    expect(measuredRunBlocker({ ...ok, configs: huge, skipPreflight: true })).toBeNull();
  });
});
