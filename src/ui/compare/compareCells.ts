/**
 * The comparison's cell texts, shared by the panel's table and its PNG, and the words for each side.
 */
import { changedKeys } from '../../config/fieldTable';
import type { CompareMetric, CompareUnit } from '../../config/compareSummary';
import type { TrainConfig } from '../../config/trainConfig';
import { formatExactBytes, formatMs, formatNumber, formatRatio } from '../format';
import { fill, plural } from '../../i18n/fill';
import { fieldOption } from '../fields/fieldText';
import type { Dictionary } from '../../i18n/types';

/** How a missing figure reads, and the locale of the digits (the page's). */
export interface CompareFormat {
  na: string;
  locale: string;
}

/** A figure as the table shows it: bytes exactly, times in ms or s, rates and losses to fixed digits. */
export function formatCompareValue(unit: CompareUnit, value: number | null, f: CompareFormat): string {
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
export function formatCompareRatio(metric: CompareMetric, f: CompareFormat): string {
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
