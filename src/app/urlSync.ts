/**
 * The config travels in the URL hash. At boot the hash (if any) is decoded — every field validated,
 * problems listed as plain text — and later edits are written back with history.replaceState, debounced,
 * so a slider drag adds no history entries.
 */
import { decodeHash, encodeConfigToHash } from '../config/urlCodec';
import { useProfileStore } from '../state/profileStore';
import { useAppStore } from '../state/store';

const WRITE_DEBOUNCE_MS = 300;

/** Reads the hash into the store: config, problems, hidden controls, the `run=1` and `prof=1` requests. */
export function readConfigFromUrl(): void {
  const hash = window.location.hash;
  if (!hash || hash === '#') return;
  const decoded = decodeHash(hash);
  useAppStore.getState().replaceConfig(decoded.config, decoded.problems);
  useAppStore.setState({
    hiddenControls: decoded.hide,
    autoStartRequested: decoded.run,
    compareOverrides: decoded.overridesB,
  });
  if (decoded.profile) useProfileStore.setState({ requestedByLink: true });
}

/** Mirrors config changes into the hash. Returns an unsubscribe function. */
export function syncConfigToUrl(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const unsubscribe = useAppStore.subscribe((state, previous) => {
    if (state.config === previous.config && state.compareOverrides === previous.compareOverrides) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      const next = encodeConfigToHash(state.config, {
        hide: [...state.hiddenControls],
        ...(state.compareOverrides ? { b: state.compareOverrides } : {}),
      });
      if (next !== window.location.hash) history.replaceState(history.state, '', next);
    }, WRITE_DEBOUNCE_MS);
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}
