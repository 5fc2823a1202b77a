/**
 * Entry point: read the link, start the training worker, install the test API, render the UI.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '../ui/App';
import { useAppStore } from '../state/store';
import { applyLink } from './applyLink';
import { installAutoProfile } from './autoProfile';
import { installAutoStart } from './autoStart';
import { startParallelClient } from './parallel/parallelClient';
import { installParallelTestApi } from './parallel/parallelTestApi';
import { installTestApi, installTestHooks } from './testApi';
import { startTrainingClient } from './trainingClient';
import { readConfigFromUrl, syncConfigToUrl } from './urlSync';
import '../ui/styles.css';

readConfigFromUrl();
syncConfigToUrl();
// A hand-edited address bar (or Back/Forward between hashes) applies the new link, unless training runs.
window.addEventListener('hashchange', () => {
  if (useAppStore.getState().status !== 'running') applyLink(window.location.hash);
});
installTestApi();
startParallelClient();
installParallelTestApi();
installAutoStart();
installAutoProfile();
const client = startTrainingClient();
installTestHooks((action) => client.post({ type: 'debug', action }));

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
