/**
 * The comparison's configs (B = A with its overrides) (the start rule's tests are in jobRules.test.ts). The workers themselves are exercised by e2e/compare.webgpu.spec.ts.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type TrainConfig } from '../config/trainConfig';
import { comparisonConfigs } from './compareRules';

const A: TrainConfig = {
  ...DEFAULT_CONFIG,
  imageSizePx: 16,
  batchSize: 2,
  imageDtype: 'uint8',
  normalizeOn: 'model',
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
