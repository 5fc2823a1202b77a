/**
 * Entry point: read the link, start the training worker, install the test API, render the UI.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '../ui/App';
import { installAutoProfile } from './autoProfile';
import { installAutoStart } from './autoStart';
import { installParallelTestApi } from './parallel/parallelTestApi';
import { installTestApi, installTestHooks } from './testApi';
import { startDatasets } from './datasets';
import { startTrainingClient } from './trainingClient';
import { startJobRunner } from './jobs/jobRunner';
import { skipPreflightRequested } from '../config/preflight';
import { useAppStore } from '../state/store';
import { followHashChanges, readConfigFromUrl, syncConfigToUrl } from './urlSync';
import '../ui/styles.css';

useAppStore.setState({ skipPreflight: skipPreflightRequested(window.location.search) });
readConfigFromUrl();
startJobRunner();
syncConfigToUrl();
followHashChanges();
installTestApi();
installParallelTestApi();
installAutoStart();
installAutoProfile();
const client = startTrainingClient(startDatasets());
installTestHooks((action) => client.post({ type: 'debug', action }));

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
