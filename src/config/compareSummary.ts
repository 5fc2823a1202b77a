/**
 * The A/B summary table, as data: one metric per row with A's figure, B's figure and the B/A ratio, built
 * from each side's figures (./armFigures.ts): bytes per step from the last row; timing over the
 * timed steps only (a side measured in paired rounds: the steps of its timed blocks, never the compile
 * step or the batches a block's loader prefetched); the share of each step spent waiting for data; GPU bytes in use after the last step; the final
 * loss. Pure (no DOM, no store): the panel, the PNG and the JSON export all read it, and it is unit-tested.
 * Codes only: the page words each metric from its id (i18n's compare labels).
 */
import type { TelemetryRow } from './telemetry';
import { armFigures, ratioOf, type ArmFigures } from './armFigures';

export type CompareMetricId =
  | 'image-bytes-to-gpu'
  | 'bytes-to-gpu'
  | 'host-batch-bytes'
  | 'step-ms'
  | 'samples-per-sec'
  | 'data-wait-share'
  | 'gpu-bytes-in-use'
  | 'final-loss';

export type CompareUnit = 'bytes' | 'ms' | 'samples/s' | 'share' | 'loss';

export interface CompareMetric {
  id: CompareMetricId;
  unit: CompareUnit;
  /** A's figure; null when A has none (no rows, or no GPU memory on the cpu backend). */
  a: number | null;
  b: number | null;
  /** b / a; null when either is missing or a is 0. */
  ratio: number | null;
}

export interface CompareSummary {
  metrics: CompareMetric[];
  /** Rows each side reported. */
  stepsA: number;
  stepsB: number;
  /** Steps each side's timing figures were taken over, and the step they start at. */
  timedStepsA: number;
  timedStepsB: number;
  firstTimedStepA: number;
  firstTimedStepB: number;
}

const METRICS: readonly {
  id: CompareMetricId;
  unit: CompareUnit;
  pick: (f: ArmFigures) => number | null;
}[] = [
  { id: 'image-bytes-to-gpu', unit: 'bytes', pick: (f) => f.imageBytesToGpu },
  { id: 'bytes-to-gpu', unit: 'bytes', pick: (f) => f.bytesToGpu },
  { id: 'host-batch-bytes', unit: 'bytes', pick: (f) => f.hostBatchBytes },
  { id: 'step-ms', unit: 'ms', pick: (f) => f.meanStepMs },
  { id: 'samples-per-sec', unit: 'samples/s', pick: (f) => f.samplesPerSec },
  { id: 'data-wait-share', unit: 'share', pick: (f) => f.dataWaitShare },
  { id: 'gpu-bytes-in-use', unit: 'bytes', pick: (f) => f.gpuBytesInUse },
  { id: 'final-loss', unit: 'loss', pick: (f) => f.finalLoss },
];

export interface CompareSideInput {
  rows: readonly TelemetryRow[];
  /** First step the timing rule counted (config/stableTiming.ts). */
  firstTimedStep: number;
  /** Last step it counted; to the end when omitted. */
  lastTimedStep?: number;
  /** Sides measured in paired rounds: only these steps were timed (their blocks), and only they count. */
  onlySteps?: readonly number[] | null;
}

/** A side measured in paired rounds: its rows, timed over its blocks' steps only. */
export function pairedSideInput(
  rows: readonly TelemetryRow[],
  timedSteps: readonly number[],
): CompareSideInput {
  return { rows, firstTimedStep: timedSteps.length > 0 ? Math.min(...timedSteps) : 1, onlySteps: timedSteps };
}

const figuresOf = (side: CompareSideInput): ArmFigures =>
  armFigures(
    side.rows,
    side.firstTimedStep,
    side.lastTimedStep,
    side.onlySteps ? new Set(side.onlySteps) : null,
  );

/** The summary of two runs: each side's rows, in step order, and where its timing started. */
export function buildCompareSummary(a: CompareSideInput, b: CompareSideInput): CompareSummary {
  const fa = figuresOf(a);
  const fb = figuresOf(b);
  const metrics = METRICS.map(({ id, unit, pick }) => {
    const va = pick(fa);
    const vb = pick(fb);
    return { id, unit, a: va, b: vb, ratio: ratioOf(va, vb) };
  });
  return {
    metrics,
    stepsA: fa.steps,
    stepsB: fb.steps,
    timedStepsA: fa.timedSteps,
    timedStepsB: fb.timedSteps,
    firstTimedStepA: fa.firstTimedStep,
    firstTimedStepB: fb.firstTimedStep,
  };
}

/**
 * Bar widths in percent of the larger of the two figures (0–100), for drawing A and B side by side on a
 * shared scale; zeros when neither is a positive number.
 */
export function barPercents(a: number | null, b: number | null): { a: number; b: number } {
  const max = Math.max(a ?? 0, b ?? 0);
  if (!(max > 0)) return { a: 0, b: 0 };
  const pct = (v: number | null) => (v !== null && v > 0 ? (v / max) * 100 : 0);
  return { a: pct(a), b: pct(b) };
}
