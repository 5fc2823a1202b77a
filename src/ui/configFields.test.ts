import { describe, expect, it } from 'vitest';
import { LIMITS } from '../config/trainConfig';
import { CONFIG_FIELDS, maxLoaderWorkers } from './configFields';

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
