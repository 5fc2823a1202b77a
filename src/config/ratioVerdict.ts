/**
 * What a measured ratio with its interval lets a card say: the verdict follows the interval, never the
 * point figure alone. A ratio is "B's samples/s ÷ A's" (> 1: B faster). Codes only; ui/ words them through
 * the dictionaries (i18n `verdict`). Pure; imports only config.
 */
import type { PairedState } from './pairedTiming';

/** 'faster': the whole interval lies above 1; 'slower': below 1; 'no-difference': it straddles 1. */
type RatioVerdictCode = 'faster' | 'slower' | 'no-difference';

export interface RatioVerdict {
  code: RatioVerdictCode;
  /** The measurement reached its cap before its interval was narrow enough: the card says so. */
  notSettled: boolean;
}

/**
 * Coverage below which an interval says nothing about direction: fewer than 5 paired rounds (min–max of
 * 4 rounds covers the median only 87.5% of the time). Such a result reads "no difference measurable".
 */
const MIN_VERDICT_COVERAGE = 0.9;

/**
 * The verdict of an interval [low, high] of a ratio, and whether its measurement settled. A paired
 * interval whose coverage is below MIN_VERDICT_COVERAGE never claims a direction.
 */
export function ratioVerdict(
  interval: { low: number; high: number; coverage?: number },
  state: PairedState,
): RatioVerdict {
  // Coverage 0 marks an unpaired interval (slowest to fastest blocks of two runs: no rank coverage, but
  // conservative by construction), which is judged by its ends alone.
  const tooFew =
    interval.coverage !== undefined && interval.coverage > 0 && interval.coverage < MIN_VERDICT_COVERAGE;
  const code: RatioVerdictCode = tooFew
    ? 'no-difference'
    : interval.low > 1
      ? 'faster'
      : interval.high < 1
        ? 'slower'
        : 'no-difference';
  return { code, notSettled: state !== 'settled' };
}
