/**
 * What the test build (`vite build --mode e2e`) adds to the page: the read-only window APIs
 * (window.batchlab, window.batchlabParallel) and, with `?testHooks=1` in the page's search, the fault
 * injection (window.batchlabTestHooks). main.tsx imports this module only when
 * `import.meta.env.VITE_TEST_HOOKS` is true, so a plain build carries none of it.
 */
import type { TrainingClient } from '../trainingClient';
import { installParallelTestApi } from './parallelTestApi';
import { installTestApi, installTestHooks } from './testApi';

export function installTestBuild(client: TrainingClient): void {
  installTestApi();
  installParallelTestApi();
  installTestHooks((action) => client.post({ type: 'test-hook', action }));
}
