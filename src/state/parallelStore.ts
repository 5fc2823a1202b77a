/**
 * The multi-device lesson's own small store: its settings (replicas N, strategy, all-reduce, steps), the
 * run's low-rate state and the latest per-device figures. Kept apart from the main store: the training
 * config (batch, image size, classes, model) is read from there, never copied. Per-step history lives in
 * src/app/parallel (outside React); this store is updated at most a few times a second. Actions that need
 * the replica workers go through a ParallelController that src/app attaches at boot. The lesson's words
 * (strategies, payload kinds, a step's record) are config/parallel.ts's.
 */
import { create } from 'zustand';
import {
  PARALLEL_LIMITS,
  type AllReduceAlgorithm,
  type ParallelStepRecord,
  type ParallelStrategy,
} from '../config/parallel';
import type { TrainConfig } from '../config/trainConfig';

export interface ParallelSettings {
  replicas: number;
  strategy: ParallelStrategy;
  allReduce: AllReduceAlgorithm;
  /** Steps per run: the lesson runs a few steps, then releases the devices. */
  steps: number;
}

export const DEFAULT_PARALLEL_SETTINGS: ParallelSettings = {
  replicas: 2,
  strategy: 'dp-gather',
  allReduce: 'ring',
  steps: 5,
};

export type ParallelStatus = 'idle' | 'starting' | 'running' | 'finished' | 'stopped' | 'failed';

/** The training-config fields the lesson's formulas read. */
export type ParallelConfigView = Pick<
  TrainConfig,
  'batchSize' | 'imageSizePx' | 'numClasses' | 'depth' | 'baseWidth' | 'channels' | 'optimizer'
>;

/** What a run was, for labelling its figures. */
export interface ParallelRunInfo {
  settings: ParallelSettings;
  /** The training config the run used (a snapshot: later edits do not relabel its figures). */
  config: ParallelConfigView;
  parameterCount: number;
  /** e.g. "webgpu (google swiftshader) × 2". */
  backendDescription: string;
  isSoftwareAdapter: boolean;
}

/** A finished (or stopped) run's last step, kept per strategy so the lesson can compare them. */
export interface ParallelRunResult {
  run: ParallelRunInfo;
  last: ParallelStepRecord;
}

export interface ParallelController {
  start(settings: ParallelSettings): void;
  stop(): void;
}

export interface ParallelState {
  settings: ParallelSettings;
  status: ParallelStatus;
  message: string | null;
  run: ParallelRunInfo | null;
  latest: ParallelStepRecord | null;
  byStrategy: Partial<Record<ParallelStrategy, ParallelRunResult>>;
  controller: ParallelController | null;
  setSettings(patch: Partial<ParallelSettings>): void;
  attachController(controller: ParallelController): void;
  start(): void;
  stop(): void;
}

const clampInt = (value: number, b: { min: number; max: number }) =>
  Math.min(b.max, Math.max(b.min, Math.round(Number.isFinite(value) ? value : b.min)));

export const useParallelStore = create<ParallelState>()((set, get) => ({
  settings: DEFAULT_PARALLEL_SETTINGS,
  status: 'idle',
  message: null,
  run: null,
  latest: null,
  byStrategy: {},
  controller: null,
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
  attachController: (controller) => set({ controller }),
  start: () => {
    const { controller, settings, status } = get();
    if (status === 'starting' || status === 'running') return;
    controller?.start(settings);
  },
  stop: () => get().controller?.stop(),
}));

export const selectParallelSettings = (s: ParallelState) => s.settings;
export const selectParallelStatus = (s: ParallelState) => s.status;
export const selectParallelLatest = (s: ParallelState) => s.latest;
export const selectParallelRun = (s: ParallelState) => s.run;
export const selectParallelByStrategy = (s: ParallelState) => s.byStrategy;

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
