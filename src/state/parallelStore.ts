/**
 * The multi-device lesson's own small store: its settings (replicas N, strategy, all-reduce, steps), the
 * run's low-rate state and the latest per-device figures. Kept apart from the main store: the training
 * config (batch, image size, classes, model) is read from there, never copied. Per-step history lives in
 * src/app/parallel (outside React); this store is updated at most a few times a second, only by the
 * several-GPU job (app/jobs/parallelJob.ts); the run's phase and message are the app store's
 * `jobs.parallel`. The lesson's words (strategies, payload kinds, a step's record) are config/parallel.ts's.
 */
import { create } from 'zustand';
import {
  PARALLEL_LIMITS,
  type AllReduceAlgorithm,
  type ParallelStepRecord,
  type ParallelStrategy,
} from '../config/parallel';
import type { Device0ExtraConfig } from '../config/device0Extra';
import type { TrainConfig } from '../config/trainConfig';
import type { JobConfigs } from './jobRules';

export interface ParallelSettings {
  replicas: number;
  strategy: ParallelStrategy;
  allReduce: AllReduceAlgorithm;
  /** Steps per run: the lesson runs a few steps, then releases the devices. */
  steps: number;
}

const DEFAULT_PARALLEL_SETTINGS: ParallelSettings = {
  replicas: 2,
  strategy: 'dp-gather',
  allReduce: 'ring',
  steps: 5,
};

/** What a run was, for labelling its figures. */
export interface ParallelRunInfo {
  settings: ParallelSettings;
  /** The training config the run used (a snapshot: later edits do not relabel its figures). */
  config: Device0ExtraConfig;
  parameterCount: number;
  /** e.g. "webgpu (google swiftshader) × 2". */
  backendDescription: string;
  isSoftwareAdapter: boolean;
}

/** A finished (or stopped) run's last step, kept per strategy so the lesson can compare them. */
interface ParallelRunResult {
  run: ParallelRunInfo;
  last: ParallelStepRecord;
}

/** How far the last run went, for the UI to word: steps done on how many devices (all terminated). */
interface ParallelRunSummary {
  stepsDone: number;
  replicas: number;
}

export interface ParallelState {
  settings: ParallelSettings;
  /** The run's description once every replica is ready; null before (the UI says "starting"). */
  run: ParallelRunInfo | null;
  latest: ParallelStepRecord | null;
  byStrategy: Partial<Record<ParallelStrategy, ParallelRunResult>>;
  /** Set when the last run ended, however it ended; null while one runs and before any. */
  summary: ParallelRunSummary | null;
  setSettings(patch: Partial<ParallelSettings>): void;
}

const clampInt = (value: number, b: { min: number; max: number }) =>
  Math.min(b.max, Math.max(b.min, Math.round(Number.isFinite(value) ? value : b.min)));

export const useParallelStore = create<ParallelState>()((set) => ({
  settings: DEFAULT_PARALLEL_SETTINGS,
  run: null,
  latest: null,
  byStrategy: {},
  summary: null,
  setSettings: (patch) =>
    set((s) => {
      const next = { ...s.settings, ...patch };
      return {
        settings: {
          ...next,
          replicas: clampInt(next.replicas, PARALLEL_LIMITS.replicas),
          steps: clampInt(next.steps, PARALLEL_LIMITS.steps),
        },
      };
    }),
}));

export const selectParallelSettings = (s: ParallelState) => s.settings;
export const selectParallelSummary = (s: ParallelState) => s.summary;
export const selectParallelLatest = (s: ParallelState) => s.latest;
export const selectParallelRun = (s: ParallelState) => s.run;
export const selectParallelByStrategy = (s: ParallelState) => s.byStrategy;

/** What a several-GPU run trains, for the start rule's pre-flight: device 0 holds at most the whole batch. */
export const parallelJobConfigs = (config: TrainConfig): JobConfigs => [{ id: 'parallel', config }];

/**
 * Why this config cannot run with N replicas (B must split into N equal shards), or null: `too-few` (fewer
 * samples than replicas) or `uneven` (no equal shards). The UI words it.
 */
export function parallelConfigProblem(
  config: Pick<TrainConfig, 'batchSize'>,
  replicas: number,
): 'too-few' | 'uneven' | null {
  if (config.batchSize < replicas) return 'too-few';
  if (config.batchSize % replicas !== 0) return 'uneven';
  return null;
}
