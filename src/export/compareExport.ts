/**
 * What "Export JSON" writes for a finished comparison: both configs as run, the backend each worker ran
 * on, the summary table and every telemetry row, plus how the two sides were scheduled. Pure, so the file's
 * shape is unit-tested.
 */
import type { BackendInfo } from '../config/backendInfo';
import type { PairedVerdict } from '../config/pairedTiming';
import type { TelemetryRow } from '../config/telemetry';
import type { TrainConfig } from '../config/trainConfig';
import type { CompareSummary } from '../config/compareSummary';

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
