/**
 * The exported comparison file and the table's cell texts.
 */
import { en } from '../../i18n/en';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../config/trainConfig';
import {
  buildCompareExport,
  compareFileName,
  describeSide,
  formatCompareRatio,
  formatCompareValue,
} from './compareExport';
import { buildCompareSummary } from './compareSummary';

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

describe('cell texts', () => {
  it('shows bytes exactly, and n/a for a missing figure', () => {
    expect(formatCompareValue('bytes', 6656)).toBe('6,656 B');
    expect(formatCompareValue('ms', 312.25)).toBe('312.3 ms');
    expect(formatCompareValue('samples/s', 6.4)).toBe('6.40');
    expect(formatCompareValue('loss', 1.23456)).toBe('1.2346');
    expect(formatCompareValue('share', 0.8734)).toBe('87%');
    expect(formatCompareValue('bytes', null)).toBe('n/a');
    const m = { id: 'bytes-to-gpu', label: '', unit: 'bytes', a: 1536, b: 6144, ratio: 4 } as const;
    expect(formatCompareRatio(m)).toBe('4.00×');
    expect(formatCompareRatio({ ...m, ratio: null })).toBe('n/a');
  });

  it('describes a side in words, loader workers included', () => {
    const c = { ...DEFAULT_CONFIG, imageSizePx: 16, batchSize: 2 };
    expect(describeSide(en, 'en-US', c, 'webgpu')).toBe(
      'uint8 images, normalize in model, packed upload, uint8 masks, 16 px × 2, 0 loader workers (webgpu)',
    );
    expect(
      describeSide(en, 'en-US', { ...c, imageDtype: 'float32', normalizeOn: 'loader', workers: 1 }, null),
    ).toBe('float32 images, normalize in loader, uint8 masks, 16 px × 2, 1 loader worker');
  });

  it('names every other setting in which two sides differ, so they never read alike', () => {
    const a = { ...DEFAULT_CONFIG, imageSizePx: 16, batchSize: 2 };
    const b = { ...a, blurRadiusPx: 24, sourceScale: 32 };
    expect(describeSide(en, 'en-US', a, null, b)).toBe(
      'uint8 images, normalize in model, packed upload, uint8 masks, 16 px × 2, 0 loader workers, blur radius (px) 0, source scale (×) 1',
    );
    expect(describeSide(en, 'en-US', b, null, a)).not.toBe(describeSide(en, 'en-US', a, null, b));
  });
});
