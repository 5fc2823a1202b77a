/**
 * The figures of one measured run ("arm") from its telemetry rows and the step its timing started at:
 * bytes per step (they do not change between steps: the last row's), and timing over the timed steps only
 * — warm-up and prefetched steps left out (config/stableTiming.ts). Step time is the mean over the timed
 * steps (the throughput the run achieved), and the data-wait share is Σ waited ÷ Σ step time over them.
 * Pure; the comparison table and the lesson cards both read these.
 */
import { mean } from './stableTiming';
import type { TelemetryRow } from './telemetry';

export interface ArmFigures {
  /** Rows the arm reported. */
  steps: number;
  /** Rows its timing figures are taken over. */
  timedSteps: number;
  firstTimedStep: number;
  imageBytesToGpu: number | null;
  maskBytesToGpu: number | null;
  /** Images + masks handed to the GPU per step. */
  bytesToGpu: number | null;
  hostBatchBytes: number | null;
  meanStepMs: number | null;
  /** batch × 1000 ÷ mean step ms. */
  samplesPerSec: number | null;
  /** Share of the timed steps' time spent waiting for data, 0–1. */
  dataWaitShare: number | null;
  meanDataWaitMs: number | null;
  meanUploadMs: number | null;
  meanComputeMs: number | null;
  meanBatchBuildMs: number | null;
  /** GPU bytes in use after the last step; null off GPU backends. */
  gpuBytesInUse: number | null;
  finalLoss: number | null;
}

/**
 * An arm's figures; timing over steps `firstTimedStep` … `lastTimedStep` (steps after the measurement was
 * decided, e.g. profiled ones, which run slower on purpose, are left out).
 */
export function armFigures(
  rows: readonly TelemetryRow[],
  firstTimedStep: number,
  lastTimedStep = Number.POSITIVE_INFINITY,
  /** Arms measured in paired rounds: only these steps were timed (their blocks). */
  onlySteps: ReadonlySet<number> | null = null,
): ArmFigures {
  const last = rows.at(-1);
  const timed = rows.filter(
    (r) =>
      r.step >= firstTimedStep && r.step <= lastTimedStep && (onlySteps === null || onlySteps.has(r.step)),
  );
  const meanOf = (pick: (r: TelemetryRow) => number) => mean(timed.map(pick));
  const meanStepMs = meanOf((r) => r.stepMs);
  const totalStepMs = timed.reduce((s, r) => s + r.stepMs, 0);
  const totalWaitMs = timed.reduce((s, r) => s + r.dataWaitMs, 0);
  return {
    steps: rows.length,
    timedSteps: timed.length,
    firstTimedStep,
    imageBytesToGpu: last?.uploadedImageBytes ?? null,
    maskBytesToGpu: last?.uploadedMaskBytes ?? null,
    bytesToGpu: last ? last.uploadedImageBytes + last.uploadedMaskBytes : null,
    hostBatchBytes: last?.hostBatchBytes ?? null,
    meanStepMs,
    samplesPerSec: meanStepMs && meanStepMs > 0 && last ? (last.batchSize * 1000) / meanStepMs : null,
    dataWaitShare: totalStepMs > 0 ? totalWaitMs / totalStepMs : null,
    meanDataWaitMs: meanOf((r) => r.dataWaitMs),
    meanUploadMs: meanOf((r) => r.uploadMs),
    meanComputeMs: meanOf((r) => r.computeMs),
    meanBatchBuildMs: meanOf((r) => r.batchBuildMs),
    gpuBytesInUse: last?.gpuBytesInUse ?? null,
    finalLoss: last?.loss ?? null,
  };
}

/** b ÷ a, or null when either is missing or not finite, or a is 0. */
export function ratioOf(a: number | null, b: number | null): number | null {
  if (a === null || b === null || !Number.isFinite(a) || !Number.isFinite(b) || a === 0) return null;
  return b / a;
}
