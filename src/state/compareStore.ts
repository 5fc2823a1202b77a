/**
 * The A/B comparison's own small store, apart from the app store: what the comparison runner
 * (src/app/compareRunner.ts) reports — phase, which side runs, each side's config as run, its backend,
 * progress and, once a side has finished, its telemetry rows. A comparison runs a handful of steps, so its
 * rows are few and may live here. Configuration B itself (as overrides of A) lives in the app store's
 * `compareOverrides`, because it travels in the URL.
 */
import { create } from 'zustand';
import type { BackendInfo } from '../config/backendInfo';
import type { TelemetryRow } from '../config/telemetry';
import type { TrainConfig } from '../config/trainConfig';

/** Steps each side trains for: few, because a software adapter takes seconds per step. */
export const COMPARE_STEPS = { min: 1, max: 20, initial: 3 } as const;

export type ComparePhase = 'idle' | 'running' | 'done' | 'stopped' | 'failed';
export type CompareSideId = 'a' | 'b';

export interface CompareSide {
  /** The config this side runs, exactly as sent to its worker (maxSteps = steps per side). */
  config: TrainConfig;
  /** The backend its worker ended up on; null until the worker is ready. */
  backend: BackendInfo | null;
  /** Steps reported so far. */
  stepsDone: number;
  /** Telemetry rows, filled when the side has finished. */
  rows: TelemetryRow[];
  finished: boolean;
}

export interface CompareState {
  stepsPerSide: number;
  phase: ComparePhase;
  /** The side training now; null when none is. */
  activeSide: CompareSideId | null;
  /** Plain text: why the comparison failed or stopped. */
  message: string | null;
  a: CompareSide | null;
  b: CompareSide | null;
  /** Comparison workers alive now (0 once a comparison ends, however it ends). */
  liveWorkers: number;
  /** B's overrides of A as the comparison started (what the link carries as `b.*`). */
  overridesB: Partial<TrainConfig>;
  /** The link to the compared experiment as it started (A with B's overrides, no `run`). */
  link: string | null;
  /** ISO time the last comparison finished. */
  finishedAt: string | null;
  controller: CompareController | null;
  setStepsPerSide(steps: number): void;
  attachController(controller: CompareController): void;
  /** Starts a comparison of the app's config (A) with its overrides (B); says why when it cannot. */
  start(): void;
  /** Stops the running comparison and terminates its workers. */
  stop(): void;
}

/** What src/app attaches so that the store's actions can reach the comparison's workers. */
export interface CompareController {
  start(): void;
  stop(): void;
}

export const useCompareStore = create<CompareState>()((set, get) => ({
  stepsPerSide: COMPARE_STEPS.initial,
  phase: 'idle',
  activeSide: null,
  message: null,
  a: null,
  b: null,
  liveWorkers: 0,
  overridesB: {},
  link: null,
  finishedAt: null,
  controller: null,
  attachController: (controller) => set({ controller }),
  start: () => get().controller?.start(),
  stop: () => get().controller?.stop(),
  setStepsPerSide: (steps) => {
    if (!Number.isFinite(steps)) return;
    const whole = Math.round(steps);
    set({ stepsPerSide: Math.min(COMPARE_STEPS.max, Math.max(COMPARE_STEPS.min, whole)) });
  },
}));

/** Selectors, defined once. */
export const selectComparePhase = (s: CompareState) => s.phase;
export const selectCompareRunning = (s: CompareState) => s.phase === 'running';
