/**
 * Turns the page's telemetry history into chart stores: one x per step on a timeline that spans every
 * run of the page (a new config restarts the trainer's step counter at 0, so runs are laid end to end
 * and their starts are remembered as markers). Pure data, no DOM: unit-tested with plain rows.
 *
 * x = offset of the run + step. The first run has offset 0; a later run starts one past the last x seen,
 * so its step-0 evaluation never shares an x with the previous run's last point.
 */
import type { EvalRecord, TelemetryRow } from '../config/telemetry';
import { createDownsampleStore, DEFAULT_BUCKET_CAPACITY, type DownsampleStore } from './downsampleStore';

/** The row figures the charts draw, in store column order. */
export const ROW_SERIES = [
  'gpuBytesInUse',
  'gpuPeakBytes',
  'gpuBytesAllocated',
  'hostBytesInFlight',
  'samplesPerSec',
  'dataWaitMs',
  'uploadMs',
  'computeMs',
  'uploadedImageBytes',
  'uploadedMaskBytes',
  'loss',
] as const satisfies readonly (keyof TelemetryRow)[];
export type RowSeries = (typeof ROW_SERIES)[number];

export const EVAL_SERIES = ['meanIoU', 'pixelAccuracy'] as const satisfies readonly (keyof EvalRecord)[];
export type EvalSeries = (typeof EVAL_SERIES)[number];

/** Column index of a figure in `rows.ys` / `evals.ys`. */
export const rowColumn = (name: RowSeries): number => ROW_SERIES.indexOf(name);
export const evalColumn = (name: EvalSeries): number => EVAL_SERIES.indexOf(name);

const finiteOrNull = (v: number | null): number | null => (v !== null && Number.isFinite(v) ? v : null);

export interface RunTimeline {
  readonly rows: DownsampleStore;
  readonly evals: DownsampleStore;
  /** x where each run after the first one started (its step 0). */
  readonly runStartXs: readonly number[];
  /** The newest telemetry row ingested (raw, not downsampled). */
  readonly latestRow: TelemetryRow | null;
  addRow(row: TelemetryRow): void;
  addEval(record: EvalRecord): void;
  clear(): void;
}

export function createRunTimeline(bucketCapacity = DEFAULT_BUCKET_CAPACITY): RunTimeline {
  const rows = createDownsampleStore(ROW_SERIES.length, bucketCapacity);
  const evals = createDownsampleStore(EVAL_SERIES.length, bucketCapacity);
  const runStartXs: number[] = [];
  let offset = 0;
  let lastX = -1;
  /** Steps seen in the current run: last row step (null before its first row), largest step of any record. */
  let lastRowStep: number | null = null;
  let lastStep = -1;
  let latestRow: TelemetryRow | null = null;
  const newRun = () => {
    offset = lastX + 1;
    runStartXs.push(offset);
    lastRowStep = null;
    lastStep = -1;
  };
  const see = (step: number) => {
    lastStep = Math.max(lastStep, step);
    lastX = Math.max(lastX, offset + step);
  };
  return {
    rows,
    evals,
    runStartXs,
    get latestRow() {
      return latestRow;
    },
    addRow(row) {
      // Steps rise by one per row within a run; a step that does not is the first row of a new run.
      if (lastRowStep !== null && row.step <= lastRowStep) newRun();
      lastRowStep = row.step;
      see(row.step);
      latestRow = row;
      rows.push(
        offset + row.step,
        ROW_SERIES.map((name) => finiteOrNull(row[name])),
      );
    },
    addEval(record) {
      // Evaluations come after the row of their step; one older than the run's last step opens a new run.
      if (record.step < lastStep) newRun();
      see(record.step);
      evals.push(
        offset + record.step,
        EVAL_SERIES.map((name) => finiteOrNull(record[name])),
      );
    },
    clear() {
      rows.clear();
      evals.clear();
      runStartXs.length = 0;
      offset = 0;
      lastX = -1;
      lastRowStep = null;
      lastStep = -1;
      latestRow = null;
    },
  };
}
