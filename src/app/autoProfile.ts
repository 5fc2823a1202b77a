/**
 * The `prof=1` rule: a link may ask for a step profile as soon as it opens. Profiling from a stopped run
 * trains a few steps, so it follows the `run=1` rule (autoStart.ts): it happens only when the pre-flight
 * estimate fits the opener's device, once, at the training worker's first 'idle'. With `run=1` too, the
 * run starts first and its next steps are profiled. A refusal is explained in the profile panel.
 */
import { runPreflight } from '../config/preflight';
import { useProfileStore } from '../state/profileStore';
import { useAppStore, type AppState } from '../state/store';

/** Installs the watcher (after installAutoStart); it removes itself after the first 'idle'. */
export function installAutoProfile(): () => void {
  let done = false;
  let unsubscribe: () => void = () => {};
  const onState = (state: AppState) => {
    if (done || state.status !== 'idle') return;
    done = true;
    unsubscribe();
    const profiles = useProfileStore.getState();
    if (!profiles.requestedByLink) return;
    useProfileStore.setState({ requestedByLink: false });
    if (runPreflight(state.config, state.backendInfo).verdict === 'fits') {
      profiles.requestProfile();
    } else {
      profiles.failed(
        'this link asked for a step profile (prof=1), but the pre-flight check says its config does not fit this device, so nothing ran',
      );
    }
  };
  unsubscribe = useAppStore.subscribe(onState);
  onState(useAppStore.getState());
  return () => {
    done = true;
    unsubscribe();
  };
}
