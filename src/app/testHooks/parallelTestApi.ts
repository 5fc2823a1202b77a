/**
 * window.batchlabParallel: a read-only view of the multi-device lesson for end-to-end tests, present only
 * in the test build (installed by ./installTestBuild.ts at boot). Every getter returns a copy. Runs are started
 * through the panel's controls, like a user would.
 */
import type { JobPhase } from '../../config/jobs';
import {
  useParallelStore,
  type ParallelRunInfo,
  type ParallelRunResult,
  type ParallelSettings,
} from '../../state/parallelStore';
import { useAppStore } from '../../state/store';
import type { ParallelStepRecord, ParallelStrategy } from '../../config/parallel';
import { parallelHistory } from '../parallel/parallelHistory';

export interface BatchLabParallelApi {
  readonly version: 1;
  settings(): ParallelSettings;
  /** The job's phase, and how it ended when it did not finish: a failure's own words, or the code. */
  status(): { status: JobPhase; message: string | null };
  run(): ParallelRunInfo | null;
  /** Every step of the current (or last) run: per-device reports and the formula's bytes. */
  steps(): ParallelStepRecord[];
  /** Last step of the last run of each strategy. */
  byStrategy(): Partial<Record<ParallelStrategy, ParallelRunResult>>;
  /** FNV-1a digests of each replica's final weights (set when a run ends). */
  weightDigests(): string[];
  /** Replica workers alive now (0 once a run has ended: their devices are released). */
  liveWorkers(): number;
}

declare global {
  interface Window {
    batchlabParallel?: BatchLabParallelApi;
  }
}

const copy = <T>(value: T): T => structuredClone(value);

export function installParallelTestApi(): void {
  const s = () => useParallelStore.getState();
  const api: BatchLabParallelApi = {
    version: 1,
    settings: () => copy(s().settings),
    status: () => {
      const { phase, message } = useAppStore.getState().jobs.parallel;
      return {
        status: phase,
        message: message === null ? null : message.code === 'failed' ? message.detail : message.code,
      };
    },
    run: () => copy(s().run),
    steps: () => copy(parallelHistory.records),
    byStrategy: () => copy(s().byStrategy),
    weightDigests: () => [...parallelHistory.weightDigests],
    liveWorkers: () => parallelHistory.liveWorkers(),
  };
  Object.defineProperty(window, 'batchlabParallel', {
    value: Object.freeze(api),
    writable: false,
    configurable: false,
  });
}
