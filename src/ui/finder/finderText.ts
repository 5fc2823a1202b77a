/**
 * The batch finder's (BatchFinder.tsx) words, in one place: the dictionary's `finder` area
 * (src/i18n/{en,zh-CN}/finder.ts) read in the page's language, and small functions for the strings with
 * numbers (numbers arrive formatted). Imports i18n and ui/i18n only.
 */
import type { FinderBound } from '../../config/batchFinder';
import { fill } from '../../i18n/fill';
import { currentText } from '../i18n/useText';

/** The `finder` area in the language in force now (components read it with `useText().finder`). */
const words = () => currentText().finder;

export const finderRunning = (trials: number): string => fill(words().running, { n: trials + 1 });

/** The result in plain words: what ran, beside the estimate's prediction, and their ratio. */
export function finderResultText(largestBatch: number, predicted: number, ratio: string | null): string {
  const r = words().result;
  if (largestBatch === 0) return predicted > 0 ? fill(r.noneRanFits, { predicted }) : r.noneRanAgrees;
  const head = fill(r.head, { largest: largestBatch, predicted });
  if (ratio === null) return fill(r.noRatio, { head });
  if (largestBatch === predicted) return fill(r.same, { head, ratio });
  return fill(largestBatch < predicted ? r.below : r.above, { head, ratio });
}

export const finderUseBatch = (batch: number): string => fill(words().useBatch, { n: batch });
export const finderStoppedEarly = (largestBatch: number): string =>
  largestBatch > 0 ? fill(words().stoppedEarly, { n: largestBatch }) : words().stoppedBeforeAny;

/** What bounded the answer: "≥ N" and why unless a step failed; null for Stop (finderStoppedEarly says it). */
export function finderBoundText(largestBatch: number, bound: FinderBound): string | null {
  const b = words().bound;
  switch (bound.kind) {
    case 'failed':
      return fill(b.failed, { largest: largestBatch, batch: bound.batchSize });
    case 'form-max':
      return fill(b.formMax, { largest: largestBatch, max: bound.max });
    case 'refused':
      return fill(b.refused[bound.source], { largest: largestBatch, batch: bound.batchSize });
    case 'stopped':
      return null;
  }
}

/** The capped next batch's row: the batch the doubling would have tried beyond the form's maximum. */
export const finderCappedRow = (max: number): string => fill(words().bound.cappedRow, { max });
