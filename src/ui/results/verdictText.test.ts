import { describe, expect, it } from 'vitest';
import { medianInterval } from '../../config/pairedTiming';
import { ratioVerdict } from '../../config/ratioVerdict';
import { DICTIONARIES } from '../../i18n/dictionaries';
import { verdictWords } from './verdictText';

const above = medianInterval([1.2, 1.25, 1.3, 1.35, 1.4, 1.28])!; // 1.2 … 1.4
const below = medianInterval([0.7, 0.75, 0.8, 0.85, 0.9, 0.78])!; // 0.7 … 0.9
const straddling = medianInterval([0.87, 1.65, 0.66, 1.15, 1.05])!; // 0.66 … 1.65

const words = (lang: 'en' | 'zh-CN', ratio: typeof above, state: 'settled' | 'capped' = 'settled') =>
  verdictWords(DICTIONARIES[lang], lang === 'en' ? 'en-US' : 'zh-CN', ratio, ratioVerdict(ratio, state), 0.1);

describe('ratio verdicts', () => {
  it('follow the interval: above 1 faster, below 1 slower, straddling 1 no difference', () => {
    expect(ratioVerdict(above, 'settled')).toEqual({ code: 'faster', notSettled: false });
    expect(ratioVerdict(below, 'settled')).toEqual({ code: 'slower', notSettled: false });
    expect(ratioVerdict(straddling, 'capped')).toEqual({ code: 'no-difference', notSettled: true });
    // A median above 1 is not enough: only the interval decides.
    expect(straddling.median).toBeGreaterThan(1);
  });

  it('in English: the words, the explanation title and the numbers come from one interval', () => {
    expect(words('en', above)).toEqual({
      figure: '1.29× the samples/s',
      interval: '1.20× to 1.40×, 95% interval, 6 paired rounds',
      verdict: 'faster',
      settledNote: 'Settled within ±10%.',
      explainTitle: 'Why not more:',
    });
    const slower = words('en', below);
    expect([slower.verdict, slower.explainTitle]).toEqual(['slower', 'Why slower:']);
    expect(slower.interval).toContain('0.70× to 0.90×');
    expect(slower.explainTitle).not.toMatch(/not more/);
    const none = words('en', straddling, 'capped');
    expect([none.verdict, none.explainTitle]).toEqual([
      'no difference measurable here',
      'Why no difference:',
    ]);
    expect(none.interval).toBe('0.66× to 1.65×, min to max, 5 paired rounds');
    expect(none.settledNote).toBe('Not settled within ±10% after 5 rounds: run again.');
  });

  it('in Chinese: the same verdicts, and a slower result never asks why it was not faster', () => {
    expect(words('zh-CN', above)).toMatchObject({ verdict: '更快', explainTitle: '为什么没有更快：' });
    const slower = words('zh-CN', below);
    expect(slower).toMatchObject({ verdict: '更慢', explainTitle: '为什么更慢：' });
    expect(slower.explainTitle).not.toContain('没有更快');
    expect(slower.interval).toContain('0.70× 至 0.90×');
    const none = words('zh-CN', straddling, 'capped');
    expect(none).toMatchObject({ verdict: '在这里测不出差别', explainTitle: '为什么没有差别：' });
    expect(none.settledNote).toContain('仍未稳定');
    expect(none.settledNote).toContain('5 轮');
  });

  it('names the method by the coverage it reaches', () => {
    const nine = medianInterval([1, 2, 3, 4, 5, 6, 7, 8, 9])!;
    expect(words('en', nine).interval).toBe('2.00× to 8.00×, 95% interval, 9 paired rounds');
    expect(words('zh-CN', nine).interval).toContain('95% 区间，9 轮成对测量');
  });

  it('never claims a direction from too few rounds, even when every round agreed', () => {
    const two = medianInterval([1.6, 2.1])!; // min–max of 2 rounds: covers the median half the time
    expect(two.low).toBeGreaterThan(1);
    expect(ratioVerdict(two, 'capped')).toEqual({ code: 'no-difference', notSettled: true });
    const five = medianInterval([1.6, 2.1, 1.8, 1.9, 1.7])!; // 93.75%: enough to say faster
    expect(ratioVerdict(five, 'capped').code).toBe('faster');
  });
});
