/**
 * The words of a measured ratio: its figure, its interval and the method behind it, the verdict the
 * interval allows, whether the timing settled, and the title of the explanation that follows. Numbers and
 * verdict come from the same interval, so the words can never contradict the figure beside them. Pure.
 */
import type { MedianInterval } from '../../config/pairedTiming';
import type { RatioVerdict } from '../../config/ratioVerdict';
import { fill } from '../../i18n/fill';
import type { Dictionary } from '../../i18n/types';
import { percent, times } from '../lessons/lessonFormat';

export interface VerdictWords {
  /** "1.30× the samples per second". */
  figure: string;
  /** "1.21× to 1.42×, 95% interval of the median of 9 paired rounds". */
  interval: string;
  /** "faster" | "slower" | "no difference measurable here". */
  verdict: string;
  /** Settled, or not settled at the cap (with "run again"). */
  settledNote: string;
  /** "Why not more:" | "Why slower:" | "Why no difference:". */
  explainTitle: string;
}

export function verdictWords(
  t: Dictionary,
  locale: string,
  ratio: MedianInterval,
  verdict: RatioVerdict,
  tolerance: number,
  /** How the interval was made: paired rounds (named by the coverage they reach) or two unpaired runs. */
  source: 'paired' | 'unpaired' = 'paired',
): VerdictWords {
  const w = t.verdict;
  const template =
    source === 'unpaired' ? w.method.unpaired : ratio.coverage >= 0.95 ? w.method.paired : w.method.minMax;
  const method = fill(template, { rounds: ratio.rounds });
  const note =
    source === 'unpaired'
      ? verdict.notSettled
        ? w.notSettledRuns
        : w.settledRuns
      : verdict.notSettled
        ? w.notSettled
        : w.settled;
  return {
    figure: fill(w.figure, { ratio: times(ratio.median, locale) }),
    interval: fill(w.interval, { low: times(ratio.low, locale), high: times(ratio.high, locale), method }),
    verdict: w.codes[verdict.code],
    settledNote: fill(note, { rounds: ratio.rounds, tolerance: percent(tolerance, locale) }),
    explainTitle: w.explainTitle[verdict.code],
  };
}
