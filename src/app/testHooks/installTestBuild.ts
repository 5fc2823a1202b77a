/**
 * What the test build (`vite build --mode e2e`) adds to the page: the read-only window APIs
 * (window.batchlab, window.batchlabParallel) and, with `?testHooks=1` in the page's search, the fault
 * injection (window.batchlabTestHooks). main.tsx calls it only when `import.meta.env.VITE_TEST_HOOKS` is
 * true; no module here has top-level side effects, so a plain build tree-shakes all of it away.
 */
import type { TrainingClient } from '../trainingClient';
import { installParallelTestApi } from './parallelTestApi';
import { installTestApi, installTestHooks } from './testApi';

export function installTestBuild(client: TrainingClient): void {
  installTestApi();
  installParallelTestApi();
  installTestHooks((action) => client.post({ type: 'test-hook', action }));
}
