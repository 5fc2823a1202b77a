/**
 * The `run=1` rule: a link never starts a run by itself unless it carries an explicit `run=1` and the
 * pre-flight memory estimate fits the device. Watches the app store until the training worker first
 * reports 'idle' (the backend is then known); at that moment, and only then, it starts the run once if the
 * link asked for it and the check says 'fits'. The `?skipPreflight=1` debug flag does not apply here: a
 * link may only start a run that fits. A refusal is explained in the status line. The decision is kept
 * for the read-only test API (autoStartOutcome), so tests wait on it instead of sleeping.
 */
import { runPreflight } from '../config/preflight';
import { useAppStore, type AppState } from '../state/store';

export type AutoStartDecision = 'start' | 'not-asked' | 'refused';

/** What the first 'idle' should do with a link's start request; exported for tests. */
export function autoStartDecision(state: AppState): AutoStartDecision {
  if (!state.autoStartRequested) return 'not-asked';
  return runPreflight(state.config, state.backendInfo).verdict === 'fits' ? 'start' : 'refused';
}

let outcome: AutoStartDecision | 'pending' = 'pending';

/** What the installed watcher decided at the first 'idle'; 'pending' until then. */
export function autoStartOutcome(): AutoStartDecision | 'pending' {
  return outcome;
}

/** Installs the watcher; it removes itself after the first 'idle'. Returns a function that removes it sooner. */
export function installAutoStart(): () => void {
  outcome = 'pending';
  return atFirstIdle((state) => {
    const decision = autoStartDecision(state);
    outcome = decision;
    if (decision === 'not-asked') return;
    // The request is honoured (or refused) once; later 'idle's (after a Reset, a worker restart) do nothing.
    useAppStore.setState({ autoStartRequested: false });
    if (decision === 'start') {
      state.start();
    } else {
      useAppStore.setState({ statusNote: { kind: 'auto-start-refused' } });
    }
  });
}

/**
 * Runs `action` once, at the training worker's first 'idle' (at once if it is idle already). Returns a
 * function that removes the watcher sooner.
 */
export function atFirstIdle(action: (state: AppState) => void): () => void {
  let done = false;
  let unsubscribe: () => void = () => {};
  const onState = (state: AppState) => {
    if (done || state.status !== 'idle') return;
    done = true;
    unsubscribe();
    action(state);
  };
  unsubscribe = useAppStore.subscribe(onState);
  onState(useAppStore.getState());
  return () => {
    done = true;
    unsubscribe();
  };
}
