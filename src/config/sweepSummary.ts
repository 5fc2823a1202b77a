/**
 * What a sweep's points allow its card to say: per point an interval of samples/s, the best point by the
 * measure chosen, and which neighbouring points do not differ beyond noise. Pure; imports only config.
 *
 * A point's interval is the min–max of its blocks' samples/s: its timed steps (stableTiming's rule: after
 * the compile step and the initial prefetch) cut into consecutive blocks of `blockSteps`, each block's
 * samples ÷ its time. Two points differ beyond noise only when their intervals do not overlap.
 */
import { DEFAULT_TIMING, type TimingVerdict } from './stableTiming';
import type { TelemetryRow } from './telemetry';

/** The step figures this module reads from a point's telemetry rows. */
type StepTiming = Pick<TelemetryRow, 'step' | 'stepMs' | 'batchSize'>;

/** Samples/s of each complete block of the timed steps, oldest first. */
export function blockSamplesPerSec(
  rows: readonly StepTiming[],
  verdict: Pick<TimingVerdict, 'firstTimedStep' | 'lastTimedStep'>,
  blockSteps: number = DEFAULT_TIMING.blockSteps,
): number[] {
  const timed = rows.filter((r) => r.step >= verdict.firstTimedStep && r.step <= verdict.lastTimedStep);
  const rates: number[] = [];
  for (let end = blockSteps; end <= timed.length; end += blockSteps) {
    const block = timed.slice(end - blockSteps, end);
    const ms = block.reduce((sum, r) => sum + r.stepMs, 0);
    const samples = block.reduce((sum, r) => sum + r.batchSize, 0);
    if (ms > 0) rates.push((samples * 1000) / ms);
  }
  return rates;
}

/** A point's figure (its run's samples/s, or another measure) with the min–max of its blocks. */
export interface PointFigure {
  value: number;
  /** min and max of its blocks; equal to `value` when it had fewer than 2 blocks (no spread known). */
  low: number;
  high: number;
  /** Blocks the interval rests on. */
  blocks: number;
}

export function pointFigure(value: number, blockRates: readonly number[]): PointFigure {
  if (blockRates.length < 2) return { value, low: value, high: value, blocks: blockRates.length };
  return { value, low: Math.min(...blockRates), high: Math.max(...blockRates), blocks: blockRates.length };
}

const overlaps = (a: PointFigure, b: PointFigure): boolean => a.low <= b.high && b.low <= a.high;

export interface SweepSummary {
  /** Index of the best point by the measure (highest when `higherIsBetter`), in the points given. */
  best: number;
  /** Indices of the points whose interval overlaps the best's: not distinguishable from it here. */
  tiedWithBest: number[];
  /** Neighbouring pairs (i, i + 1) whose intervals overlap: they do not differ beyond noise. */
  sameAsNext: number[];
  /** Points without a spread (fewer than 2 blocks): their sameness cannot be judged. */
  noSpread: number[];
}

/** The summary of measured points in sweep order; null when there are none. */
export function sweepSummary(points: readonly PointFigure[], higherIsBetter = true): SweepSummary | null {
  if (points.length === 0) return null;
  let best = 0;
  points.forEach((p, i) => {
    const b = points[best]!;
    if (higherIsBetter ? p.value > b.value : p.value < b.value) best = i;
  });
  const hasSpread = (p: PointFigure) => p.blocks >= 2;
  const bestPoint = points[best]!;
  return {
    best,
    tiedWithBest: points.flatMap((p, i) =>
      i !== best && hasSpread(p) && hasSpread(bestPoint) && overlaps(p, bestPoint) ? [i] : [],
    ),
    sameAsNext: points.flatMap((p, i) => {
      const next = points[i + 1];
      return next && hasSpread(p) && hasSpread(next) && overlaps(p, next) ? [i] : [];
    }),
    noSpread: points.flatMap((p, i) => (hasSpread(p) ? [] : [i])),
  };
}
