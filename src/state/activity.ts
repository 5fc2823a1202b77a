/**
 * What the page is busy with, and the one rule for starting a measured run (a comparison, a lesson, a
 * sweep, a multi-device run, the batch finder) beside it: never two at once, and never while the main run trains — on a software
 * adapter they would share the same CPU cores and distort each other's step times. Pure.
 */
import type { BackendInfo, RunStatus } from '../config/backendInfo';
import { runPreflight } from '../config/preflight';
import type { TrainConfig } from '../config/trainConfig';
import type { LessonId } from '../config/views';

export interface Activity {
  main: RunStatus;
  /** The comparison's phase ('running' while it runs). */
  compare: 'idle' | 'running' | 'done' | 'stopped' | 'failed';
  /** The multi-device run's status. */
  parallel: 'idle' | 'starting' | 'running' | 'finished' | 'stopped' | 'failed';
  /** The lesson being run, if any. */
  lesson: LessonId | null;
  /** A sweep (the Tradeoff view) is running. */
  sweep: boolean;
  /** The batch finder's phase ('running' while it runs trials). */
  finder: 'idle' | 'running' | 'done' | 'stopped' | 'failed';
}

/** Why another measured run cannot start now, in plain words; null when nothing else runs. */
export function busyReason(a: Activity): string | null {
  if (a.main === 'running') return 'Stop the training run first: two runs at once would distort step times.';
  if (a.main === 'booting') return 'The training backend is still starting.';
  if (a.compare === 'running') return 'A comparison is running.';
  if (a.parallel === 'starting' || a.parallel === 'running') return 'The several-GPU run is running.';
  if (a.lesson !== null) return 'A lesson is running.';
  if (a.sweep) return 'A sweep is running.';
  if (a.finder === 'running') return 'The batch finder is running.';
  return null;
}

export interface MeasuredRunInput {
  /** The configurations the run trains, with the names the user knows them by (A, B, "2 workers"…). */
  configs: { name: string; config: TrainConfig }[];
  activity: Activity;
  backendInfo: BackendInfo | null;
  /** The page was opened with `?skipPreflight=1`. */
  skipPreflight: boolean;
}

/**
 * Why a measured run cannot start: something else runs, the backend is not known yet, or a configuration
 * fails the pre-flight memory check on this device (unless `?skipPreflight=1`). null when it can.
 */
export function measuredRunBlocker(input: MeasuredRunInput): string | null {
  const busy = busyReason(input.activity);
  if (busy !== null) return busy;
  if (input.backendInfo === null) return 'The training backend is still starting.';
  if (input.skipPreflight) return null;
  for (const { name, config } of input.configs) {
    const result = runPreflight(config, input.backendInfo);
    if (result.verdict === 'refused') return `${name} does not fit this device: ${result.reason}`;
  }
  return null;
}
