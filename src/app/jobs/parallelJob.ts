/**
 * Connects the parallel store to the coordinator: Start reads the main store's training config and the
 * lesson's settings and starts a run; step records go to parallelHistory (every step) and to the store
 * (at most every STORE_INTERVAL_MS, and always the last one). Call startParallelClient() once at boot.
 */
import { useAppStore } from '../../state/store';
import {
  parallelConfigProblem,
  useParallelStore,
  type ParallelRunInfo,
  type ParallelSettings,
} from '../../state/parallelStore';
import type { ParallelStepRecord } from '../../config/parallel';
import { startParallelRun, type ParallelRun } from '../parallel/coordinator';
import { parallelHistory } from '../parallel/parallelHistory';

const STORE_INTERVAL_MS = 250;

export function startParallelClient(): void {
  const store = useParallelStore;
  let current: ParallelRun | null = null;

  const start = (settings: ParallelSettings) => {
    if (current) return;
    const config = useAppStore.getState().config;
    const problem = parallelConfigProblem(config, settings.replicas);
    // The controls keep Start disabled and say why, in the page's language.
    if (problem) return;
    parallelHistory.clear();
    store.setState({ status: 'starting', message: null, latest: null, run: null });
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
          const first = ready.backends[0];
          const kinds = [...new Set(ready.backends.map((b) => `${b.backend} (${b.adapterDescription})`))];
          info = {
            settings,
            config: {
              batchSize: config.batchSize,
              imageSizePx: config.imageSizePx,
              numClasses: config.numClasses,
              depth: config.depth,
              baseWidth: config.baseWidth,
              channels: config.channels,
              optimizer: config.optimizer,
            },
            parameterCount: ready.parameterCount,
            backendDescription: `${kinds.join(', ')} × ${ready.backends.length}`,
            isSoftwareAdapter: first?.isSoftwareAdapter ?? false,
          };
          store.setState({ status: 'running', run: info });
        },
        onStep: (record) => {
          parallelHistory.append(record);
          pending = record;
          if (performance.now() - lastStoreMs >= STORE_INTERVAL_MS) flush();
        },
      },
    );
    current = run;
    parallelHistory.liveWorkers = () => run.liveWorkers();
    void run.done.then((outcome) => {
      flush();
      current = null;
      parallelHistory.weightDigests = outcome.weightDigests;
      const latest = store.getState().latest;
      const byStrategy = { ...store.getState().byStrategy };
      if (info && latest) byStrategy[settings.strategy] = { run: info, last: latest };
      store.setState({
        status: outcome.status,
        message:
          outcome.status === 'failed'
            ? outcome.message
            : `${outcome.stepsDone} steps on ${settings.replicas} devices; replica workers terminated`,
        byStrategy,
      });
    });
  };

  store.getState().attachController({
    start,
    stop: () => current?.stop(),
  });
}
