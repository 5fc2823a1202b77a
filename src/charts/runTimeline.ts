/**
 * Turns the page's telemetry history into chart stores: one x per page step (pageSteps.ts: steps trained
 * on the page, counted across runs), downsampled columns of the row and evaluation figures, and the run
 * starts after the first one as markers (with what changed). Pure data, no DOM: unit-tested with plain rows.
 */
import type { EvalRecord, TelemetryRow } from '../config/telemetry';
import type { ChartMarker } from './chartSpec';
import { createDownsampleStore, DEFAULT_BUCKET_CAPACITY, type DownsampleStore } from './downsampleStore';

/** The row figures the charts draw, in store column order. */
const ROW_SERIES = [
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

const EVAL_SERIES = ['meanIoU', 'pixelAccuracy'] as const satisfies readonly (keyof EvalRecord)[];
export type EvalSeries = (typeof EVAL_SERIES)[number];

/** Column index of a figure in `rows.ys` / `evals.ys`. */
export const rowColumn = (name: RowSeries): number => ROW_SERIES.indexOf(name);
export const evalColumn = (name: EvalSeries): number => EVAL_SERIES.indexOf(name);

const finiteOrNull = (v: number | null): number | null => (v !== null && Number.isFinite(v) ? v : null);

export interface RunTimeline {
  readonly rows: DownsampleStore;
  readonly evals: DownsampleStore;
  /** x of each run start after the first one, where lines break. */
  readonly runStartXs: readonly number[];
  /** The same run starts as markers: x, what changed (short), and in full. */
  readonly markers: readonly ChartMarker[];
  /** The newest telemetry row ingested (raw, not downsampled). */
  readonly latestRow: TelemetryRow | null;
  /** x = the row's page step (from the history). */
  addRow(row: TelemetryRow, x: number): void;
  addEval(record: EvalRecord, x: number): void;
  addRunStart(marker: ChartMarker): void;
  clear(): void;
}

export function createRunTimeline(bucketCapacity = DEFAULT_BUCKET_CAPACITY): RunTimeline {
  const rows = createDownsampleStore(ROW_SERIES.length, bucketCapacity);
  const evals = createDownsampleStore(EVAL_SERIES.length, bucketCapacity);
  const runStartXs: number[] = [];
  const markers: ChartMarker[] = [];
  let latestRow: TelemetryRow | null = null;
  return {
    rows,
    evals,
    runStartXs,
    markers,
    get latestRow() {
      return latestRow;
    },
    addRow(row, x) {
      latestRow = row;
      rows.push(
        x,
        ROW_SERIES.map((name) => finiteOrNull(row[name])),
      );
    },
    addEval(record, x) {
      evals.push(
        x,
        EVAL_SERIES.map((name) => finiteOrNull(record[name])),
      );
    },
    addRunStart(marker) {
      // Two starts without a step between them share one break.
      if (!(marker.x <= (runStartXs[runStartXs.length - 1] ?? -Infinity))) runStartXs.push(marker.x);
      markers.push(marker);
    },
    clear() {
      rows.clear();
      evals.clear();
      runStartXs.length = 0;
      markers.length = 0;
      latestRow = null;
    },
  };
}
