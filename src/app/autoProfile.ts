/**
 * The `prof=1` rule: a link may ask for a step profile as soon as it opens. Profiling from a stopped run
 * trains a few steps, so it follows the `run=1` rule (autoStart.ts): it happens only when the pre-flight
 * estimate fits the opener's device, once, at the training worker's first 'idle'. With `run=1` too, the
 * run starts first and its next steps are profiled. A refusal is the profile job's message, explained in
 * the profile panel.
 */
import { runPreflight } from '../config/preflight';
import { useProfileStore } from '../state/profileStore';
import { atFirstIdle } from './autoStart';
import { refuseLinkProfile } from './jobs/profileJob';

/** Installs the watcher (after installAutoStart); it removes itself after the first 'idle'. */
export function installAutoProfile(): () => void {
  return atFirstIdle((state) => {
    if (!useProfileStore.getState().requestedByLink) return;
    useProfileStore.setState({ requestedByLink: false });
    const preflight = runPreflight(state.config, state.backendInfo);
    if (preflight.verdict === 'fits') state.startJob('profile', state.config);
    else refuseLinkProfile(preflight.verdict === 'refused' ? preflight.refusal : null);
  });
}
