import { describe, expect, it } from 'vitest';
import type { BackendInfo } from './backendInfo';
import { runPreflight } from './preflight';
import type { ProblemPart } from './problems';
import { DEFAULT_TIMING } from './stableTiming';
import {
  autoSweepValues,
  decodeSweep,
  encodeSweep,
  MAX_SWEEP_POINTS,
  SWEEP_PRESETS,
  sweepPointConfig,
  sweepTimingRule,
  sweepValues,
  type SweepSpec,
  type SweepValue,
} from './sweep';
import { DEFAULT_CONFIG, LIMITS, trainConfigSchema } from './trainConfig';
import { decodeHash, encodeConfigToHash } from './urlCodec';
import { DICTIONARIES } from '../i18n/dictionaries';
import { en } from '../i18n/en';
import { problemText } from '../i18n/problemText';
import { SWIFTSHADER } from '../../test/fixtures/backends';

/** A decoded sweep's problems in English words (the oracle is the dictionary's text, not the decoder). */
const words = (d: { problems: readonly (readonly ProblemPart[])[] }): string[] =>
  d.problems.map((parts) => problemText(en, { key: 'sw', parts }));

const SOFTWARE: BackendInfo = { ...SWIFTSHADER, ownConvKernels: true };

describe('decodeSweep', () => {
  it('reads a list and an auto sweep, and writes them back the same', () => {
    const specs: SweepSpec[] = [
      { setting: 'batchSize', values: [1, 2, 4] },
      { setting: 'imageSizePx', values: 'auto' },
      { setting: 'imageDtype', values: ['uint8', 'float32'] },
      { setting: 'optimizer', values: ['adam', 'sgd'] },
    ];
    for (const spec of specs) {
      expect(decodeSweep(encodeSweep(spec))).toEqual({ spec, problems: [] });
    }
    expect(encodeSweep(specs[0]!)).toBe('b:1,2,4');
  });

  it('clamps each value with the field’s own bounds and snaps image sizes to multiples of 8', () => {
    const d = decodeSweep('b:0,600,4');
    expect(d.spec).toEqual({ setting: 'batchSize', values: [1, 4, LIMITS.batchSize.max] });
    expect(d.problems).toHaveLength(2);
    expect(words(d)[0]).toMatch(/"0" is below 1; using 1/);
    expect(words(d)[1]).toMatch(/"600" is above 512; using 512/);
    const px = decodeSweep('px:20,4096');
    expect(px.spec?.values).toEqual([24, LIMITS.imageSizePx.max]);
    expect(words(px).join(' ')).toMatch(/multiple of 8/);
  });

  it('drops unreadable and repeated values, with a problem for each', () => {
    const d = decodeSweep('b:2,abc,2,1e400,0x10,-0,3.5');
    expect(d.spec?.values).toEqual([1, 2]);
    // abc, repeated 2, 1e400 (not finite), 0x10 (hex), 3.5 (not whole) refused; -0 clamped to 1.
    expect(d.problems).toHaveLength(6);
    expect(words(d).filter((p) => p.endsWith('dropped'))).toHaveLength(4);
  });

  it('refuses whole what names no sweep, never echoing unsafe text', () => {
    for (const raw of [
      '',
      'b',
      'zz:1,2',
      '__proto__:1',
      'constructor:auto',
      'dt:auto',
      'b:',
      'b:x,y',
      'opt:nadam',
    ]) {
      const d = decodeSweep(raw);
      expect(d.spec, raw).toBeNull();
      expect(words(d).at(-1), raw).toMatch(/no sweep$/);
    }
    const hostile = decodeSweep(`<img src=x onerror=alert(1)>\u202e${'a'.repeat(500)}:1`);
    expect(hostile.spec).toBeNull();
    expect(words(hostile)[0]!.length).toBeLessThan(200);
    expect(words(hostile)[0]).not.toContain('\u202e');
  });

  it('cuts a long list to MAX_SWEEP_POINTS, reading no further', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => i + 1).join(',');
    const d = decodeSweep(`b:${many}`);
    expect(d.spec?.values).toHaveLength(MAX_SWEEP_POINTS);
    expect(words(d)).toEqual([
      `more than ${MAX_SWEEP_POINTS} values; the first ${MAX_SWEEP_POINTS} are used`,
    ]);
  });

  it('puts numbers in ascending order and keeps choices in the given order', () => {
    expect(decodeSweep('w:16,4,8').spec?.values).toEqual([4, 8, 16]);
    expect(decodeSweep('mk:int32,uint8').spec?.values).toEqual(['int32', 'uint8']);
  });
});

describe('sweep points', () => {
  it('each point config is valid, with the swept value and cross-field rules repaired', () => {
    const base = { ...DEFAULT_CONFIG, imageDtype: 'float32' as const, normalizeOn: 'loader' as const };
    const c = sweepPointConfig(base, 'imageDtype', 'uint8');
    expect(c.imageDtype).toBe('uint8');
    expect(c.normalizeOn).toBe('model');
    expect(trainConfigSchema.safeParse(c).success).toBe(true);
  });

  it('auto doubles from the smallest value and stops at the first value the pre-flight refuses', () => {
    const base = { ...DEFAULT_CONFIG, imageSizePx: 256 };
    const values = autoSweepValues('batchSize', base, SOFTWARE);
    expect(values[0]).toBe(1);
    values.slice(1).forEach((v, i) => expect(v).toBe(2 * values[i]!));
    const verdicts = values.map(
      (b) => runPreflight(sweepPointConfig(base, 'batchSize', b), SOFTWARE).verdict,
    );
    expect(verdicts.slice(0, -1).every((v) => v === 'fits')).toBe(true);
    expect(verdicts.at(-1)).toBe('refused');
    expect(values.length).toBeGreaterThan(2);
  });

  it('auto stops at the field’s bound when everything fits', () => {
    const values = autoSweepValues(
      'baseWidth',
      { ...DEFAULT_CONFIG, imageSizePx: 16, batchSize: 1 },
      SOFTWARE,
    );
    expect(values).toEqual([4, 8, 16, 32, 64]);
    expect(sweepValues({ setting: 'baseWidth', values: 'auto' }, DEFAULT_CONFIG, SOFTWARE)).toEqual(
      autoSweepValues('baseWidth', DEFAULT_CONFIG, SOFTWARE),
    );
  });

  it('presets are valid links and sized for a software adapter', () => {
    expect(SWEEP_PRESETS.map((p) => p.spec.setting)).toEqual(['batchSize', 'imageSizePx', 'microBatches']);
    for (const preset of SWEEP_PRESETS) {
      for (const dict of Object.values(DICTIONARIES))
        expect(dict.sweeps.presetsText).toHaveProperty(preset.id);
      expect(decodeSweep(encodeSweep(preset.spec))).toEqual({ spec: preset.spec, problems: [] });
      for (const v of preset.spec.values as readonly SweepValue[]) {
        const c = sweepPointConfig({ ...DEFAULT_CONFIG, ...preset.config }, preset.spec.setting, v);
        expect(c.imageSizePx * c.imageSizePx * c.batchSize).toBeLessThanOrEqual(48 * 48 * 8);
      }
    }
  });
});

describe('the sweep in a link', () => {
  it('travels with the config and reads back the same', () => {
    const spec: SweepSpec = { setting: 'batchSize', values: [1, 2, 4] };
    const hash = encodeConfigToHash(DEFAULT_CONFIG, { view: 'tradeoffs', sweep: spec });
    expect(hash).toContain('&sw=b:1,2,4');
    const decoded = decodeHash(hash);
    expect(decoded.sweep).toEqual(spec);
    expect(decoded.view).toBe('tradeoffs');
    expect(decoded.problems).toEqual([]);
  });

  it('reports hostile sweep values under `sw` and keeps the rest of the link', () => {
    const decoded = decodeHash('#v=1&px=16&sw=b:0,2,%3Cb%3E,9999');
    expect(decoded.sweep).toEqual({ setting: 'batchSize', values: [1, 2, 512] });
    expect(decoded.config.imageSizePx).toBe(16);
    expect(decoded.problems.map((p) => p.key)).toEqual(['sw', 'sw', 'sw']);
    expect(decodeHash('#sw=%E0%A4%A').sweep).toBeNull();
    expect(decodeHash('#sw=%E0%A4%A').problems[0]?.key).toBe('sw');
  });
});

describe('sweepTimingRule', () => {
  it('is the lessons’ rule; only a test page (?testHooks=1) may cap its steps, never a link', () => {
    expect(sweepTimingRule(DEFAULT_CONFIG, '').maxSteps).toBe(DEFAULT_TIMING.maxSteps);
    expect(sweepTimingRule(DEFAULT_CONFIG, '?sweepMaxSteps=5').maxSteps).toBe(DEFAULT_TIMING.maxSteps);
    expect(sweepTimingRule(DEFAULT_CONFIG, '?testHooks=1&sweepMaxSteps=8').maxSteps).toBe(8);
    for (const bad of ['2', '1e3', '-4', 'x', '8.5', '100000']) {
      expect(sweepTimingRule(DEFAULT_CONFIG, `?testHooks=1&sweepMaxSteps=${bad}`).maxSteps, bad).toBe(
        DEFAULT_TIMING.maxSteps,
      );
    }
    const withWorkers = sweepTimingRule({ ...DEFAULT_CONFIG, workers: 2, prefetch: 2 }, '');
    expect(withWorkers.prefetchedSteps).toBe(4);
  });
});
