/**
 * Starts the training worker and connects it to the store: store actions become worker messages, worker
 * messages become store updates (low rate) and history appends (every step, outside React). Every run
 * start is recorded in the history with what changed against the previous run's config (the charts'
 * markers). A crashed worker is reported and replaced by a fresh one, so the page stays usable.
 */
import { useAppStore } from '../state/store';
import { describeRunStart } from '../charts/runStartLabel';
import { DICTIONARIES } from '../i18n/dictionaries';
import { telemetryHistory } from '../charts/telemetryHistory';
import type { TrainConfig } from '../config/trainConfig';
import type { StepProfile } from '../config/stepProfile';
import type { DataPathCheckResult } from '../config/dataPathCheck';
import type { FromWorker, TestHookMessage, ToWorker } from './trainingProtocol';
import { spawnTrainingWorker } from './spawnTrainingWorker';
import type { Datasets } from './datasets';
import { datasetBlocker, useDatasetStore } from '../state/datasetStore';

/**
 * Sizes that suit the device: a real GPU trains 128×128 × 16 comfortably; a software adapter or a
 * non-WebGPU backend is 100–1000× slower, so it keeps the small defaults (32×32 × 4). Applied only while
 * the user (or a link) has not chosen a config.
 */
const REAL_GPU_DEFAULTS = { imageSizePx: 128, batchSize: 16, baseWidth: 16, depth: 3 } as const;

/** Run-start markers are worded in the page's language at the moment the run starts. */
const currentDictionary = () => DICTIONARIES[useAppStore.getState().lang];

export interface TrainingClient {
  /** A test hook is only ever posted by the test build (src/app/testHooks/). */
  post(message: ToWorker | TestHookMessage): void;
  /**
   * Profiles the next steps of the running run, or trains `config` until a profile is made and stops.
   * Resolves with the profile; rejects with the worker's words when it fails or crashes first.
   */
  profileStep(config: TrainConfig): Promise<StepProfile>;
}

let started: TrainingClient | null = null;

/** The main training client once startTrainingClient has run (the profile job asks it for profiles). */
export function mainTrainingClient(): TrainingClient {
  if (started === null) throw new Error('the training worker has not started yet');
  return started;
}

export function startTrainingClient(datasets: Datasets): TrainingClient {
  let worker: Worker;
  const store = useAppStore;
  /**
   * The last crash's own words, kept on screen while the replacement worker boots, until the next run
   * starts (statusNote, for the page to say in its language).
   */
  let crashError: string | null = null;
  const crashNote = () =>
    crashError === null ? null : `the training worker crashed: ${crashError}; it was restarted`;
  let nextRequestId = 1;
  const pendingChecks = new Map<number, (result: DataPathCheckResult) => void>();
  let pendingProfile: { resolve(profile: StepProfile): void; reject(error: Error): void } | null = null;
  const settleProfile = (settle: (p: NonNullable<typeof pendingProfile>) => void) => {
    const pending = pendingProfile;
    pendingProfile = null;
    if (pending) settle(pending);
  };
  /** The config of the last Start, and of the run before it (what a run-start label compares). */
  let startedConfig: TrainConfig | null = null;
  let previousRunConfig: TrainConfig | null = null;

  const onMessage = (m: FromWorker) => {
    switch (m.type) {
      case 'ready':
        store.setState({ backendInfo: m.info });
        if (m.info.backend === 'webgpu' && !m.info.isSoftwareAdapter)
          store.getState().applyDefaults(REAL_GPU_DEFAULTS);
        return;
      case 'status':
        if (m.status === 'running') crashError = null;
        store.setState({
          status: m.status,
          statusMessage: m.message ?? crashNote(),
          statusNote:
            m.finishedSteps !== undefined
              ? { kind: 'finished', steps: m.finishedSteps }
              : m.message === undefined && crashError !== null
                ? { kind: 'worker-crashed', error: crashError }
                : null,
        });
        return;
      case 'run-start': {
        const config = startedConfig ?? store.getState().config;
        telemetryHistory.startRun(describeRunStart(currentDictionary(), previousRunConfig, config, m));
        previousRunConfig = config;
        return;
      }
      case 'telemetry': {
        telemetryHistory.append(m.rows);
        const latest = m.rows[m.rows.length - 1];
        if (latest) store.setState({ latest, numTensors: latest.numTensors });
        return;
      }
      case 'eval':
        telemetryHistory.appendEval(m.record);
        store.setState({ latestEval: m.record });
        return;
      case 'preview':
        store.setState({ preview: m.record });
        return;
      case 'memory':
        store.setState({ numTensors: m.numTensors });
        return;
      case 'data-path-check':
        pendingChecks.get(m.requestId)?.(m.result);
        pendingChecks.delete(m.requestId);
        return;
      case 'profile':
        settleProfile((p) => p.resolve(m.profile));
        return;
      case 'profile-failed':
        settleProfile((p) => p.reject(new Error(m.message)));
        return;
    }
  };

  const spawn = () => {
    worker = spawnTrainingWorker('training', store.getState().config.backend, {
      onMessage,
      onCrash: (text) => {
        crashError = text;
        store.setState({
          status: 'failed',
          statusMessage: crashNote(),
          statusNote: { kind: 'worker-crashed', error: text },
        });
        settleProfile((p) => p.reject(new Error('the training worker crashed before the profile was made')));
        for (const resolve of pendingChecks.values()) {
          resolve({ backend: 'none', rows: [], uncapturedErrors: 0, error: 'the training worker crashed' });
        }
        pendingChecks.clear();
        spawn();
      },
    });
  };
  spawn();

  const post = (message: ToWorker | TestHookMessage) => worker.postMessage(message);
  const checkDataPaths = (config: TrainConfig) =>
    new Promise<DataPathCheckResult>((resolve) => {
      const requestId = nextRequestId++;
      pendingChecks.set(requestId, resolve);
      post({ type: 'check-data-paths', config, requestId });
    });
  store.getState().attachController({
    checkDataPaths,
    start: (config) => {
      // No run starts on a dataset that is missing or has errors: Run controls say why, in the page's words.
      if (datasetBlocker(config.dataSource, useDatasetStore.getState()) !== null) return;
      const s = store.getState();
      if (s.latest === null) telemetryHistory.clear();
      startedConfig = config;
      post({ type: 'start', config, files: datasets.datasetFor(config.dataSource) });
    },
    stop: () => post({ type: 'stop' }),
    reset: () => {
      telemetryHistory.clear();
      previousRunConfig = null;
      post({ type: 'reset' });
    },
  });
  const profileStep = (config: TrainConfig) =>
    new Promise<StepProfile>((resolve, reject) => {
      settleProfile((p) => p.reject(new Error('a newer profile was asked for')));
      pendingProfile = { resolve, reject };
      if (store.getState().status !== 'running' && store.getState().latest === null) telemetryHistory.clear();
      post({ type: 'profile', config, files: datasets.datasetFor(config.dataSource) });
    });
  started = { post, profileStep };
  return started;
}
