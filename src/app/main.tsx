/**
 * Entry point: read the link, start the training worker, render the UI. Only the test build
 * (`import.meta.env.VITE_TEST_HOOKS`) installs the window test APIs (./testHooks/); in a plain build the
 * branch and its modules are left out of the bundle (test/plainBuild.test.ts).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '../ui/App';
import { installAutoProfile } from './autoProfile';
import { installAutoStart } from './autoStart';
import { startDatasets } from './datasets';
import { installTestBuild } from './testHooks/installTestBuild';
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
installAutoStart();
installAutoProfile();
const client = startTrainingClient(startDatasets());
// Synchronous, so the APIs exist before the page's load event (tests read them at once); in a plain build
// the call is removed and, with it, everything only ./testHooks/ imports (no module there has side effects).
if (import.meta.env.VITE_TEST_HOOKS) installTestBuild(client);

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
