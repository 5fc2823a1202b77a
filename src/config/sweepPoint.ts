/**
 * What one point of a sweep measured, read from its arm's telemetry rows and the timing rule's verdict:
 * samples/s and step ms by phase over the timed steps, peak / pool / between-step GPU bytes, bytes to the
 * GPU per sample, the first step's ms (pipeline compilation), beside the pre-flight estimate by group.
 * Also the point's life cycle (pending → running → done | failed | refused | stopped) and the derived
 * ratios the figures and the table read. Pure; imports only config.
 */
import { MEMORY_GROUPS, type MemoryEstimate, type MemoryGroup } from './memoryEstimate';
import type { TimingVerdict } from './stableTiming';
import { DEFAULT_TIMING, mean } from './stableTiming';
import { blockSamplesPerSec, pointFigure, type PointFigure } from './sweepSummary';
import type { SweepValue } from './sweep';
import type { TelemetryRow } from './telemetry';

export type EstimateByGroup = Record<MemoryGroup, number> & { totalBytes: number };

export interface SweepMeasurement {
  /** Timed steps the figures are read from (warm-up and the initial prefetch excluded). */
  timedSteps: number;
  /** First and last step timed. */
  firstTimedStep: number;
  lastTimedStep: number;
  /** Whether the timing rule found the mean stable (else it hit its cap). */
  stable: boolean;
  /** Samples per second over the timed steps: batch × steps ÷ their total time. */
  samplesPerSec: number;
  /**
   * The min–max of its blocks' samples/s (sweepSummary.ts's rule) and how many blocks it rests on; equal
   * to `samplesPerSec` with fewer than 2 blocks (no spread known).
   */
  samplesPerSecLow: number;
  samplesPerSecHigh: number;
  samplesPerSecBlocks: number;
  /** Mean ms per timed step, and by phase. */
  stepMs: number;
  dataWaitMs: number;
  uploadMs: number;
  computeMs: number;
  /** The first step's ms: it compiles the GPU pipelines. */
  firstStepMs: number;
  /** Highest per-step peak over the timed steps; null where the backend cannot measure it. */
  gpuPeakBytes: number | null;
  /** The allocator's bytes including its reuse pool, after the last timed step (it never shrinks). */
  gpuPoolBytes: number | null;
  /** Bytes held by live tensors between steps, after the last timed step. */
  gpuBytesInUse: number | null;
  /** Images + masks handed to the GPU per sample (the last timed step's bytes ÷ its batch). */
  bytesToGpuPerSample: number;
}

export interface SweepPoint {
  value: SweepValue;
  status: 'pending' | 'running' | 'done' | 'failed' | 'refused' | 'stopped';
  /** Why it failed, was refused or stopped, in plain words; null otherwise. */
  reason: string | null;
  /** The pre-flight estimate by group for this point's config on this device; null before it is known. */
  estimate: EstimateByGroup | null;
  /** null until the point has a timed step. */
  measured: SweepMeasurement | null;
  /** ms from the point's worker start to its end, for the per-point overhead. */
  wallMs: number | null;
}

export function estimateByGroup(estimate: MemoryEstimate): EstimateByGroup {
  const groups = Object.fromEntries(MEMORY_GROUPS.map((g) => [g, estimate[`${g}Bytes`]]));
  return { ...(groups as Record<MemoryGroup, number>), totalBytes: estimate.totalBytes };
}

const maxOrNull = (values: readonly (number | null)[]): number | null =>
  values.length === 0 || values.some((v) => v === null) ? null : Math.max(...(values as number[]));

/**
 * The figures of an arm's rows as its timing verdict counts them (steps firstTimedStep..lastTimedStep);
 * null while no step is timed.
 */
export function measurePoint(
  rows: readonly TelemetryRow[],
  verdict: TimingVerdict,
  blockSteps: number = DEFAULT_TIMING.blockSteps,
): SweepMeasurement | null {
  const timed = rows.filter((r) => r.step >= verdict.firstTimedStep && r.step <= verdict.lastTimedStep);
  const last = timed.at(-1);
  const first = rows.find((r) => r.step === 1) ?? rows[0];
  if (!last || !first) return null;
  const totalMs = timed.reduce((sum, r) => sum + r.stepMs, 0);
  const samples = timed.reduce((sum, r) => sum + r.batchSize, 0);
  const samplesPerSec = totalMs > 0 ? (samples * 1000) / totalMs : 0;
  const figure = pointFigure(samplesPerSec, blockSamplesPerSec(timed, verdict, blockSteps));
  return {
    timedSteps: timed.length,
    firstTimedStep: timed[0]!.step,
    lastTimedStep: last.step,
    stable: verdict.state === 'stable',
    samplesPerSec,
    samplesPerSecLow: figure.low,
    samplesPerSecHigh: figure.high,
    samplesPerSecBlocks: figure.blocks,
    stepMs: mean(timed.map((r) => r.stepMs))!,
    dataWaitMs: mean(timed.map((r) => r.dataWaitMs))!,
    uploadMs: mean(timed.map((r) => r.uploadMs))!,
    computeMs: mean(timed.map((r) => r.computeMs))!,
    firstStepMs: first.stepMs,
    gpuPeakBytes: maxOrNull(timed.map((r) => r.gpuPeakBytes)),
    gpuPoolBytes: last.gpuBytesAllocated,
    gpuBytesInUse: last.gpuBytesInUse,
    bytesToGpuPerSample: (last.uploadedImageBytes + last.uploadedMaskBytes) / last.batchSize,
  };
}

/** A measurement's samples/s with its interval, as sweepSummary reads it. */
export const samplesPerSecFigure = (m: SweepMeasurement): PointFigure => ({
  value: m.samplesPerSec,
  low: m.samplesPerSecLow,
  high: m.samplesPerSecHigh,
  blocks: m.samplesPerSecBlocks,
});

/** Samples/s per MiB of peak: how much throughput each MiB of the step's peak buys. */
export function samplesPerSecPerMiB(m: SweepMeasurement): number | null {
  return m.gpuPeakBytes === null || m.gpuPeakBytes === 0
    ? null
    : m.samplesPerSec / (m.gpuPeakBytes / 2 ** 20);
}

/** Estimate ÷ measured peak; null when either is missing. */
export function estimateOverPeak(point: SweepPoint): number | null {
  const peak = point.measured?.gpuPeakBytes ?? null;
  return point.estimate === null || peak === null || peak === 0 ? null : point.estimate.totalBytes / peak;
}

/** A point that has not run yet. */
export const pendingPoint = (value: SweepValue): SweepPoint => ({
  value,
  status: 'pending',
  reason: null,
  estimate: null,
  measured: null,
  wallMs: null,
});
