/**
 * The several-GPU run as a job: reads the app store's training config and the settings it was started
 * with, runs the coordinator (../parallel/coordinator.ts) with the job's AbortSignal (Stop terminates
 * every replica worker at once), and writes what it learns to the parallel store: the run's description
 * once every replica is ready, the latest step (at most every STORE_INTERVAL_MS, and always the last one),
 * and at the end the figures the UI words (steps done, devices). Every step also goes to parallelHistory.
 */
import { useAppStore } from '../../state/store';
import {
  parallelConfigProblem,
  parallelJobConfigs,
  useParallelStore,
  type ParallelRunInfo,
} from '../../state/parallelStore';
import type { ParallelStepRecord } from '../../config/parallel';
import type { TrainConfig } from '../../config/trainConfig';
import { startParallelRun, type ParallelReady } from '../parallel/coordinator';
import { parallelHistory } from '../parallel/parallelHistory';
import type { JobDefinition } from './runJob';

const STORE_INTERVAL_MS = 250;

function runInfo(
  settings: ParallelRunInfo['settings'],
  config: TrainConfig,
  ready: ParallelReady,
): ParallelRunInfo {
  const first = ready.backends[0];
  const kinds = [...new Set(ready.backends.map((b) => `${b.backend} (${b.adapterDescription})`))];
  return {
    settings,
    // The store's config is never edited in place: a later edit makes a new object, so this is a snapshot.
    config,
    parameterCount: ready.parameterCount,
    backendDescription: `${kinds.join(', ')} × ${ready.backends.length}`,
    isSoftwareAdapter: first?.isSoftwareAdapter ?? false,
  };
}

export const parallelJob: JobDefinition<'parallel'> = {
  configs: () => parallelJobConfigs(useAppStore.getState().config),
  body: async (settings, signal) => {
    const store = useParallelStore;
    const config = useAppStore.getState().config;
    const problem = parallelConfigProblem(config, settings.replicas);
    // The controls keep Start disabled and say why, in the page's language.
    if (problem) throw new Error(`batch ${config.batchSize}, ${settings.replicas} replicas: ${problem}`);
    parallelHistory.clear();
    store.setState({ latest: null, run: null, summary: null });
    let lastStoreMs = 0;
    let pending: ParallelStepRecord | null = null;
    const flush = () => {
      if (pending) store.setState({ latest: pending });
      pending = null;
      lastStoreMs = performance.now();
    };
    let info: ParallelRunInfo | null = null;
    const run = startParallelRun(
      { config, ...settings },
      {
        onReady: (ready) => {
          info = runInfo(settings, config, ready);
          store.setState({ run: info });
        },
        onStep: (record) => {
          parallelHistory.append(record);
          pending = record;
          if (performance.now() - lastStoreMs >= STORE_INTERVAL_MS) flush();
        },
      },
      signal,
    );
    parallelHistory.liveWorkers = () => run.liveWorkers();
    // Settles once every replica worker has been terminated, however the run ended.
    const outcome = await run.done;
    flush();
    parallelHistory.weightDigests = outcome.weightDigests;
    const latest = store.getState().latest;
    const byStrategy = { ...store.getState().byStrategy };
    if (info && latest) byStrategy[settings.strategy] = { run: info, last: latest };
    store.setState({ byStrategy, summary: { stepsDone: outcome.stepsDone, replicas: settings.replicas } });
    if (outcome.status === 'failed') throw new Error(outcome.message ?? 'failed');
  },
};
