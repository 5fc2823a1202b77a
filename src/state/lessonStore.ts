/**
 * The lessons' own small store: for each lesson, its last run — the arms it trained (config, backend, rows,
 * the timing rule's verdict) or, for the several-GPU lesson, the last step of each strategy — with its phase
 * and message. Updated a few times a second while a lesson runs, never per step. Runs go through a
 * LessonController that src/app attaches at boot.
 */
import { create } from 'zustand';
import type { BackendInfo } from '../config/backendInfo';
import type { ParallelStepRecord, ParallelStrategy } from '../config/parallel';
import type { TimingVerdict } from '../config/stableTiming';
import type { StepProfile } from '../config/stepProfile';
import type { TelemetryRow } from '../config/telemetry';
import type { TrainConfig } from '../config/trainConfig';
import { LESSON_IDS, type LessonId } from '../config/views';

export type LessonPhase = 'idle' | 'running' | 'done' | 'stopped' | 'failed';

export interface ArmProgress {
  /** The arm's id in config/lessons.ts (its label is the dictionary's). */
  id: string;
  config: TrainConfig;
  backend: BackendInfo | null;
  rows: TelemetryRow[];
  verdict: TimingVerdict | null;
  /** A step profile taken after the measurement (the bytes lesson asks for one per arm); null otherwise. */
  profile: StepProfile | null;
  finished: boolean;
}

export interface LessonRun {
  phase: LessonPhase;
  /** Plain text: why it failed or stopped. */
  message: string | null;
  arms: ArmProgress[];
  /** The arm training now; null when none is. */
  activeArm: number | null;
  /** Several-GPU lesson: the last step of each strategy run so far. */
  strategies: Partial<Record<ParallelStrategy, ParallelStepRecord>>;
  /** Several-GPU lesson: the strategy running now. */
  activeStrategy: ParallelStrategy | null;
  /** ISO time the run finished. */
  finishedAt: string | null;
}

export interface LessonController {
  run(id: LessonId): void;
  stop(): void;
}

export interface LessonState {
  runs: Record<LessonId, LessonRun>;
  /** The lesson running now, if any. */
  running: LessonId | null;
  controller: LessonController | null;
  attachController(controller: LessonController): void;
  /** Runs a lesson's comparison; says why in its message when it cannot start. */
  run(id: LessonId): void;
  stop(): void;
  patchRun(id: LessonId, patch: Partial<LessonRun>): void;
}

export const emptyLessonRun = (): LessonRun => ({
  phase: 'idle',
  message: null,
  arms: [],
  activeArm: null,
  strategies: {},
  activeStrategy: null,
  finishedAt: null,
});

export const useLessonStore = create<LessonState>()((set, get) => ({
  runs: Object.fromEntries(LESSON_IDS.map((id) => [id, emptyLessonRun()])) as Record<LessonId, LessonRun>,
  running: null,
  controller: null,
  attachController: (controller) => set({ controller }),
  run: (id) => get().controller?.run(id),
  stop: () => get().controller?.stop(),
  patchRun: (id, patch) => set((s) => ({ runs: { ...s.runs, [id]: { ...s.runs[id], ...patch } } })),
}));

export const selectLessonRun = (id: LessonId) => (s: LessonState) => s.runs[id];
