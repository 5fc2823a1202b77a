/**
 * Runs one configuration ("arm") of a comparison or a lesson in its own new training worker, with its own
 * tfjs engine and GPU device, until the timing rule (config/stableTiming.ts) says the measurement is stable
 * or capped; then stops it and terminates the worker. Rows stream to `onRows` as they arrive (a few times a
 * second). Arms never run at once: on a software adapter two runs would share the same CPU cores and slow
 * each other by an amount that depends on scheduling.
 */
import type { BackendInfo } from '../../config/backendInfo';
import { timingVerdict, type TimingRule, type TimingVerdict } from '../../config/stableTiming';
import type { TelemetryRow } from '../../config/telemetry';
import { LIMITS, type TrainConfig } from '../../config/trainConfig';
import { spawnTrainingWorker } from '../spawnTrainingWorker';
import type { ToWorker } from '../trainingProtocol';

export interface ArmResult {
  rows: TelemetryRow[];
  verdict: TimingVerdict;
  backend: BackendInfo | null;
}

export interface ArmEvents {
  onBackend?(info: BackendInfo): void;
  onRows?(rows: readonly TelemetryRow[], verdict: TimingVerdict): void;
}

export interface ArmRun {
  readonly done: Promise<ArmResult>;
  /** Ends the arm at once: terminates its worker; `done` rejects with ArmCancelled. */
  cancel(): void;
}

export class ArmCancelled extends Error {
  constructor() {
    super('stopped');
    this.name = 'ArmCancelled';
  }
}

/** Workers of arms still running (0 once every arm has ended, however it ended). */
let liveArmWorkers = 0;
export const armWorkersAlive = (): number => liveArmWorkers;

export function runArm(name: string, config: TrainConfig, rule: TimingRule, events: ArmEvents = {}): ArmRun {
  const rows: TelemetryRow[] = [];
  let backend: BackendInfo | null = null;
  let started = false;
  let stopSent = false;
  let ended = false;
  let settle: { resolve(r: ArmResult): void; reject(e: Error): void } | null = null;
  const done = new Promise<ArmResult>((resolve, reject) => (settle = { resolve, reject }));
  // Validation would cost as much as a step or more on a software adapter: only the one before step 1 runs.
  const runConfig: TrainConfig = {
    ...config,
    maxSteps: rule.maxSteps,
    validateEverySteps: LIMITS.validateEverySteps.max,
  };

  const end = (error: Error | null) => {
    if (ended) return;
    ended = true;
    worker.terminate();
    liveArmWorkers--;
    if (error) settle!.reject(error);
    else settle!.resolve({ rows, verdict: timingVerdict(rows, rule), backend });
  };

  const worker = spawnTrainingWorker(name, config.backend, {
    onMessage: (m) => {
      if (ended) return;
      switch (m.type) {
        case 'ready':
          backend = m.info;
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
          rows.push(...m.rows);
          const verdict = timingVerdict(rows, rule);
          events.onRows?.(rows, verdict);
          if (!stopSent && (verdict.state === 'stable' || verdict.state === 'capped')) {
            stopSent = true;
            worker.postMessage({ type: 'stop' } satisfies ToWorker);
          }
          return;
        }
        default:
          return;
      }
    },
    onCrash: (text) => end(new Error(`${name}'s training worker crashed: ${text}`)),
  });
  liveArmWorkers++;
  return { done, cancel: () => end(new ArmCancelled()) };
}
