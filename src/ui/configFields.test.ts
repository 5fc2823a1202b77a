import { describe, expect, it } from 'vitest';
import { LIMITS } from '../config/trainConfig';
import { CONFIG_FIELDS, maxLoaderWorkers, numberInputValue } from './configFields';

describe('loader fields', () => {
  it('offers 0 … hardwareConcurrency workers, capped by LIMITS', () => {
    expect(maxLoaderWorkers(2)).toBe(2);
    expect(maxLoaderWorkers(8)).toBe(8);
    expect(maxLoaderWorkers(64)).toBe(LIMITS.workers.max);
    expect(maxLoaderWorkers(undefined)).toBe(LIMITS.workers.max);
    expect(maxLoaderWorkers(0)).toBe(LIMITS.workers.max);
  });

  it('has workers and prefetch in the loader group, saying they apply at the next Start', () => {
    for (const key of ['workers', 'prefetch'] as const) {
      const field = CONFIG_FIELDS.find((f) => f.key === key);
      expect(field?.group).toBe('loader');
      expect(field?.help).toMatch(/next Start/);
    }
    const workers = CONFIG_FIELDS.find((f) => f.key === 'workers')?.control;
    expect(workers).toMatchObject({ kind: 'number', min: 0, step: 1 });
    const prefetch = CONFIG_FIELDS.find((f) => f.key === 'prefetch')?.control;
    expect(prefetch).toEqual({ kind: 'number', min: 1, max: 4, step: 1 });
  });
});

describe('numberInputValue', () => {
  const whole = { min: 1, max: 64, step: 1 };
  it('clamps, and rounds whole-number fields so a typed fraction never reaches the config', () => {
    expect(numberInputValue(1.5, whole)).toBe(2);
    expect(numberInputValue(1.1, whole)).toBe(1);
    expect(numberInputValue(500, whole)).toBe(64);
    expect(numberInputValue(-3, whole)).toBe(1);
    expect(numberInputValue(Number.NaN, whole)).toBeNull();
  });

  it('snaps to min + k·step and keeps fractional steps as typed', () => {
    expect(numberInputValue(37, { min: 16, max: 512, step: 8 })).toBe(40);
    expect(numberInputValue(511, { min: 16, max: 510, step: 8 })).toBe(504);
    expect(numberInputValue(0.01234, { min: 1e-5, max: 1, step: 0.0001 })).toBe(0.01234);
  });

  it('gives every whole-number config field an integer', () => {
    for (const field of CONFIG_FIELDS) {
      if (field.control.kind !== 'number' || field.control.step < 1) continue;
      expect(Number.isInteger(numberInputValue(field.control.min + 0.4, field.control))).toBe(true);
    }
  });
});
