import { describe, expect, it } from 'vitest';
import { finderResultText, finderStoppedEarly } from './finderText';

describe('the finder result in words', () => {
  it('says what ran beside the prediction, and which way they differ', () => {
    expect(finderResultText(18, 21, '0.857×')).toBe(
      'The largest batch that ran is 18; the estimate says 21 fits: 0.857× of it — the device failed below what the estimate promised.',
    );
    expect(finderResultText(42, 42, '1.00×')).toBe(
      'The largest batch that ran is 42; the estimate says 42 fits: the same (1.00×): the device ran every batch the estimate allows.',
    );
    expect(finderResultText(0, 5, null)).toBe('Not even batch 1 ran, though the estimate says batch 5 fits.');
    expect(finderResultText(0, 0, null)).toBe('Not even batch 1 ran; the estimate agrees that nothing fits.');
    expect(finderStoppedEarly(0)).toBe('Stopped before any batch ran.');
    expect(finderStoppedEarly(4)).toContain('batch 4 ran');
  });
});
