/**
 * Builds the TelemetryRow reported after every step from the trainer's StepResult and the loader's
 * figures. Used by the training worker and by the bench (so the bench measures the real thing). No DOM.
 */
import type { TelemetryRow } from '../config/telemetry';
import type { HostBatch } from '../data/hostBatch';
import type { StepResult } from './trainer';

export function telemetryRowOf(
  step: number,
  startMs: number,
  batch: HostBatch,
  r: StepResult,
  dataWaitMs: number,
  hostBytesInFlight: number,
): TelemetryRow {
  const stepMs = dataWaitMs + r.uploadMs + r.computeMs;
  return {
    step,
    timeMs: performance.now() - startMs,
    loss: r.loss,
    dataWaitMs,
    uploadMs: r.uploadMs,
    computeMs: r.computeMs,
    batchBuildMs: batch.buildMs,
    stepMs,
    batchSize: batch.batchSize,
    samplesPerSec: (batch.batchSize * 1000) / stepMs,
    kernelsPerStep: r.kernels,
    uploadedImageBytes: r.uploadedImageBytes,
    uploadedMaskBytes: r.uploadedMaskBytes,
    hostBatchBytes: batch.images.byteLength + batch.masks.byteLength,
    gpuImageBytes: r.gpuImageBytes,
    hostBytesInFlight,
    numTensors: r.memory.numTensors,
    gpuBytesInUse: r.memory.gpuBytesInUse,
    gpuPeakBytes: r.gpuPeakBytes,
    gpuBytesAllocated: r.memory.gpuBytesAllocated,
  };
}
