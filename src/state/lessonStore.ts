/**
 * The lessons' own small store: for each lesson, its last run — the arms it trained (config, backend, rows,
 * the timing rule's verdict, or the pre-flight's refusal under a lesson's pretend GPU; the same-gradients
 * check's differences) or, for the several-GPU lesson, the last step of each strategy — and when it
 * finished. Written only by the lesson job (src/app/jobs/lessonJob.ts), a few times a second while a
 * lesson runs, never per step. The job's phase and message are the app store's `jobs.lesson`; they describe
 * `activeLesson`, the lesson the job ran last (`lessonStatus` says what every lesson shows).
 */
import { create } from 'zustand';
import type { BackendInfo } from '../config/backendInfo';
import type { StepDifference } from '../config/lessons';
import type { GpuShortfall } from '../config/memoryEstimate';
import type { ParallelStepRecord, ParallelStrategy } from '../config/parallel';
import type { TimingVerdict } from '../config/stableTiming';
import type { PairedVerdict } from '../config/pairedTiming';
import type { StepProfile } from '../config/stepProfile';
import type { TelemetryRow } from '../config/telemetry';
import type { TrainConfig } from '../config/trainConfig';
import type { JobPhase } from '../config/jobs';
import { LESSON_IDS, type LessonId } from '../config/views';
import type { JobMessage, JobStatus } from './jobsSlice';

export interface ArmProgress {
  /** The arm's id in config/lessons.ts (its label is the dictionary's). */
  id: string;
  config: TrainConfig;
  backend: BackendInfo | null;
  rows: TelemetryRow[];
  verdict: TimingVerdict | null;
  /** A step profile taken after the measurement (the bytes lesson asks for one per arm); null otherwise. */
  profile: StepProfile | null;
  /**
   * Arms measured in paired rounds (config/pairedTiming.ts): the steps their blocks timed. null for an arm
   * measured alone, whose timed steps are its `verdict`'s.
   */
  timedSteps: number[] | null;
  /**
   * A lesson with a pretend GPU (config/lessons.ts `memoryBudgetBytes`): the pre-flight's figures when it
   * refused this arm under that budget — the arm is then never trained. null for an arm that ran.
   */
  refusal: GpuShortfall | null;
  /**
   * Its one training step on the cpu backend against the lesson's reference arm (`sameGradientsAgainst`);
   * null before the check ran, for the reference itself, and in lessons without one.
   */
  sameGradients: StepDifference | null;
  finished: boolean;
}

export interface LessonRun {
  arms: ArmProgress[];
  /** The arm training now; null when none is. */
  activeArm: number | null;
  /** Several-GPU lesson: the last step of each strategy run so far. */
  strategies: Partial<Record<ParallelStrategy, ParallelStepRecord>>;
  /** Several-GPU lesson: the strategy running now. */
  activeStrategy: ParallelStrategy | null;
  /** ISO time the run finished all its arms or strategies; null before, and for a run that did not. */
  finishedAt: string | null;
  /** Arms measured in pairs (config/lessons.ts's `pair`): each pair's paired verdict so far, by pair id. */
  pairs: Record<string, PairedVerdict>;
  /** The same-gradients check (config/lessons.ts `sameGradientsAgainst`) is running on the cpu backend. */
  checkingGradients: boolean;
}

export interface LessonState {
  runs: Record<LessonId, LessonRun>;
  /** The lesson the lesson job ran last (running now while `jobs.lesson` is running); null before any. */
  activeLesson: LessonId | null;
  patchRun(id: LessonId, patch: Partial<LessonRun>): void;
}

export const emptyLessonRun = (): LessonRun => ({
  arms: [],
  activeArm: null,
  strategies: {},
  activeStrategy: null,
  finishedAt: null,
  pairs: {},
  checkingGradients: false,
});

export const useLessonStore = create<LessonState>()((set) => ({
  runs: Object.fromEntries(LESSON_IDS.map((id) => [id, emptyLessonRun()])) as Record<LessonId, LessonRun>,
  activeLesson: null,
  patchRun: (id, patch) => set((s) => ({ runs: { ...s.runs, [id]: { ...s.runs[id], ...patch } } })),
}));

export const selectLessonRun = (id: LessonId) => (s: LessonState) => s.runs[id];

/**
 * What lesson `id` shows: the job's phase and message when it is the lesson the job ran last; otherwise
 * done if its last run finished, else idle (the job clears a run that did not finish when it moves on).
 * A refused start is shown on any lesson: it answers the click on the lesson in view.
 */
export function lessonStatus(
  id: LessonId,
  activeLesson: LessonId | null,
  job: Pick<JobStatus, 'phase' | 'message'>,
  run: Pick<LessonRun, 'finishedAt'>,
): { phase: JobPhase; message: JobMessage | null } {
  if (activeLesson === id) return { phase: job.phase, message: job.message };
  const phase: JobPhase = run.finishedAt !== null ? 'done' : 'idle';
  return { phase, message: job.message?.code === 'refused' ? job.message : null };
}

/** The lesson running now, if any: the activity rule's and the test API's view. */
export const runningLesson = (activeLesson: LessonId | null, jobPhase: JobPhase): LessonId | null =>
  jobPhase === 'running' ? activeLesson : null;
