/**
 * Runs one configuration ("arm") of a comparison or a lesson in its own new training worker, with its own
 * tfjs engine and GPU device, until the timing rule (config/stableTiming.ts) says the measurement is stable
 * or capped; then (optionally after profiling two more steps) stops it and terminates the worker. Rows stream to `onRows` as they arrive (a few times a
 * second). Arms never run at once: on a software adapter two runs would share the same CPU cores and slow
 * each other by an amount that depends on scheduling.
 */
import type { BackendInfo } from '../../config/backendInfo';
import { timingVerdict, type TimingRule, type TimingVerdict } from '../../config/stableTiming';
import type { StepProfile } from '../../config/stepProfile';
import type { TelemetryRow } from '../../config/telemetry';
import { LIMITS, type TrainConfig } from '../../config/trainConfig';
import { spawnTrainingWorker } from '../spawnTrainingWorker';
import type { ToWorker } from '../trainingProtocol';
import { abortError } from '../../config/jobs';

export interface ArmResult {
  rows: TelemetryRow[];
  /** The timing rule's verdict on the steps up to the one that decided the measurement. */
  verdict: TimingVerdict;
  /** A step profile taken after the measurement, when asked for (null otherwise, or when it failed). */
  profile: StepProfile | null;
}

/**
 * Steps an arm may run past its timing cap when it is profiled. Telemetry comes in batches (about five
 * messages a second), so with fast steps several more have run by the time the page decides the timing and
 * asks for the profile; with only the profile's two steps to spare the run could end first, unprofiled.
 */
const PROFILE_STEP_MARGIN = 12;

export interface ArmEvents {
  onBackend?(info: BackendInfo): void;
  onRows?(rows: readonly TelemetryRow[], verdict: TimingVerdict): void;
}

/**
 * Trains one arm until its timing is decided. Resolves with its rows and verdict; rejects with the abort
 * error the moment `signal` fires (its worker is terminated at once), or with the worker's failure.
 */
export function runArm(
  name: string,
  config: TrainConfig,
  rule: TimingRule,
  signal: AbortSignal,
  events: ArmEvents = {},
  /** `profile`: after the timing is decided, profile two more steps (kernels, memory by category), then stop. */
  options: { profile?: boolean } = {},
): Promise<ArmResult> {
  const rows: TelemetryRow[] = [];
  let profile: StepProfile | null = null;
  let started = false;
  let decided = false;
  /** Rows the measurement read when it was decided; later rows (profiled ones) are not timed. */
  let timedRowCount = 0;
  let ended = false;
  let settle: { resolve(r: ArmResult): void; reject(e: Error): void } | null = null;
  const done = new Promise<ArmResult>((resolve, reject) => (settle = { resolve, reject }));
  // Validation would cost as much as a step or more on a software adapter: only the one before step 1 runs.
  // A profile needs two steps after the request: allow them, and the steps that run before the request
  // arrives, beyond the timing cap (the worker stops once the profile is in).
  const runConfig: TrainConfig = {
    ...config,
    maxSteps: rule.maxSteps + (options.profile ? PROFILE_STEP_MARGIN : 0),
    validateEverySteps: LIMITS.validateEverySteps.max,
  };
  const stop = () => worker.postMessage({ type: 'stop' } satisfies ToWorker);

  const end = (error: Error | null) => {
    if (ended) return;
    ended = true;
    signal.removeEventListener('abort', onAbort);
    worker.terminate();
    if (error) settle!.reject(error);
    else settle!.resolve({ rows, verdict: timingVerdict(rows.slice(0, timedRowCount), rule), profile });
  };

  const worker = spawnTrainingWorker(name, config.backend, {
    onMessage: (m) => {
      if (ended) return;
      switch (m.type) {
        case 'ready':
          events.onBackend?.(m.info);
          return;
        case 'status':
          if (m.status === 'idle' && !started) {
            started = true;
            worker.postMessage({ type: 'start', config: runConfig } satisfies ToWorker);
          } else if (m.status === 'stopped') {
            end(rows.length > 0 ? null : new Error(`${name} stopped before its first step`));
          } else if (m.status === 'failed' || m.status === 'device-lost') {
            const what = m.status === 'failed' ? 'failed' : 'lost its GPU device';
            end(new Error(`${name} ${what}: ${m.message ?? ''}`));
          }
          return;
        case 'telemetry': {
          if (decided) {
            rows.push(...m.rows);
            return;
          }
          // Rows arrive in batches: the measurement ends at the row that made it stable (or capped it).
          for (const row of m.rows) {
            rows.push(row);
            const verdict = timingVerdict(rows, rule);
            if (verdict.state === 'stable' || verdict.state === 'capped') {
              decided = true;
              timedRowCount = rows.length;
              events.onRows?.(rows, verdict);
              if (options.profile)
                worker.postMessage({ type: 'profile', config: runConfig } satisfies ToWorker);
              else stop();
              rows.push(...m.rows.slice(m.rows.indexOf(row) + 1));
              return;
            }
          }
          timedRowCount = rows.length;
          events.onRows?.(rows, timingVerdict(rows, rule));
          return;
        }
        case 'profile':
          profile = m.profile;
          stop();
          return;
        case 'profile-failed':
          stop();
          return;
      }
    },
    onCrash: (text) => end(new Error(`${name}'s training worker crashed: ${text}`)),
  });
  const onAbort = () => end(abortError());
  if (signal.aborted) onAbort();
  else signal.addEventListener('abort', onAbort, { once: true });
  return done;
}
