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
import { liveWords } from '../i18n/liveWords';
import { currentText } from '../i18n/useText';

/** Fixed texts, in the current language (`SWEEP_TEXT.run`, `SWEEP_TEXT.columns.peak`, …). */
export const SWEEP_TEXT = liveWords((t) => t.sweeps);

const locale = (): string => LOCALE_TAGS[useAppStore.getState().lang];

export const sweepProgress = (label: string, index: number, total: number, step: number): string =>
  fill(step === 0 ? SWEEP_TEXT.progressCompiling : SWEEP_TEXT.progressStep, {
    label,
    n: index + 1,
    total,
    step,
  });

export const sweepEnded = (phase: 'stopped' | 'failed', message: string | null): string =>
  phase === 'stopped' ? SWEEP_TEXT.stopped : fill(SWEEP_TEXT.failed, { message: message ?? '' });

/** What the values' decoder changed, each problem in the page's words. */
export const sweepDecodeProblems = (problems: readonly (readonly ProblemPart[])[]): string =>
  fill(SWEEP_TEXT.decodeProblems, {
    problems: problems.map((parts) => problemText(currentText(), { key: 'sw', parts })).join('; '),
  });

/** A setting's label, the form's (the dictionary's field labels). */
export const sweepSettingLabel = (s: SweepSetting): string => currentText().fields.settings[s].label;

/** A value as the view names it: `batch 8`, `32 px`, `uint8`. */
export function sweepValueWords(setting: SweepSetting, value: SweepValue): string {
  const labels = SWEEP_TEXT.valueLabels;
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
export function sweepPresetWords(id: string, fallback: { label: string; description: string }) {
  const words = (SWEEP_TEXT.presetsText as Readonly<Record<string, { label: string; description: string }>>)[
    id
  ];
  return words ?? fallback;
}

export const resultHeadline = (last: string, first: string, speed: string, memory: string): string =>
  fill(SWEEP_TEXT.resultHeadline, { last, first, speed, memory });

export const resultEfficiency = (best: string, perMiB: string): string =>
  fill(SWEEP_TEXT.resultEfficiency, { best, perMiB });

export const resultEstimate = (low: string, high: string): string =>
  fill(SWEEP_TEXT.resultEstimate, { range: low === high ? low : `${low}–${high}` });

export const resultSkipped = (count: number, reasons: string): string =>
  fill(plural(locale(), count, SWEEP_TEXT.resultSkipped), { count, reasons });

export const resultPixels = (last: string, first: string, ratio: string): string =>
  fill(SWEEP_TEXT.resultPixels, { last, first, ratio });

export const resultNoMemory = (): string => SWEEP_TEXT.resultNoMemory;
