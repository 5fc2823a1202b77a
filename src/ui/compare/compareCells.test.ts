/**
 * The comparison table's cell texts and the words for each side.
 */
import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/en';
import { DEFAULT_CONFIG } from '../../config/trainConfig';
import { describeSide, formatCompareRatio, formatCompareValue } from './compareCells';

describe('cell texts', () => {
  it('shows bytes exactly, and n/a for a missing figure', () => {
    const f = { na: 'n/a', locale: 'en-US' };
    expect(formatCompareValue('bytes', 6656, f)).toBe('6,656 B');
    expect(formatCompareValue('ms', 312.25, f)).toBe('312.3 ms');
    expect(formatCompareValue('samples/s', 6.4, f)).toBe('6.40');
    expect(formatCompareValue('loss', 1.23456, f)).toBe('1.2346');
    expect(formatCompareValue('share', 0.8734, f)).toBe('87%');
    expect(formatCompareValue('bytes', null, f)).toBe('n/a');
    const m = { id: 'bytes-to-gpu', unit: 'bytes', a: 1536, b: 6144, ratio: 4 } as const;
    expect(formatCompareRatio(m, f)).toBe('4.00×');
    expect(formatCompareRatio({ ...m, ratio: null }, f)).toBe('n/a');
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
