/**
 * What "Export JSON" writes for a finished comparison: both configs as run, the backend each worker ran
 * on, the summary table and every telemetry row, plus how the two sides were scheduled. Pure, so the file's
 * shape is unit-tested; also the cell texts shared by the panel's table and the PNG.
 */
import type { BackendInfo } from '../../config/backendInfo';
import { changedKeys } from '../../config/fieldTable';
import type { PairedVerdict } from '../../config/pairedTiming';
import type { TelemetryRow } from '../../config/telemetry';
import type { TrainConfig } from '../../config/trainConfig';
import type { CompareMetric, CompareSummary, CompareUnit } from './compareSummary';
import { formatExactBytes, formatMs, formatNumber, formatRatio } from '../format';
import { fill, plural } from '../../i18n/fill';
import { fieldOption } from '../fields/fieldText';
import type { Dictionary } from '../../i18n/types';

const COMPARE_SCHEDULE =
  'paired rounds: one training worker (own GPU device) per side, both kept alive, training one at a time in timed blocks A, B, A, B…';
const COMPARE_TIMING =
  'each round gives one B ÷ A samples/s ratio; the figure is the median of the rounds with its order-statistic interval, measured until the interval lies within ±10% of the median or at the cap; only the steps of the timed blocks are timed (timedSteps), never the compile step or the batches a block prefetched';

interface CompareExportSide {
  config: TrainConfig;
  backend: BackendInfo | null;
  rows: TelemetryRow[];
  /** The steps its paired blocks timed: the summary's timing figures rest on these rows only. */
  timedSteps: number[] | null;
}

export interface CompareExport {
  kind: 'batchlab-comparison';
  version: 1;
  finishedAt: string | null;
  /** How each side's steps were timed (config/stableTiming.ts). */
  timing: string;
  schedule: string;
  /** The B overrides as the link carries them (`b.*`). */
  overridesB: Partial<TrainConfig>;
  a: CompareExportSide;
  b: CompareExportSide;
  /** B ÷ A in paired rounds: each round's ratios, the median with its interval, settled or capped. */
  paired: PairedVerdict | null;
  summary: CompareSummary;
  /** The page's link to this experiment (A with the B overrides). */
  link: string;
}

export function buildCompareExport(
  input: Omit<CompareExport, 'kind' | 'version' | 'schedule' | 'timing'>,
): CompareExport {
  return {
    kind: 'batchlab-comparison',
    version: 1,
    schedule: COMPARE_SCHEDULE,
    timing: COMPARE_TIMING,
    ...structuredClone(input),
  };
}

/** `batchlab-comparison-2025-01-02T03-04-05.json` (no characters a file system dislikes). */
export function compareFileName(finishedAt: string | null, extension: 'json' | 'png'): string {
  const stamp = (finishedAt ?? 'unfinished').replace(/\.\d+Z$/, 'Z').replace(/[:.]/g, '-');
  return `batchlab-comparison-${stamp}.${extension}`;
}

/** How a missing figure reads, and the locale of the digits (the page's; English by default). */
export interface CompareFormat {
  na: string;
  locale: string;
}
const ENGLISH: CompareFormat = { na: 'n/a', locale: 'en-US' };

/** A figure as the table shows it: bytes exactly, times in ms or s, rates and losses to fixed digits. */
export function formatCompareValue(
  unit: CompareUnit,
  value: number | null,
  f: CompareFormat = ENGLISH,
): string {
  if (value === null) return f.na;
  switch (unit) {
    case 'bytes':
      return formatExactBytes(value, f.locale);
    case 'ms':
      return formatMs(value, f.locale);
    case 'samples/s':
      return formatNumber(value, f.locale, 2);
    case 'share':
      return `${formatNumber(value * 100, f.locale, 0)}%`;
    case 'loss':
      return value.toFixed(4);
  }
}

/** The B/A cell: `4.00×`, or `n/a` when either side lacks the figure. */
export function formatCompareRatio(metric: CompareMetric, f: CompareFormat = ENGLISH): string {
  return metric.ratio === null ? f.na : formatRatio(metric.ratio, f.locale);
}

/** The settings describeSide always names; B's override controls offer these and the backend. */
export const DESCRIBED_SETTINGS: readonly (keyof TrainConfig)[] = [
  'imageDtype',
  'normalizeOn',
  'uploadPath',
  'maskDtype',
  'imageSizePx',
  'batchSize',
  'workers',
];

/**
 * Short words for a side: "uint8 images, normalize in model, packed upload, uint8 masks, 16 px × 2,
 * 0 loader workers (webgpu)", plus every other setting in which it differs from `other`, so two sides are
 * never described alike.
 */
export function describeSide(
  t: Dictionary,
  locale: string,
  config: TrainConfig,
  backend: string | null,
  other?: TrainConfig,
): string {
  const w = t.compare.side;
  const upload =
    config.imageDtype === 'uint8'
      ? fill(w.upload, { path: fieldOption(t, 'uploadPath', config.uploadPath) })
      : '';
  const workers = fill(plural(locale, config.workers, w.workers), { n: config.workers });
  const extra = other
    ? changedKeys(config, other)
        .filter((k) => !DESCRIBED_SETTINGS.includes(k))
        .map((k) =>
          fill(w.extra, {
            name: t.fields.settings[k].label.toLocaleLowerCase(locale),
            value: fieldOption(t, k, config[k]),
          }),
        )
        .join('')
    : '';
  const text = fill(w.text, {
    image: config.imageDtype,
    norm: fieldOption(t, 'normalizeOn', config.normalizeOn),
    upload,
    mask: fieldOption(t, 'maskDtype', config.maskDtype),
    size: config.imageSizePx,
    batch: config.batchSize,
    workers,
    extra,
  });
  return text + (backend ? fill(w.backend, { backend }) : '');
}
