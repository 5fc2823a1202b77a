import { describe, expect, it } from 'vitest';
import { finderBoundText, finderCappedRow, finderResultText, finderStoppedEarly } from './finderText';

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

describe('what bounded the finder, in words', () => {
  it('reads ≥ N unless a step failed, and names the cap or the refusal’s source', () => {
    expect(finderBoundText(512, { kind: 'form-max', max: 512, nextBatch: 1024 })).toBe(
      '≥ 512: no step failed; the search stopped at the form’s maximum batch (512).',
    );
    expect(finderBoundText(37, { kind: 'failed', batchSize: 38 })).toBe('37: batch 38 failed on the device.');
    expect(finderBoundText(40, { kind: 'refused', batchSize: 41, source: 'assumed' })).toMatch(
      /^≥ 40: .*refused batch 41 by a memory budget assumed/,
    );
    expect(finderBoundText(40, { kind: 'refused', batchSize: 41, source: 'reported' })).toMatch(
      /^≥ 40: .*refused batch 41 by a per-buffer limit the device reported/,
    );
    expect(finderBoundText(16, { kind: 'stopped' })).toBeNull();
    expect(finderCappedRow(512)).toBe('not tried: over the form’s maximum (512)');
  });
});
