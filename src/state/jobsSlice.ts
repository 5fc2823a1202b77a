/**
 * The jobs slice of the app store: one status per job kind (phase, how it ended, when), the actions that
 * start and stop a job, and the one selector that says whether a job may start. The work itself runs in
 * app/jobs (`runJob`), which the store reaches through the JobRunner src/app attaches at boot; each kind's
 * results (rows, points, trials…) live in that kind's own small store, written only by its job.
 */
import type { JobKind, JobPhase } from '../config/jobs';
import { JOB_KINDS } from '../config/jobs';
import type { PyTorchExportRequest } from '../config/pytorchExport';
import type { TrainConfig } from '../config/trainConfig';
import type { LessonId } from '../config/views';
import type { ParallelSettings } from './parallelStore';
import { jobBlocker, type Activity, type JobConfigs, type RunBlocker } from './jobRules';
import type { BackendInfo, RunStatus } from '../config/backendInfo';

/** What a job says about how its last run ended, when it did not simply finish. A code the UI words. */
export type JobMessage =
  | { code: 'stopped' }
  /** The error's own words (the browser's, the GPU's, tfjs's, a worker's), shown as they came. */
  | { code: 'failed'; detail: string }
  /** It could not start: the same reason the UI shows beside its disabled button. */
  | { code: 'refused'; blocker: RunBlocker };

/** The status every job kind shares. */
export interface JobStatus {
  phase: JobPhase;
  message: JobMessage | null;
  /** ISO times of the last run's start and end; null before. */
  startedAt: string | null;
  finishedAt: string | null;
}

export const IDLE_JOB: JobStatus = { phase: 'idle', message: null, startedAt: null, finishedAt: null };

/** What each kind of job is started with. */
export interface JobInputs {
  compare: null;
  lesson: LessonId;
  sweep: null;
  finder: TrainConfig;
  parallel: ParallelSettings;
  export: { request: PyTorchExportRequest; config: TrainConfig };
  profile: TrainConfig;
}

/** What src/app attaches so that the store's actions reach the jobs. */
interface JobRunner {
  start<K extends JobKind>(kind: K, input: JobInputs[K]): void;
  stop(kind: JobKind): void;
}

export interface JobsSlice {
  jobs: Record<JobKind, JobStatus>;
  /** The page was opened with `?skipPreflight=1`: refusals are shown but do not block (set once at boot). */
  skipPreflight: boolean;
  jobRunner: JobRunner | null;
  attachJobRunner(runner: JobRunner): void;
  /** Starts a job; when it cannot start, its status says why (`refused`). */
  startJob<K extends JobKind>(kind: K, input: JobInputs[K]): void;
  /** Stops a running job: its workers end at once and its phase becomes `stopped`. */
  stopJob(kind: JobKind): void;
  /** For app/jobs only: the job's status as it runs and ends. */
  setJobStatus(kind: JobKind, patch: Partial<JobStatus>): void;
}

/** What the start rule reads of the app store: this slice's jobs and flag, and the main run. */
type RuleState = Pick<JobsSlice, 'jobs' | 'skipPreflight'> & {
  status: RunStatus;
  backendInfo: BackendInfo | null;
};

type SetJobs = (update: (s: JobsSlice) => Partial<JobsSlice>) => void;

export const createJobsSlice = (set: SetJobs, get: () => JobsSlice): JobsSlice => ({
  jobs: Object.fromEntries(JOB_KINDS.map((kind) => [kind, IDLE_JOB])) as Record<JobKind, JobStatus>,
  skipPreflight: false,
  jobRunner: null,
  attachJobRunner: (jobRunner) => set(() => ({ jobRunner })),
  startJob: (kind, input) => get().jobRunner?.start(kind, input),
  stopJob: (kind) => get().jobRunner?.stop(kind),
  setJobStatus: (kind, patch) => set((s) => ({ jobs: { ...s.jobs, [kind]: { ...s.jobs[kind], ...patch } } })),
});

/**
 * Why a job of `kind` training `configs` cannot start now, or null: the one start rule (state/jobRules.ts)
 * over the store's state. The UI shows it beside a disabled button; app/jobs/runJob.ts enforces it.
 */
export function selectJobBlocker(s: RuleState, kind: JobKind, configs: JobConfigs = []): RunBlocker | null {
  // Every job's phase and the main run's status: the start rule's view of the page.
  const jobs = Object.fromEntries(JOB_KINDS.map((k) => [k, s.jobs[k].phase])) as Activity['jobs'];
  return jobBlocker(kind, {
    activity: { main: s.status, jobs },
    backendInfo: s.backendInfo,
    skipPreflight: s.skipPreflight,
    configs,
  });
}
