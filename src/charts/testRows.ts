/**
 * Telemetry fixtures for the charts' unit tests: rows that look like the worker's, with every figure a
 * known function of the step.
 */
import type { TelemetryRow } from '../config/telemetry';

export function makeRow(step: number, overrides: Partial<TelemetryRow> = {}): TelemetryRow {
  const dataWaitMs = 1 + step * 0.5;
  const uploadMs = 2;
  const computeMs = 10 + step;
  const stepMs = dataWaitMs + uploadMs + computeMs;
  return {
    step,
    timeMs: step * 20,
    loss: 1 / step,
    dataWaitMs,
    uploadMs,
    computeMs,
    batchBuildMs: 3,
    stepMs,
    batchSize: 2,
    samplesPerSec: (2 * 1000) / stepMs,
    uploadedImageBytes: 1536,
    uploadedMaskBytes: 512,
    hostBatchBytes: 2048,
    gpuImageBytes: 6144,
    hostBytesInFlight: 0,
    numTensors: 40,
    gpuBytesInUse: 100_000 + step,
    gpuPeakBytes: 150_000 + step,
    gpuBytesAllocated: 200_000,
    ...overrides,
  };
}

export const makeRows = (from: number, to: number, overrides: Partial<TelemetryRow> = {}): TelemetryRow[] =>
  Array.from({ length: to - from + 1 }, (_, i) => makeRow(from + i, overrides));
