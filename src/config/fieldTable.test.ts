import { en } from '../i18n/en';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, LIMITS, type TrainConfig } from './trainConfig';
import { changedKeys, CONFIG_KEYS, FIELD_TABLE, maxLoaderWorkers, MODEL_KEYS, sameModel } from './fieldTable';

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
      const field = FIELD_TABLE[key];
      expect(field?.group).toBe('loader');
      expect(en.fields.settings[key].help).toMatch(/next Start/);
    }
    const workers = FIELD_TABLE.workers.control;
    expect(workers).toMatchObject({ kind: 'number', min: 0, step: 1 });
    const prefetch = FIELD_TABLE.prefetch.control;
    expect(prefetch).toEqual({ kind: 'number', min: 1, max: 4, step: 1 });
  });
});

describe('field roles', () => {
  it('names exactly the settings the model, its optimizer state and Normalize are built from', () => {
    // createUNetForConfig reads seed, channels, numClasses, depth, baseWidth; makeOptimizer optimizer and
    // learningRate; createNormalizeLayer mean255 and std255 (src/engine/trainer.ts).
    expect([...MODEL_KEYS].sort()).toEqual(
      [
        'baseWidth',
        'channels',
        'depth',
        'learningRate',
        'mean255',
        'numClasses',
        'optimizer',
        'seed',
        'std255',
      ].sort(),
    );
  });

  it('sameModel: steering settings keep the model, defining ones do not', () => {
    const steering: Partial<TrainConfig> = {
      maxSteps: 7,
      validateEverySteps: 3,
      workers: 2,
      prefetch: 3,
      batchSize: 2,
    };
    for (const [key, value] of Object.entries(steering)) {
      expect(sameModel(DEFAULT_CONFIG, { ...DEFAULT_CONFIG, [key]: value }), key).toBe(true);
    }
    expect(sameModel(DEFAULT_CONFIG, { ...DEFAULT_CONFIG, seed: 1 })).toBe(false);
    expect(sameModel(DEFAULT_CONFIG, { ...DEFAULT_CONFIG, mean255: [1, 2, 3] })).toBe(false);
  });

  it('changedKeys lists the differing settings in link order', () => {
    expect(changedKeys(DEFAULT_CONFIG, { ...DEFAULT_CONFIG, workers: 2, seed: 1 })).toEqual([
      'seed',
      'workers',
    ]);
    expect(changedKeys(DEFAULT_CONFIG, DEFAULT_CONFIG)).toEqual([]);
  });

  it('has a unique link key per setting', () => {
    const keys = CONFIG_KEYS.map((k) => FIELD_TABLE[k].linkKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(LIMITS.workers.min).toBe(0);
  });
});
