/**
 * Entry point: read the link, start the training worker, render the UI. Only the test build
 * (`import.meta.env.VITE_TEST_HOOKS`) loads ./testHooks/ and installs the window test APIs first; in a
 * plain build the branch and its modules are left out of the bundle.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '../ui/App';
import { installAutoProfile } from './autoProfile';
import { installAutoStart } from './autoStart';
import { startCompareClient } from './compareRunner';
import { startFinderClient } from './finder/finderClient';
import { startLessonClient } from './lessons/lessonClient';
import { startParallelClient } from './parallel/parallelClient';
import { startPyTorchExportClient } from './pytorchExport/exportClient';
import { startSweepClient } from './sweeps/sweepRunner';
import { startDatasets } from './datasets';
import { startTrainingClient } from './trainingClient';
import { followHashChanges, readConfigFromUrl, syncConfigToUrl } from './urlSync';
import '../ui/styles.css';

readConfigFromUrl();
syncConfigToUrl();
followHashChanges();
startParallelClient();
startCompareClient();
startFinderClient();
startLessonClient();
startSweepClient();
startPyTorchExportClient();
installAutoStart();
installAutoProfile();
const client = startTrainingClient(startDatasets());
if (import.meta.env.VITE_TEST_HOOKS) {
  const { installTestBuild } = await import('./testHooks/installTestBuild');
  installTestBuild(client);
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
