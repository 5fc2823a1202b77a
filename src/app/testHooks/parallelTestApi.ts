/**
 * window.batchlabParallel: a read-only view of the multi-device lesson for end-to-end tests, present only
 * in the test build (installed by ./installTestBuild.ts at boot). Every getter returns a copy. Runs are started
 * through the panel's controls, like a user would.
 */
import { useParallelStore } from '../../state/parallelStore';
import { useAppStore } from '../../state/store';
import { parallelHistory } from '../parallel/parallelHistory';
import { messageText } from './testApi';

declare global {
  interface Window {
    batchlabParallel?: BatchLabParallelApi;
  }
}

const copy = <T>(value: T): T => structuredClone(value);

function parallelTestApi() {
  const s = () => useParallelStore.getState();
  return {
    version: 1 as const,
    /** The job's phase, and how it ended when it did not finish: a failure's own words, or the code. */
    status: () => {
      const { phase, message } = useAppStore.getState().jobs.parallel;
      return { status: phase, message: messageText(message) };
    },
    run: () => copy(s().run),
    /** Every step of the current (or last) run: per-device reports and the formula's bytes. */
    steps: () => copy(parallelHistory.records),
    /** FNV-1a digests of each replica's final weights (set when a run ends). */
    weightDigests: () => [...parallelHistory.weightDigests],
    /** Replica workers alive now (0 once a run has ended: their devices are released). */
    liveWorkers: () => parallelHistory.liveWorkers(),
  };
}

export type BatchLabParallelApi = ReturnType<typeof parallelTestApi>;

export function installParallelTestApi(): void {
  Object.defineProperty(window, 'batchlabParallel', {
    value: Object.freeze(parallelTestApi()),
    writable: false,
    configurable: false,
  });
}
