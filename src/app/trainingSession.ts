/**
 * The training worker's state and message handling, as one session object: the backend, one Trainer, the
 * batch source, the run loop and its flags. The worker file only wires messages to it; a test drives it
 * directly in Node on the cpu backend. Telemetry is streamed in batches (never one message per tensor).
 * Batches come from a BatchSource: with 0 loader workers it builds each batch itself when the step asks
 * (one sample at a time, letting Stop in), like PyTorch's num_workers=0; otherwise a pool of loader workers
 * sends them here directly. The time next() waits is the step's data wait.
 *
 * Stop keeps the trained model. At the next Start the model continues unless a setting that defines it
 * changed (config/fieldTable.ts, role `model`); the loader and the validation batches are rebuilt for the
 * new settings. The first message of every run says which happened. A 'profile' request records the next
 * steps for a step profile (engine/buildStepProfile.ts).
 */
import { changedKeys, FIELD_TABLE, sameModel } from '../config/fieldTable';
import type { DataPathCheckResult } from '../config/dataPathCheck';
import type { TrainConfig } from '../config/trainConfig';
import type { TelemetryRow } from '../config/telemetry';
import type { TrialReport } from '../config/batchFinder';
import type { RunStatus } from '../config/backendInfo';
import { buildHostBatch, buildValidationBatch, type BatchConfig } from '../data/buildBatch';
import { decodeSquareInBrowser } from '../data/files/browserDecode';
import type { DecodeSquare, FileDataset } from '../data/files/fileDataset';
import { buildFileValidationBatch } from '../data/files/fileSamples';
import { createBatchSource } from '../data/loader/createBatchSource';
import { BatchSourceDisposedError, type BatchSource, type NextBatch } from '../data/loader/batchSource';
import type { SpawnLoader } from '../data/loader/loaderEndpoint';
import type { HostBatch } from '../data/hostBatch';
import { currentWebGpuDevice, initBackend, uncapturedErrorCount, type BackendInfo } from '../engine/backend';
import { checkDataPaths } from '../engine/dataPathCheck';
import { withGpuErrorScopes } from '../engine/gpuErrorScope';
import { readMemory } from '../engine/memoryReadout';
import { telemetryRowOf } from '../engine/telemetryRow';
import { buildStepProfile } from '../engine/buildStepProfile';
import { kernelTimingAvailable } from '../engine/kernelTiming';
import { createTrainer, type StepResult, type Trainer, type TrainerOptions } from '../engine/trainer';
import { sessionConvStore } from '../engine/convTuning';
import { createIndexedDbConvStore } from './convChoiceStore';
import type { FromWorker, TestHookAction, ToWorker } from './trainingProtocol';

const PREVIEW_SAMPLES = 3;
const TELEMETRY_FLUSH_MS = 200;
/** Steps before a profile may start: the first step compiles the GPU pipelines and is not typical. */
const PROFILE_WARM_STEPS = 1;

export interface SessionDeps {
  post(message: FromWorker, transfer?: Transferable[]): void;
  /** How loader workers are spawned (the browser's Worker by default; tests pass fakes). */
  spawnLoader?: SpawnLoader;
  /** How files are decoded with 0 loader workers (the browser's decoder by default). */
  decode?: DecodeSquare;
}

export interface TrainingSession {
  handle(message: ToWorker): Promise<void>;
  /**
   * Test build only: destroy the GPU device, make a loader worker's next build throw, or run the next new
   * models on the own conv kernels (the rule's tiling) instead of the measured choice.
   */
  testHook?(action: Exclude<TestHookAction, 'crash'>): void;
}

/** Whether the validation batches must be rebuilt: a setting that defines the model or shapes batches changed. */
function validationChanged(a: TrainConfig, b: TrainConfig): boolean {
  return changedKeys(a, b).some((k) => FIELD_TABLE[k].role === 'model' || FIELD_TABLE[k].role === 'data');
}

export function createTrainingSession(deps: SessionDeps): TrainingSession {
  const post = deps.post;
  let backendInfo: BackendInfo | null = null;
  let trainer: Trainer | null = null;
  let validation: {
    config: TrainConfig;
    filesId: number | null;
    batch: HostBatch;
    preview: HostBatch;
  } | null = null;
  const decode = deps.decode ?? decodeSquareInBrowser;
  /** Measured conv choices: this worker's session, then this origin's IndexedDB (later visits, arm workers). */
  const convStores = [sessionConvStore, createIndexedDbConvStore()];
  let forceOwnConvKernels = false;
  const trainerOptions = (): TrainerOptions => ({
    convStores,
    ...(forceOwnConvKernels ? { unet: { convKernel: 'wgsl' } } : {}),
  });
  let batchSource: BatchSource | null = null;
  let running = false;
  let loop: Promise<void> | null = null;
  let deviceLost = false;
  /** An uncaptured GPU error seen during the current run: the run ends as 'failed', never as 'stopped'. */
  let gpuFault: string | null = null;
  /** A profile asked for and not yet delivered; `stopAfter` when it started the run itself. */
  let profileRequest: { stopAfter: boolean } | null = null;

  function setStatus(status: RunStatus, message?: string, finishedSteps?: number): void {
    post({
      type: 'status',
      status,
      ...(message === undefined ? {} : { message }),
      ...(finishedSteps === undefined ? {} : { finishedSteps }),
    });
  }

  function disposeTrainer(): void {
    batchSource?.dispose();
    batchSource = null;
    trainer?.dispose();
    trainer = null;
    validation = null;
  }

  function postMemory(): void {
    const m = readMemory();
    post({ type: 'memory', numTensors: m.numTensors, gpuBytesInUse: m.gpuBytesInUse });
  }

  async function evaluateAndPreview(t: Trainer, config: TrainConfig, step: number): Promise<void> {
    if (!validation) return;
    const scores = await t.evaluate(validation.batch);
    post({ type: 'eval', record: { step, ...scores } });
    const predictions = await t.predict(validation.preview, PREVIEW_SAMPLES);
    const pixels = config.imageSizePx * config.imageSizePx;
    const imageBytes = pixels * config.channels;
    const images = new Uint8Array(validation.preview.images);
    const truths = new Uint8Array(validation.preview.masks);
    const samples = predictions.map((prediction, i) => ({
      image: images.slice(i * imageBytes, (i + 1) * imageBytes),
      truth: truths.slice(i * pixels, (i + 1) * pixels),
      prediction,
    }));
    post(
      {
        type: 'preview',
        record: {
          step,
          source: config.dataSource,
          sizePx: config.imageSizePx,
          channels: config.channels,
          numClasses: config.numClasses,
          samples,
        },
      },
      samples.flatMap((s) => [s.image.buffer, s.truth.buffer, s.prediction.buffer]),
    );
  }

  /** The validation batch from the run's source: synthetic, or held-out pairs of the files. */
  function validationBatch(
    config: BatchConfig,
    files: FileDataset | null,
    count: number,
  ): Promise<HostBatch> {
    if (files === null) return Promise.resolve(buildValidationBatch(config, count));
    return buildFileValidationBatch(config, { files, decode }, count);
  }

  async function runLoop(config: TrainConfig, files: FileDataset | null): Promise<void> {
    if (!backendInfo) throw new Error('backend not initialised');
    if (config.dataSource !== 'synthetic' && files === null) {
      running = false;
      // Unreachable from the page (Start is refused while the dataset blocks it: state/datasetStore's
      // datasetBlocker); a developer's note for a start posted without the files.
      setStatus('failed', `no ${config.dataSource} dataset was sent with the start`);
      return;
    }
    const filesId = files?.id ?? null;
    const newModel = !trainer || !sameModel(trainer.config, config);
    if (newModel) {
      disposeTrainer();
      trainer = createTrainer(config, backendInfo.backend, trainerOptions());
    } else {
      trainer!.continueWith(config);
    }
    if (!validation || validation.filesId !== filesId || validationChanged(validation.config, config)) {
      try {
        validation = {
          config,
          filesId,
          batch: await validationBatch(config, files, Math.min(config.batchSize, 8)),
          preview: await validationBatch(
            { ...config, imageDtype: 'uint8', normalizeOn: 'model', maskDtype: 'uint8' },
            files,
            PREVIEW_SAMPLES,
          ),
        };
      } catch (error) {
        validation = null;
        running = false;
        setStatus('failed', errorText(error));
        return;
      }
    }
    const t = trainer!;
    post({ type: 'run-start', newModel, fromStep: t.steps });
    // Loader workers are (re)started for every Start, from the step the trainer has reached.
    batchSource?.dispose();
    const source = createBatchSource(config, t.steps, deps.spawnLoader, files, decode);
    batchSource = source;
    const startMs = performance.now();
    let pending: TelemetryRow[] = [];
    let lastFlushMs = startMs;
    const flush = () => {
      if (pending.length) post({ type: 'telemetry', rows: pending });
      pending = [];
      lastFlushMs = performance.now();
    };
    const row = (r: StepResult, i: StepInput) =>
      pending.push(telemetryRowOf(t.steps, startMs, i.batch, r, i.dataWaitMs, i.hostBytesInFlight));
    gpuFault = null;
    /** What ended the run when it failed without a GPU fault. */
    let failure: string | null = null;
    setStatus('running');
    try {
      if (t.steps === 0) await evaluateAndPreview(t, config, 0);
      while (running && t.steps < config.maxSteps) {
        const input = await nextInput(source);
        const stepsToProfile = kernelTimingAvailable(t.backend) === 'none' ? 1 : 2;
        if (profileRequest && t.steps >= PROFILE_WARM_STEPS && t.steps + stepsToProfile <= config.maxSteps) {
          const stopAfter = profileRequest.stopAfter;
          profileRequest = null;
          const reply = await profileSteps(t, config, source, input, row);
          flush();
          post(reply);
          if (stopAfter) running = false;
        } else {
          row(await t.step(input.batch), input);
        }
        if (performance.now() - lastFlushMs > TELEMETRY_FLUSH_MS) flush();
        if (t.steps % config.validateEverySteps === 0) {
          flush();
          await evaluateAndPreview(t, config, t.steps);
        }
        // Let 'stop' and 'reset' messages in between steps.
        await yieldToMessages();
      }
    } catch (error) {
      // A Stop or Reset disposes the source to interrupt a long batch build: that ends the run cleanly.
      if (running || !(error instanceof BatchSourceDisposedError)) failure = errorText(error);
    } finally {
      flush();
      running = false;
      source.dispose();
      if (batchSource === source) batchSource = null;
      // A lost device has said so already.
      if (!deviceLost) {
        const fault = gpuFault ?? failure;
        if (fault !== null) setStatus('failed', fault);
        else if (t.steps >= config.maxSteps) setStatus('stopped', `Finished ${t.steps} steps.`, t.steps);
        else setStatus('stopped');
      }
      if (profileRequest) {
        profileRequest = null;
        post({ type: 'profile-failed', message: 'the run ended before a step could be profiled' });
      }
      postMemory();
    }
  }

  /**
   * Profiles two steps of the run (one when the backend cannot time kernels): the first recorded as it
   * normally runs (its memory by category), the second under tf.profile (its kernel times). Both are real
   * training steps: their telemetry rows go out as usual through `row`.
   */
  async function profileSteps(
    t: Trainer,
    config: TrainConfig,
    source: BatchSource,
    first: StepInput,
    row: (r: StepResult, input: StepInput) => void,
  ): Promise<FromWorker> {
    const profiled = async (input: StepInput, options?: { kernelTimes: boolean }) => {
      const recorded = await t.profileStep(input.batch, options);
      row(recorded.result, input);
      return { step: t.steps, recorded, dataWaitMs: input.dataWaitMs };
    };
    const memory = await profiled(first, { kernelTimes: false });
    const timed =
      kernelTimingAvailable(t.backend) === 'none' ? null : await profiled(await nextInput(source));
    try {
      return { type: 'profile', profile: buildStepProfile(config, t.backend, memory, timed, t.convChoice) };
    } catch (error) {
      return { type: 'profile-failed', message: errorText(error) };
    }
  }

  /**
   * The batch finder's trial: one real training step of a new model of `config` on one batch built here,
   * inside GPU error scopes (model creation included), then the model, its optimizer and the batch are
   * freed, so the live tensor count returns to where it was. Never while training; the trained model, if
   * any, is left alone.
   */
  async function runTrial(config: TrainConfig): Promise<TrialReport> {
    const tensorsBefore = readMemory().numTensors;
    const failed = (reason: string): TrialReport => ({
      ok: false,
      reason,
      tensorsBefore,
      tensorsAfter: readMemory().numTensors,
    });
    if (!backendInfo) return failed('the backend is not ready');
    if (running) return failed('stop training first');
    if (deviceLost) return failed('the GPU device was lost');
    const backend = backendInfo.backend;
    gpuFault = null;
    const made: { trainer: Trainer | null } = { trainer: null };
    try {
      const batch = buildHostBatch(config, 0);
      const startMs = performance.now();
      const result = await withGpuErrorScopes(currentWebGpuDevice(), async () => {
        made.trainer = createTrainer(config, backend, trainerOptions());
        return made.trainer.step(batch);
      });
      const stepMs = performance.now() - startMs;
      made.trainer?.dispose();
      made.trainer = null;
      if (gpuFault !== null) return failed(gpuFault);
      const after = readMemory().numTensors;
      return { ok: true, stepMs, gpuPeakBytes: result.gpuPeakBytes, tensorsBefore, tensorsAfter: after };
    } catch (error) {
      made.trainer?.dispose();
      made.trainer = null;
      return failed(errorText(error));
    }
  }

  async function handle(message: ToWorker): Promise<void> {
    switch (message.type) {
      case 'init': {
        setStatus('booting');
        try {
          backendInfo = await initBackend(message.backend, {
            onDeviceLost: (reason) => {
              deviceLost = true;
              running = false;
              setStatus('device-lost', reason);
            },
            onGpuError: (text) => {
              running = false;
              gpuFault = `uncaptured GPU error: ${text}`;
              setStatus('failed', gpuFault);
            },
          });
          post({ type: 'ready', info: backendInfo });
          setStatus('idle');
          postMemory();
        } catch (error) {
          setStatus('failed', errorText(error));
        }
        return;
      }
      case 'start':
      case 'profile': {
        const busy = () => running || deviceLost;
        if (!busy() && loop) await loop;
        // Busy, or another Start got in while the old loop wound down: a profile takes the run's next steps.
        if (busy()) {
          if (message.type === 'profile' && !deviceLost) profileRequest ??= { stopAfter: false };
          return;
        }
        if (message.type === 'profile') profileRequest = { stopAfter: true };
        running = true;
        loop = runLoop(message.config, message.files ?? null);
        return;
      }
      case 'stop':
      case 'reset':
        running = false;
        batchSource?.dispose(); // a batch being built stops at its next yield, not after minutes
        if (loop) await loop;
        if (message.type === 'stop') return;
        disposeTrainer();
        setStatus('idle');
        postMemory();
        return;
      case 'check-data-paths': {
        const result: DataPathCheckResult = {
          backend: backendInfo?.backend ?? 'none',
          rows: [],
          uncapturedErrors: 0,
          error: null,
        };
        try {
          if (!backendInfo) throw new Error('the backend is not ready');
          if (running) throw new Error('stop training first');
          const errorsBefore = uncapturedErrorCount();
          result.rows = await withGpuErrorScopes(currentWebGpuDevice(), () =>
            checkDataPaths(message.config, backendInfo!.backend),
          );
          result.uncapturedErrors = uncapturedErrorCount() - errorsBefore;
        } catch (error) {
          result.error = errorText(error);
        }
        post({ type: 'data-path-check', requestId: message.requestId, result });
        postMemory();
        return;
      }
      case 'trial': {
        post({ type: 'trial', requestId: message.requestId, report: await runTrial(message.config) });
        postMemory();
        return;
      }
    }
  }

  if (!import.meta.env.VITE_TEST_HOOKS) return { handle };
  return {
    handle,
    testHook(action) {
      if (action === 'lose-device') currentWebGpuDevice()?.destroy();
      if (action === 'crash-loader') batchSource?.injectLoaderCrash?.();
      if (action === 'force-own-conv-kernels') forceOwnConvKernels = true;
    },
  };
}

type StepInput = NextBatch & { hostBytesInFlight: number };
/** The source's next batch, with the host bytes in flight read just before asking for it. */
async function nextInput(source: BatchSource): Promise<StepInput> {
  const hostBytesInFlight = source.hostBytesInFlight();
  return { ...(await source.next()), hostBytesInFlight };
}

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Lets 'stop' and 'reset' messages in between steps (a macrotask, so queued messages run first). */
function yieldToMessages(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
