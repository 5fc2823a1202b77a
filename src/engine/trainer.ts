/**
 * The training loop's one step, evaluation and prediction for one U-Net on the active tfjs backend.
 * A factory, not module state: createTrainer(config) builds the model, optimizer and Normalize layer;
 * dispose() frees all of them, optimizer slots included, so the tensor count returns to its baseline.
 * A step does exactly one awaited readback (the loss) and nothing else synchronous; it reports the
 * allocator's high-water mark of the step (allocatorTap.ts). profileStep records one step for its profile.
 * On webgpu, before the first step (and again if the conv shapes change), the conv kernels are chosen by
 * measurement (convTuning.ts, outside the step's timed region); convChoice reports it.
 */
import * as tf from './tf';
import { sameModel } from '../config/fieldTable';
import type { TrainConfig } from '../config/trainConfig';
import type { HostBatch } from '../data/hostBatch';
import { shardHostBatch } from '../data/shardBatch';
import type { KernelTiming } from '../config/stepProfile';
import { allocatorTap } from './allocatorTap';
import type { ConvChoiceReport } from '../config/convKernels';
import { currentWebGpuCapabilities, currentWebGpuDevice, type BackendName } from './backend';
import { convCandidates, ruleConvKernels } from './convChoice';
import { createConvProbe, modelConvs, type ModelConv } from './convProbe';
import { sessionConvStore, tuneConvKernels, type ConvChoiceStore } from './convTuning';
import { convMacs } from '../gpu/convGeometry';
import { withGpuErrorScopes } from './gpuErrorScope';
import { kernelTimingAvailable } from './kernelTiming';
import { countKernels } from './kernelCounter';
import { inLayer } from './layerScope';
import { labelsToClassIds, softmaxCrossEntropy } from './loss';
import { readMemory, type MemoryReadout } from './memoryReadout';
import { createNormalizeLayer } from './normalizeLayer';
import { makeOptimizer, optimizerVariables } from './optimizer';
import { readFlat } from './parallel/flatParams';
import { segmentationScores, type SegmentationScores } from './segmentationMetrics';
import { createUNetForConfig, type UNetOptions } from './unet';
import { NO_STEP_HOOKS, recordRun, type StepHooks } from './stepRecorder';
import type { StepRecording } from './stepRecording';
import { deviceBatchTensors, disposeDeviceBatch, uploadBatch } from './uploadBatch';

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
  /**
   * GPU bytes in use at the step's high-water mark (tfjs-webgpu's allocator, reset at the step's start like
   * torch.cuda.reset_peak_memory_stats): never below memory.gpuBytesInUse. null off webgpu.
   */
  gpuPeakBytes: number | null;
  /** Kernels (tfjs ops, BatchLab's own included) the step ran: each costs a dispatch whatever its size. */
  kernels: number;
}

/** A step recorded for its profile (profileStep). */
export interface ProfiledStep {
  result: StepResult;
  recording: StepRecording;
  /** How the recording's kernel times were taken. */
  timing: KernelTiming;
}

export interface Trainer {
  readonly backend: BackendName;
  /** The settings the trainer runs with now. */
  readonly config: TrainConfig;
  /** Steps taken so far. */
  readonly steps: number;
  /** The conv kernels chosen by measurement, what they rest on and their cost; null until then, and off webgpu. */
  readonly convChoice: ConvChoiceReport | null;
  step(batch: HostBatch): Promise<StepResult>;
  /**
   * The same step, recorded for its profile. With kernel times (the default, where the backend has them)
   * tf.profile serialises its kernels, so it is slower and frees buffers sooner than a normal step;
   * `kernelTimes: false` records memory and kernels exactly as a normal step runs them.
   */
  profileStep(batch: HostBatch, options?: { kernelTimes?: boolean }): Promise<ProfiledStep>;
  /** Pixel accuracy and mean IoU of the current weights on a batch. */
  evaluate(batch: HostBatch): Promise<SegmentationScores>;
  /** Predicted class ids for the first `count` samples, each H·W bytes. */
  predict(batch: HostBatch, count: number): Promise<Uint8Array[]>;
  /** The Normalize layer's output for a batch, read back (for parity checks). */
  normalizedImages(batch: HostBatch): Promise<Float32Array>;
  /**
   * Continues training this model with `next` (new batch shapes, dtypes, upload path, loop settings).
   * Throws if a setting that defines the model, its optimizer state or Normalize differs (sameModel).
   */
  continueWith(next: TrainConfig): void;
  /** Every weight, flat in the variables' creation order (as replicas exchange them), read back; caller owns it. */
  readWeights(): Promise<Float32Array>;
  dispose(): void;
}

/**
 * a + b, weight by weight, each pair disposed as soon as its sum exists (so the sum never holds three
 * copies of the weights at once, as PyTorch's in-place accumulation never does). The caller owns the result.
 */
function addGradients(a: tf.NamedTensorMap, b: tf.NamedTensorMap): tf.NamedTensorMap {
  const sum: tf.NamedTensorMap = {};
  for (const [name, g] of Object.entries(a)) {
    sum[name] = tf.add(g, b[name]!);
    tf.dispose([g, b[name]!]);
  }
  return sum;
}

export class NonFiniteLossError extends Error {
  constructor(step: number, loss: number) {
    super(`the loss became ${loss} at step ${step}; the run was stopped (lower the learning rate)`);
    this.name = 'NonFiniteLossError';
  }
}

const now = () => performance.now();

export interface TrainerOptions {
  /**
   * Read the allocator's high-water mark every step (gpuPeakBytes). Default true; read at every step, so
   * the bench can switch it off and on between rounds of the same trainer to measure its cost (case e).
   */
  trackPeak?: boolean;
  /** The U-Net's conv kernels ('auto' unless the bench times another choice beside it). */
  unet?: UNetOptions;
  /**
   * BatchLab's fused kernels on webgpu: the optimizer update and the loss (default true; the bench's
   * comparison arm turns them off to run the step as tfjs's ops did).
   */
  fused?: boolean;
  /** Where measured conv choices are cached, first to last (default: this realm's session only). */
  convStores?: readonly ConvChoiceStore[];
}

/**
 * How the candidates are timed. On a fallback adapter each candidate's pipelines compile for 0.2–0.5 s and a
 * run costs ms: one probe conv (the model's largest that takes an input gradient) at batch 1, timed at
 * least twice and up to three times on a close call (the own kernels' pipelines do not depend on the sizes,
 * so the winner's are the first step's; the candidates left there are within ~20 % of each other, so a
 * wrong pick on a close call costs little, and each round trip to the GPU process adds to a first visit);
 * the cache then spares later models and visits. Elsewhere every conv at the real batch, three to seven
 * times.
 */
const TUNING = {
  software: { probeBatch: 1, reps: 2, maxReps: 3, largestConvOnly: true },
  hardware: { probeBatch: null, reps: 3, maxReps: 7, largestConvOnly: false },
} as const;

export function createTrainer(
  initialConfig: TrainConfig,
  backend: BackendName,
  options: TrainerOptions = {},
): Trainer {
  let config = initialConfig;
  const model = createUNetForConfig(config, options.unet ?? {});
  const fused = options.fused ?? true;
  const optimizer = makeOptimizer(config, fused);
  const normalize = createNormalizeLayer(config.mean255, config.std255);
  let steps = 0;
  let disposed = false;
  let convChoice: ConvChoiceReport | null = null;
  /** The conv shapes the kernels were measured for (JSON), so a new batch or image size measures again. */
  let tunedFor: string | null = null;

  /** Measures the conv kernels where the U-Net asks for it, unless they were measured for these shapes. */
  async function chooseConvKernels(): Promise<void> {
    const caps = currentWebGpuCapabilities();
    if (!model.measuresKernels || !caps) return;
    const convs = modelConvs(config);
    const plan = caps.isFallbackAdapter ? TUNING.software : TUNING.hardware;
    const probeBatch = Math.min(plan.probeBatch ?? config.batchSize, config.batchSize);
    const largest = convs
      .filter((c) => c.needsInputGradient)
      .reduce<ModelConv | null>((a, c) => (a && convMacs(a.shape) >= convMacs(c.shape) ? a : c), null);
    const probeConvs = plan.largestConvOnly && largest ? [largest] : convs;
    // Which own tilings fit depends on the real shapes (buffers grow with the batch); what is timed, and
    // cached, is the probes: on a fallback adapter a new batch size reuses the measurement.
    const candidates = convCandidates(
      caps,
      convs.map((c) => c.shape),
    );
    const shapes = probeConvs.map((c) => ({ ...c.shape, batch: probeBatch }));
    const key = JSON.stringify({ shapes, candidates });
    if (tunedFor === key) return;
    const probe = createConvProbe(probeConvs, probeBatch);
    try {
      const report = await withGpuErrorScopes(currentWebGpuDevice(), () =>
        tuneConvKernels({
          adapterKey: caps.adapterKey,
          shapes,
          candidates,
          defaults: ruleConvKernels(
            caps,
            convs.map((c) => c.shape),
          ),
          run: probe.run,
          stores: options.convStores ?? [sessionConvStore],
          reps: plan.reps,
          maxReps: plan.maxReps,
          probeBatch,
          probeConvs: probeConvs.length,
        }),
      );
      model.setConvKernels(report.kernels);
      convChoice = { ...report, firstStepMs: null };
      tunedFor = key;
    } finally {
      probe.dispose();
    }
  }

  /** A step after the kernels are chosen; the first one's ms goes into the choice's report. */
  async function stepAfterChoice<T>(run: () => Promise<T>, resultOf: (t: T) => StepResult): Promise<T> {
    await chooseConvKernels();
    const measuredNow = convChoice !== null && convChoice.firstStepMs === null;
    const out = await run();
    const r = resultOf(out);
    if (measuredNow && convChoice) convChoice = { ...convChoice, firstStepMs: r.uploadMs + r.computeMs };
    return out;
  }

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

  /**
   * One training step: upload, forward (Normalize, U-Net, loss), backward, optimizer, loss readback. The
   * same as optimizer.minimize(f, true, variables), written out so that a profile can mark its phases.
   * With k = config.microBatches > 1 the batch runs as k equal parts, one after the other, each uploaded,
   * differentiated on loss ÷ k and freed before the next: their gradients add up to the whole batch's
   * (mean loss), and one optimizer step applies the sum (gradient accumulation).
   */
  async function runStep(batch: HostBatch, hooks: StepHooks): Promise<StepResult> {
    assertLive();
    const tap = (options.trackPeak ?? true) ? allocatorTap() : null;
    const k = config.microBatches;
    const parts = k === 1 ? [batch] : shardHostBatch(batch, k);
    const counted = await withGpuErrorScopes(currentWebGpuDevice(), () =>
      countKernels(async () => {
        tap?.resetHighWater();
        const t0 = now();
        let uploadMs = 0;
        let uploadedImageBytes = 0;
        let uploadedMaskBytes = 0;
        let lossTensor: tf.Scalar | null = null;
        let sum: tf.NamedTensorMap | null = null;
        try {
          for (const [i, part] of parts.entries()) {
            if (i > 0) hooks.phase('upload');
            const u0 = now();
            const device = uploadBatch(part, backend, config.uploadPath);
            uploadMs += now() - u0;
            uploadedImageBytes += device.uploadedImageBytes;
            uploadedMaskBytes += device.uploadedMaskBytes;
            try {
              hooks.inputs(deviceBatchTensors(device));
              hooks.phase('forward');
              const { value, grads } = optimizer.computeGradients(() => {
                const x = inLayer('normalize', () => normalize.images(device.images));
                const labels = inLayer('normalize', () => normalize.labels(device.masks));
                hooks.inputs([x, labels.tensor]);
                const logits = model.forward(x, config.recompute);
                const mean = inLayer('loss', () =>
                  softmaxCrossEntropy(logits, labels, fused && backend === 'webgpu'),
                );
                const loss = k === 1 ? mean : inLayer('loss', () => tf.div(mean, k));
                hooks.forwardDone();
                return loss as tf.Scalar;
              }, model.variables);
              const previous: tf.NamedTensorMap | null = sum;
              const lossBefore: tf.Scalar | null = lossTensor;
              sum = previous ? addGradients(previous, grads) : grads;
              lossTensor = lossBefore ? (tf.add(lossBefore, value) as tf.Scalar) : value;
              if (lossBefore) tf.dispose([lossBefore, value]);
            } finally {
              disposeDeviceBatch(device);
            }
          }
          const grads = sum!;
          hooks.gradients(Object.values(grads));
          hooks.phase('optimizer');
          optimizer.applyGradients(model.variables.map((v) => ({ name: v.name, tensor: grads[v.name]! })));
          hooks.phase('readback');
          const loss = (await lossTensor!.data())[0] ?? Number.NaN;
          const t2 = now();
          hooks.end();
          steps++;
          if (!Number.isFinite(loss)) throw new NonFiniteLossError(steps, loss);
          return {
            loss,
            uploadMs,
            computeMs: t2 - t0 - uploadMs,
            uploadedImageBytes,
            uploadedMaskBytes,
            gpuImageBytes: batch.imageElements * Float32Array.BYTES_PER_ELEMENT,
            memory: readMemory(),
            // Read after the snapshot above, so the peak is never below it.
            gpuPeakBytes: tap ? tap.highWaterBytes : null,
            kernels: 0, // counted around the step, below
          };
        } finally {
          if (sum) tf.dispose(sum);
          lossTensor?.dispose();
        }
      }),
    );
    return { ...counted.value, kernels: counted.kernels };
  }

  /**
   * One step recorded for its profile: memory events and kernels always; kernel times with tf.profile
   * where the backend can time kernels (on webgpu only with 'timestamp-query': without it tfjs reports 0
   * for every kernel, so the profile is not even asked for). tf.profile serialises the kernels, so this step
   * is slower than a normal one.
   */
  async function profileStep(
    batch: HostBatch,
    options: { kernelTimes?: boolean } = {},
  ): Promise<ProfiledStep> {
    assertLive();
    const timing = options.kernelTimes === false ? 'none' : kernelTimingAvailable(backend);
    const known = {
      weights: () => model.variables,
      constants: () => normalize.constants(),
      optimizerVariables: () => optimizerVariables(optimizer),
    };
    return stepAfterChoice(
      async () => {
        const { value: result, recording } = await recordRun(known, timing, (hooks) => runStep(batch, hooks));
        return { result, recording, timing };
      },
      (p) => p.result,
    );
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
    get config() {
      return config;
    },
    get steps() {
      return steps;
    },
    get convChoice() {
      return convChoice;
    },
    continueWith(next) {
      assertLive();
      if (!sameModel(config, next)) throw new Error('continueWith: a setting that defines the model changed');
      config = next;
    },
    step: (batch) =>
      stepAfterChoice(
        () => runStep(batch, NO_STEP_HOOKS),
        (r) => r,
      ),
    profileStep,
    evaluate,
    predict,
    normalizedImages,
    readWeights: () => {
      assertLive();
      return readFlat(model.variables);
    },
    dispose: () => {
      if (disposed) return;
      disposed = true;
      model.dispose();
      optimizer.dispose();
      normalize.dispose();
    },
  };
}
