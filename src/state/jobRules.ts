/**
 * The one rule for starting a job: a measured job (a comparison, a lesson, a sweep, the batch finder, a
 * several-GPU run) never starts beside another one or beside the main run — on a software adapter they
 * would share the same CPU cores and distort each other's step times — nor before the backend is known,
 * nor when one of its configurations fails the pre-flight on this device; a short job (an export, a
 * profile) only never twice at once. Reasons are codes; the UI says them in the page's language. Pure:
 * the store's `selectJobBlocker` and app/jobs/runJob.ts both read it.
 */
import type { BackendInfo, RunStatus } from '../config/backendInfo';
import {
  isMeasuredJob,
  MEASURED_JOB_KINDS,
  type JobKind,
  type JobPhase,
  type MeasuredJobKind,
} from '../config/jobs';
import { runPreflight, type PreflightRefusal } from '../config/preflight';
import type { TrainConfig } from '../config/trainConfig';

/** What the page is busy with: the main run's status and every job's phase. */
export interface Activity {
  main: RunStatus;
  jobs: Record<JobKind, JobPhase>;
}

/** Why a job cannot start now. */
export type RunBlocker =
  | { code: 'mainRunning' | 'booting' | 'alreadyRunning' | `${MeasuredJobKind}Running` }
  | {
      code: 'doesNotFit';
      /** The configuration's id in its job ('a', 'b', an arm id, 'lesson'). */
      id: string;
      /** The pre-flight's refusal. */
      refusal: PreflightRefusal;
    };

/** The configurations a job would train, with the ids the UI names them by ('a', 'b', 'w2'…). */
export type JobConfigs = readonly { id: string; config: TrainConfig }[];

export interface JobRuleInput {
  activity: Activity;
  backendInfo: BackendInfo | null;
  /** The page was opened with `?skipPreflight=1` (a debugging aid: refusals are shown, not enforced). */
  skipPreflight: boolean;
  configs: JobConfigs;
}

/** Why a job of `kind` cannot start because of what else runs; null when nothing is in its way. */
function busyReason(activity: Activity, kind: JobKind): RunBlocker | null {
  if (!isMeasuredJob(kind)) return activity.jobs[kind] === 'running' ? { code: 'alreadyRunning' } : null;
  if (activity.main === 'running') return { code: 'mainRunning' };
  if (activity.main === 'booting') return { code: 'booting' };
  const running = MEASURED_JOB_KINDS.find((k) => activity.jobs[k] === 'running');
  return running ? { code: `${running}Running` } : null;
}

/** Why a job of `kind` with these configurations cannot start now; null when it can. */
export function jobBlocker(kind: JobKind, input: JobRuleInput): RunBlocker | null {
  const busy = busyReason(input.activity, kind);
  if (busy !== null || !isMeasuredJob(kind)) return busy;
  if (input.backendInfo === null) return { code: 'booting' };
  if (input.skipPreflight) return null;
  for (const { id, config } of input.configs) {
    const result = runPreflight(config, input.backendInfo);
    if (result.verdict === 'refused') return { code: 'doesNotFit', id, refusal: result.refusal };
  }
  return null;
}
