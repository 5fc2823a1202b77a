/**
 * The training loop's one step, evaluation and prediction for one U-Net on the active tfjs backend.
 * A factory, not module state: createTrainer(config) builds the model, optimizer and Normalize layer;
 * dispose() frees all of them, optimizer slots included, so the tensor count returns to its baseline.
 * A step does exactly one awaited readback (the loss) and nothing else synchronous.
 */
import * as tf from './tf';
import type { TrainConfig } from '../config/trainConfig';
import type { HostBatch } from '../data/hostBatch';
import { currentWebGpuDevice, type BackendName } from './backend';
import { withGpuErrorScopes } from './gpuErrorScope';
import { labelsToClassIds, softmaxCrossEntropy } from './loss';
import { readMemory, type MemoryReadout } from './memoryReadout';
import { createNormalizeLayer } from './normalizeLayer';
import { makeOptimizer } from './optimizer';
import { segmentationScores, type SegmentationScores } from './segmentationMetrics';
import { createUNetForConfig, type UNetOptions } from './unet';
import { disposeDeviceBatch, uploadBatch } from './uploadBatch';

export interface StepResult {
  loss: number;
  /** Host → tfjs hand-off of the batch bytes (CPU side of the upload), ms. */
  uploadMs: number;
  /** Normalize + forward + backward + optimizer, up to the awaited loss readback, ms. */
  computeMs: number;
  uploadedImageBytes: number;
  uploadedMaskBytes: number;
  /** Bytes of the float32 NHWC tensor the model consumes. */
  gpuImageBytes: number;
  memory: MemoryReadout;
}

export interface Trainer {
  readonly backend: BackendName;
  /** Steps taken so far. */
  readonly steps: number;
  step(batch: HostBatch): Promise<StepResult>;
  /** Pixel accuracy and mean IoU of the current weights on a batch. */
  evaluate(batch: HostBatch): Promise<SegmentationScores>;
  /** Predicted class ids for the first `count` samples, each H·W bytes. */
  predict(batch: HostBatch, count: number): Promise<Uint8Array[]>;
  /** The Normalize layer's output for a batch, read back (for parity checks). */
  normalizedImages(batch: HostBatch): Promise<Float32Array>;
  dispose(): void;
}

export class NonFiniteLossError extends Error {
  constructor(step: number, loss: number) {
    super(`the loss became ${loss} at step ${step}; the run was stopped (lower the learning rate)`);
    this.name = 'NonFiniteLossError';
  }
}

const now = () => performance.now();

/** @param options the U-Net's conv kernels ('auto' unless the bench times another choice beside it). */
export function createTrainer(config: TrainConfig, backend: BackendName, options: UNetOptions = {}): Trainer {
  const model = createUNetForConfig(config, options);
  const optimizer = makeOptimizer(config);
  const normalize = createNormalizeLayer(config.mean255, config.std255);
  let steps = 0;
  let disposed = false;

  const assertLive = () => {
    if (disposed) throw new Error('trainer was disposed');
  };

  /** Runs `work` with the batch on the device; always frees the uploaded tensors. */
  async function withDeviceBatch<T>(
    batch: HostBatch,
    work: (d: ReturnType<typeof uploadBatch>) => Promise<T>,
  ) {
    const device = uploadBatch(batch, backend, config.uploadPath);
    try {
      return await work(device);
    } finally {
      disposeDeviceBatch(device);
    }
  }

  async function step(batch: HostBatch): Promise<StepResult> {
    assertLive();
    return withGpuErrorScopes(currentWebGpuDevice(), async () => {
      const t0 = now();
      const device = uploadBatch(batch, backend, config.uploadPath);
      const t1 = now();
      let lossTensor: tf.Scalar | null = null;
      try {
        lossTensor = optimizer.minimize(
          () => {
            const x = normalize.images(device.images);
            const logits = model.forward(x);
            return softmaxCrossEntropy(logits, normalize.labels(device.masks));
          },
          true,
          model.variables,
        );
        if (!lossTensor) throw new Error('optimizer returned no loss');
        const loss = (await lossTensor.data())[0] ?? Number.NaN;
        const t2 = now();
        steps++;
        if (!Number.isFinite(loss)) throw new NonFiniteLossError(steps, loss);
        return {
          loss,
          uploadMs: t1 - t0,
          computeMs: t2 - t1,
          uploadedImageBytes: device.uploadedImageBytes,
          uploadedMaskBytes: device.uploadedMaskBytes,
          gpuImageBytes: batch.imageElements * Float32Array.BYTES_PER_ELEMENT,
          memory: readMemory(),
        };
      } finally {
        lossTensor?.dispose();
        disposeDeviceBatch(device);
      }
    });
  }

  async function evaluate(batch: HostBatch): Promise<SegmentationScores> {
    assertLive();
    // Under error scopes like a step: numbers read back from an invalid buffer must never be reported.
    return withGpuErrorScopes(currentWebGpuDevice(), () =>
      withDeviceBatch(batch, async (device) => {
        const [truth, predicted] = tf.tidy(() => {
          const logits = model.forward(normalize.images(device.images));
          return [labelsToClassIds(normalize.labels(device.masks)), tf.reshape(tf.argMax(logits, -1), [-1])];
        });
        try {
          return await segmentationScores(truth as tf.Tensor1D, predicted as tf.Tensor1D, config.numClasses);
        } finally {
          truth.dispose();
          predicted.dispose();
        }
      }),
    );
  }

  async function predict(batch: HostBatch, count: number): Promise<Uint8Array[]> {
    assertLive();
    // Under error scopes like a step: numbers read back from an invalid buffer must never be reported.
    return withGpuErrorScopes(currentWebGpuDevice(), () =>
      withDeviceBatch(batch, async (device) => {
        const classes = tf.tidy(() => tf.argMax(model.forward(normalize.images(device.images)), -1));
        const values = await classes.data();
        classes.dispose();
        const pixels = batch.heightPx * batch.widthPx;
        const n = Math.min(count, batch.batchSize);
        return Array.from({ length: n }, (_, i) =>
          Uint8Array.from(values.subarray(i * pixels, (i + 1) * pixels)),
        );
      }),
    );
  }

  async function normalizedImages(batch: HostBatch): Promise<Float32Array> {
    assertLive();
    return withDeviceBatch(batch, async (device) => {
      const x = normalize.images(device.images);
      const values = (await x.data()) as Float32Array;
      x.dispose();
      return values;
    });
  }

  return {
    backend,
    get steps() {
      return steps;
    },
    step,
    evaluate,
    predict,
    normalizedImages,
    dispose: () => {
      if (disposed) return;
      disposed = true;
      model.dispose();
      optimizer.dispose();
      normalize.dispose();
    },
  };
}
