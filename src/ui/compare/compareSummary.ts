/**
 * The A/B summary table, as data: one metric per row with A's figure, B's figure and the B/A ratio, built
 * from the two runs' telemetry rows. Pure (no DOM, no store), so the numbers the panel shows, the PNG draws
 * and the JSON exports all come from here and are unit-tested.
 *
 * Timing figures (step ms, samples/s) are medians over the steps after the first: each side's first step
 * compiles its GPU pipelines (4–20 s on a software adapter) and would otherwise dominate a short run. A
 * one-step run has only that step, so it is used as it is. Byte figures are the last step's (they do not
 * change between steps); GPU bytes in use are the last step's, and the final loss is the last step's loss.
 */
import type { TelemetryRow } from '../../config/telemetry';

export const COMPARE_METRIC_IDS = [
  'image-bytes-to-gpu',
  'bytes-to-gpu',
  'host-batch-bytes',
  'step-ms',
  'samples-per-sec',
  'gpu-bytes-in-use',
  'final-loss',
] as const;
export type CompareMetricId = (typeof COMPARE_METRIC_IDS)[number];

export type CompareUnit = 'bytes' | 'ms' | 'samples/s' | 'loss';

export interface CompareMetric {
  id: CompareMetricId;
  label: string;
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
  /** Rows each side's timing medians were taken over (the first step is left out when there are more). */
  timedStepsA: number;
  timedStepsB: number;
}

/** Median of `values` (mean of the middle two for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  const hi = sorted[mid] ?? 0;
  return sorted.length % 2 === 1 ? hi : ((sorted[mid - 1] ?? hi) + hi) / 2;
}

/** The rows timing figures are taken over: all but the first (pipeline compilation) when there are two or more. */
export function timedRows(rows: readonly TelemetryRow[]): readonly TelemetryRow[] {
  return rows.length > 1 ? rows.slice(1) : rows;
}

/** b / a, or null when either is missing or not finite, or a is 0. */
export function ratioOf(a: number | null, b: number | null): number | null {
  if (a === null || b === null || !Number.isFinite(a) || !Number.isFinite(b) || a === 0) return null;
  return b / a;
}

type Measure = (rows: readonly TelemetryRow[]) => number | null;

const last = (rows: readonly TelemetryRow[]): TelemetryRow | undefined => rows[rows.length - 1];

const METRICS: readonly { id: CompareMetricId; label: string; unit: CompareUnit; measure: Measure }[] = [
  {
    id: 'image-bytes-to-gpu',
    label: 'Image bytes to GPU per step',
    unit: 'bytes',
    measure: (rows) => last(rows)?.uploadedImageBytes ?? null,
  },
  {
    id: 'bytes-to-gpu',
    label: 'Bytes to GPU per step (images + masks)',
    unit: 'bytes',
    measure: (rows) => {
      const row = last(rows);
      return row ? row.uploadedImageBytes + row.uploadedMaskBytes : null;
    },
  },
  {
    id: 'host-batch-bytes',
    label: 'Host bytes per batch',
    unit: 'bytes',
    measure: (rows) => last(rows)?.hostBatchBytes ?? null,
  },
  {
    id: 'step-ms',
    label: 'Step time (median)',
    unit: 'ms',
    measure: (rows) => median(timedRows(rows).map((r) => r.stepMs)),
  },
  {
    id: 'samples-per-sec',
    label: 'Samples per second (median)',
    unit: 'samples/s',
    measure: (rows) => median(timedRows(rows).map((r) => r.samplesPerSec)),
  },
  {
    id: 'gpu-bytes-in-use',
    label: 'GPU bytes in use (last step)',
    unit: 'bytes',
    measure: (rows) => last(rows)?.gpuBytesInUse ?? null,
  },
  {
    id: 'final-loss',
    label: 'Final loss',
    unit: 'loss',
    measure: (rows) => last(rows)?.loss ?? null,
  },
];

/** The summary of two runs' telemetry: A's rows, B's rows, in step order. */
export function buildCompareSummary(
  rowsA: readonly TelemetryRow[],
  rowsB: readonly TelemetryRow[],
): CompareSummary {
  const metrics = METRICS.map(({ id, label, unit, measure }) => {
    const a = measure(rowsA);
    const b = measure(rowsB);
    return { id, label, unit, a, b, ratio: ratioOf(a, b) };
  });
  return {
    metrics,
    stepsA: rowsA.length,
    stepsB: rowsB.length,
    timedStepsA: timedRows(rowsA).length,
    timedStepsB: timedRows(rowsB).length,
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
