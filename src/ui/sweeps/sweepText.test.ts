import { afterEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../state/store';
import { resultAhead, resultBest, resultSameAsNext, resultTied } from './sweepText';

const initial = useAppStore.getState().lang;
afterEach(() => useAppStore.setState({ lang: initial }));

describe("the sweep card's best-point words", () => {
  it('names the best point with its interval, and the points tied with it, in English', () => {
    useAppStore.setState({ lang: 'en' });
    expect(resultBest('batch 2', '14.3', '12.9', '15.1', true)).toBe(
      'batch 2: 14.3 samples/s (12.9–15.1), the most of this sweep',
    );
    expect(resultBest('batch 2', '14.3', '14.3', '14.3', false)).not.toContain('(');
    expect(resultTied(['batch 4', 'batch 8'])).toBe(
      'batch 4 and batch 8 do not differ from it beyond the spread of their blocks.',
    );
    expect(resultTied(['batch 4'])).toBe('batch 4 does not differ from it beyond the spread of its blocks.');
    expect(resultAhead('batch 2')).toBe(
      "Every other point's interval lies below batch 2's: it is ahead beyond the spread of their blocks.",
    );
    expect(resultSameAsNext([['batch 1', 'batch 2']])).toContain('batch 1 and batch 2');
  });

  it('says the same in Chinese, every placeholder filled', () => {
    useAppStore.setState({ lang: 'zh-CN' });
    const best = resultBest('batch 2', '14.3', '12.9', '15.1', true);
    expect(best).toContain('14.3');
    expect(best).toContain('（12.9–15.1）');
    const tied = resultTied(['batch 4', 'batch 8']);
    expect(tied).toContain('batch 4和batch 8');
    for (const text of [best, tied, resultSameAsNext([['batch 1', 'batch 2']])]) {
      expect(text).not.toMatch(/[{}]/);
    }
    expect(resultAhead('batch 2')).toContain('batch 2 的区间');
    expect(resultAhead('batch 2')).not.toMatch(/[{}]/);
  });
});
