/**
 * What the training worker reports: one row per step, plus evaluation and preview records.
 * Pure types shared by the engine side (producer), the app (transport) and the charts (consumer).
 */
import type { DataSource } from './trainConfig';

export interface TelemetryRow {
  step: number;
  /** ms since the run started. */
  timeMs: number;
  loss: number;
  /** ms the trainer waited inside next(): build time with 0 workers, waiting on the loader pool otherwise. */
  dataWaitMs: number;
  /** ms handing batch bytes to tfjs (CPU side of the upload). */
  uploadMs: number;
  /** ms of normalize + forward + backward + optimizer, up to the awaited loss readback. */
  computeMs: number;
  /**
   * ms the loader spent building this step's batch (in a loader worker, or inside next() with 0 workers):
   * its cost, whoever paid it.
   */
  batchBuildMs: number;
  /** dataWaitMs + uploadMs + computeMs. */
  stepMs: number;
  /** Samples in this step's batch. */
  batchSize: number;
  samplesPerSec: number;
  /** Kernels the step ran (tfjs ops, BatchLab's own included): each costs a dispatch whatever its size. */
  kernelsPerStep: number;
  uploadedImageBytes: number;
  uploadedMaskBytes: number;
  /** Bytes of one batch on the host (images + masks buffers). */
  hostBatchBytes: number;
  /** Bytes of the float32 image tensor the model consumes. */
  gpuImageBytes: number;
  /**
   * Read before the step's next(): batches received and not consumed + one per loader worker building,
   * always whole batches × hostBatchBytes.
   */
  hostBytesInFlight: number;
  numTensors: number;
  /** GPU bytes held by live tensors between steps (after this one); null where the backend has none (cpu). */
  gpuBytesInUse: number | null;
  /**
   * GPU bytes in use at this step's high-water mark: the most tfjs's WebGPU allocator held at any moment of
   * the step (forward, backward, optimizer), reset per step like torch.cuda.reset_peak_memory_stats. Never
   * below gpuBytesInUse. null where it cannot be measured (cpu has no GPU; webgl has no such allocator).
   */
  gpuPeakBytes: number | null;
  /** GPU bytes allocated including tfjs's reuse pool (never shrinks); null where the backend has none. */
  gpuBytesAllocated: number | null;
}

export interface EvalRecord {
  step: number;
  pixelAccuracy: number;
  meanIoU: number;
}

/** Fixed validation samples drawn as input / ground truth / prediction. */
export interface PreviewRecord {
  step: number;
  /** Where the previewed validation samples came from (the user's files, the photos, or synthetic). */
  source: DataSource;
  sizePx: number;
  channels: 1 | 3;
  numClasses: number;
  /** Per sample: raw uint8 HWC image, H·W truth classes, H·W predicted classes. */
  samples: { image: Uint8Array; truth: Uint8Array; prediction: Uint8Array }[];
}
