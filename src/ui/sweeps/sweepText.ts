/**
 * The Tradeoff view's (ui/sweeps/) words, in one place: the dictionary's `sweeps` area
 * (src/i18n/{en,zh-CN}/sweeps.ts) read in the page's language, and small functions for the strings with
 * numbers. Chart titles and series are worded at mount from the same area (charts/localizeSpec.ts).
 * Imports config (vocabularies, problem parts), i18n and the store's language only.
 */
import type { ProblemPart } from '../../config/problems';
import { type SweepSetting, type SweepValue } from '../../config/sweep';
import { LOCALE_TAGS } from '../../i18n/dictionaries';
import { fill, plural } from '../../i18n/fill';
import { problemText } from '../../i18n/problemText';
import { useAppStore } from '../../state/store';
import { currentText } from '../i18n/useText';

/** The `sweeps` area in the language in force now (components read it with `useText().sweeps`). */
const words = () => currentText().sweeps;

const locale = (): string => LOCALE_TAGS[useAppStore.getState().lang];

export const sweepProgress = (label: string, index: number, total: number, step: number): string =>
  fill(step === 0 ? words().progressCompiling : words().progressStep, {
    label,
    n: index + 1,
    total,
    step,
  });

export const sweepEnded = (phase: 'stopped' | 'failed', message: string | null): string =>
  phase === 'stopped' ? words().stopped : fill(words().failed, { message: message ?? '' });

/** What the values' decoder changed, each problem in the page's words. */
export const sweepDecodeProblems = (problems: readonly (readonly ProblemPart[])[]): string =>
  fill(words().decodeProblems, {
    problems: problems.map((parts) => problemText(currentText(), { key: 'sw', parts })).join('; '),
  });

/** A setting's label, the form's (the dictionary's field labels). */
export const sweepSettingLabel = (s: SweepSetting): string => currentText().fields.settings[s].label;

/** A value as the view names it: `batch 8`, `32 px`, `uint8`. */
export function sweepValueWords(setting: SweepSetting, value: SweepValue): string {
  const labels = words().valueLabels;
  switch (setting) {
    case 'batchSize':
    case 'imageSizePx':
    case 'baseWidth':
    case 'depth':
      return fill(labels[setting], { value });
    case 'workers':
      return fill(plural(locale(), Number(value), labels.workers), { value });
    default:
      return String(value);
  }
}

/** A preset's label and one-sentence description, by its id (config/sweep.ts's SWEEP_PRESETS). */
export const sweepPresetWords = (id: string) =>
  (words().presetsText as Readonly<Record<string, { label: string; description: string }>>)[id];

/** Names as one list in the page's language: `batch 4 and batch 8`, `batch 4、batch 8`. */
const list = (names: readonly string[]): string =>
  new Intl.ListFormat(locale(), { type: 'conjunction' }).format(names);

/** The best point's line: its samples/s with its interval (`low`–`high`), or without when it has none. */
export const resultBest = (best: string, value: string, low: string, high: string, spread: boolean): string =>
  fill(spread ? words().resultBest : words().resultBestNoSpread, { best, value, low, high });

export const resultInterval = (best: string, blocks: number): string =>
  fill(words().resultInterval, { best, blocks });

/** Which points the best does not differ from beyond noise. */
export const resultTied = (points: readonly string[]): string =>
  fill(plural(locale(), points.length, words().resultTied), { points: list(points) });

/** The best is ahead of every other point beyond the spread of their blocks. */
export const resultAhead = (best: string): string => fill(words().resultAhead, { best });

export const resultSameAsNext = (pairs: readonly (readonly [string, string])[]): string =>
  fill(words().resultSameAsNext, { pairs: pairs.map((p) => list(p)).join('; ') });

export const resultNoSpread = (points: readonly string[]): string =>
  fill(words().resultNoSpread, { points: list(points) });

export const resultMemory = (last: string, first: string, memory: string): string =>
  fill(words().resultMemory, { last, first, memory });

export const resultEfficiency = (best: string, perMiB: string): string =>
  fill(words().resultEfficiency, { best, perMiB });

export const resultEstimate = (low: string, high: string): string =>
  fill(words().resultEstimate, { range: low === high ? low : `${low}–${high}` });

export const resultSkipped = (count: number, reasons: string): string =>
  fill(plural(locale(), count, words().resultSkipped), { count, reasons });

export const resultPixels = (last: string, first: string, ratio: string): string =>
  fill(words().resultPixels, { last, first, ratio });

export const resultNoMemory = (): string => words().resultNoMemory;
