/**
 * DEPRECATED: being replaced by state/jobRules.ts and the store's jobs slice; deleted once no job uses it.
 * What the page is busy with, and the one rule for starting a measured run (a comparison, a lesson, a
 * sweep, a multi-device run, the batch finder) beside it: never two at once, and never while the main run
 * trains — on a software adapter they would share the same CPU cores and distort each other's step times.
 * Reasons are codes; the UI says them in the page's language. Pure.
 */
import type { BackendInfo, RunStatus } from '../config/backendInfo';
import { runPreflight } from '../config/preflight';
import type { TrainConfig } from '../config/trainConfig';
import type { LessonId } from '../config/views';

export interface Activity {
  main: RunStatus;
  /** The comparison's phase ('running' while it runs). */
  compare: 'idle' | 'running' | 'done' | 'stopped' | 'failed';
  /** The multi-device run's phase ('running' while it runs). */
  parallel: 'idle' | 'running' | 'done' | 'stopped' | 'failed';
  /** The lesson being run, if any. */
  lesson: LessonId | null;
  /** A sweep (the Tradeoff view) is running. */
  sweep: boolean;
  /** The batch finder's phase ('running' while it runs trials). */
  finder: 'idle' | 'running' | 'done' | 'stopped' | 'failed';
}

export type { RunBlocker } from './jobRules';
import type { RunBlocker } from './jobRules';

/** Why another measured run cannot start now; null when nothing else runs. */
export function busyReason(a: Activity): RunBlocker | null {
  if (a.main === 'running') return { code: 'mainRunning' };
  if (a.main === 'booting') return { code: 'booting' };
  if (a.compare === 'running') return { code: 'compareRunning' };
  if (a.parallel === 'running') return { code: 'parallelRunning' };
  if (a.lesson !== null) return { code: 'lessonRunning' };
  if (a.sweep) return { code: 'sweepRunning' };
  if (a.finder === 'running') return { code: 'finderRunning' };
  return null;
}

export interface MeasuredRunInput {
  /** The configurations the run trains, with the ids the UI names them by ('a', 'b', 'w2'…). */
  configs: { id: string; config: TrainConfig }[];
  activity: Activity;
  backendInfo: BackendInfo | null;
  /** The page was opened with `?skipPreflight=1`. */
  skipPreflight: boolean;
}

/**
 * Why a measured run cannot start: something else runs, the backend is not known yet, or a configuration
 * fails the pre-flight memory check on this device (unless `?skipPreflight=1`). null when it can.
 */
export function measuredRunBlocker(input: MeasuredRunInput): RunBlocker | null {
  const busy = busyReason(input.activity);
  if (busy !== null) return busy;
  if (input.backendInfo === null) return { code: 'booting' };
  if (input.skipPreflight) return null;
  for (const { id, config } of input.configs) {
    const result = runPreflight(config, input.backendInfo);
    if (result.verdict === 'refused') return { code: 'doesNotFit', id, refusal: result.refusal };
  }
  return null;
}
