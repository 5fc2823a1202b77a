/**
 * The result card's figures, from the sweep's points: the point with the most samples/s with its interval
 * (config/sweepSummary.ts: min–max of its blocks), the points not distinguishable from it and the
 * neighbours that do not differ beyond that spread; the last point's peak against the first's, the point
 * with the most samples/s per MiB of peak, the estimate ÷ peak range, and the points that did not run with
 * their reasons. Pure; null until two points are measured.
 */
import type { SweepSetting } from '../../config/sweep';
import { sweepSummary, type PointFigure } from '../../config/sweepSummary';
import { sweepValueWords } from './sweepText';
import {
  estimateOverPeak,
  samplesPerSecFigure,
  samplesPerSecPerMiB,
  type SweepPoint,
} from '../../config/sweepPoint';

export interface SweepResult {
  firstLabel: string;
  lastLabel: string;
  /** The measured point with the most samples/s, and its interval. */
  best: { label: string; figure: PointFigure };
  /** Points whose interval overlaps the best's: they do not differ from it beyond the spread of blocks. */
  tiedWithBest: string[];
  /** Neighbouring measured points (neither the best) whose intervals overlap. */
  sameAsNext: [string, string][];
  /** Points timed in fewer than 2 blocks: no spread known, so not compared. */
  noSpread: string[];
  /** Every point has a spread and none overlaps the best's: it is ahead of all beyond noise. */
  aheadOfAll: boolean;
  /** Last ÷ first peak bytes; null where the backend measures no peak. */
  peakRatio: number | null;
  /** The point with the most samples/s per MiB of peak, and that figure. */
  bestPerMiB: { label: string; value: number } | null;
  /** Smallest and largest estimate ÷ measured peak. */
  estimateOverPeak: { low: number; high: number } | null;
  skipped: { label: string; status: string; reason: string }[];
  /** Image-size sweeps: last ÷ first pixels per image (the side's square); null for other settings. */
  pixelRatio: number | null;
}

export function sweepResult(setting: SweepSetting, points: readonly SweepPoint[]): SweepResult | null {
  const measured = points.filter((p) => p.status === 'done' && p.measured);
  const first = measured[0];
  const last = measured.at(-1);
  if (!first || !last || first === last) return null;
  const label = (p: SweepPoint) => sweepValueWords(setting, p.value);
  const peak = (p: SweepPoint) => p.measured!.gpuPeakBytes;
  const firstPeak = peak(first);
  const lastPeak = peak(last);
  let best: SweepResult['bestPerMiB'] = null;
  for (const p of measured) {
    const v = samplesPerSecPerMiB(p.measured!);
    if (v !== null && (best === null || v > best.value)) best = { label: label(p), value: v };
  }
  const ratios = measured.map(estimateOverPeak).filter((r): r is number => r !== null);
  const figures = measured.map((p) => samplesPerSecFigure(p.measured!));
  const summary = sweepSummary(figures, true)!;
  return {
    firstLabel: label(first),
    lastLabel: label(last),
    best: { label: label(measured[summary.best]!), figure: figures[summary.best]! },
    tiedWithBest: summary.tiedWithBest.map((i) => label(measured[i]!)),
    sameAsNext: summary.sameAsNext
      .filter((i) => i !== summary.best && i + 1 !== summary.best)
      .map((i) => [label(measured[i]!), label(measured[i + 1]!)]),
    noSpread: summary.noSpread.map((i) => label(measured[i]!)),
    aheadOfAll: summary.noSpread.length === 0 && summary.tiedWithBest.length === 0,
    peakRatio: firstPeak !== null && lastPeak !== null && firstPeak > 0 ? lastPeak / firstPeak : null,
    bestPerMiB: best,
    estimateOverPeak: ratios.length ? { low: Math.min(...ratios), high: Math.max(...ratios) } : null,
    skipped: points
      .filter((p) => p.status === 'failed' || p.status === 'refused')
      .map((p) => ({ label: label(p), status: p.status, reason: p.reason ?? '' })),
    pixelRatio: setting === 'imageSizePx' ? ((last.value as number) / (first.value as number)) ** 2 : null,
  };
}
