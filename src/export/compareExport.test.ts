/**
 * The exported comparison file.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../config/trainConfig';
import { buildCompareSummary } from '../config/compareSummary';
import { buildCompareExport, compareFileName } from './compareExport';

describe('buildCompareExport', () => {
  it('carries both configs, the summary and the rows, as a copy', () => {
    const a = { ...DEFAULT_CONFIG, maxSteps: 2 };
    const b = { ...a, imageDtype: 'float32' as const, normalizeOn: 'loader' as const };
    const summary = buildCompareSummary({ rows: [], firstTimedStep: 2 }, { rows: [], firstTimedStep: 2 });
    const input = {
      finishedAt: '2025-01-02T03:04:05.678Z',
      overridesB: { imageDtype: 'float32' as const, normalizeOn: 'loader' as const },
      link: 'http://127.0.0.1/#v=1',
      a: { config: a, backend: null, rows: [], timedSteps: [4, 5, 6] },
      b: { config: b, backend: null, rows: [], timedSteps: [4, 5, 6] },
      paired: {
        state: 'settled' as const,
        rounds: 5,
        ratios: [null, { median: 0.8, low: 0.75, high: 0.85, coverage: 0.9375, rounds: 5 }],
        roundRatios: [],
      },
      summary,
    };
    const out = buildCompareExport(input);
    expect(out.kind).toBe('batchlab-comparison');
    expect(out.version).toBe(1);
    expect(out.a.config).toEqual(a);
    expect(out.b.config.imageDtype).toBe('float32');
    expect(out.schedule).toContain('paired rounds');
    expect(out.timing).toContain('within ±10%');
    expect(out.a.timedSteps).toEqual([4, 5, 6]);
    expect(out.paired?.ratios[1]?.median).toBe(0.8);
    expect(JSON.parse(JSON.stringify(out))).toEqual(out);
    out.a.config.seed = 1;
    expect(a.seed).toBe(DEFAULT_CONFIG.seed);
  });
});

describe('compareFileName', () => {
  it('stamps the finishing time without colons', () => {
    expect(compareFileName('2025-01-02T03:04:05.678Z', 'png')).toBe(
      'batchlab-comparison-2025-01-02T03-04-05Z.png',
    );
    expect(compareFileName(null, 'json')).toBe('batchlab-comparison-unfinished.json');
  });
});
