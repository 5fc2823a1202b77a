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

/** The verdict of an interval [low, high] of a ratio, and whether its measurement settled. */
export function ratioVerdict(interval: { low: number; high: number }, state: PairedState): RatioVerdict {
  const code: RatioVerdictCode = interval.low > 1 ? 'faster' : interval.high < 1 ? 'slower' : 'no-difference';
  return { code, notSettled: state !== 'settled' };
}
