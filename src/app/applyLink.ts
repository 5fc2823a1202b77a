/**
 * Applies a link's hash (a preset's, or any `#v=1&…`) to the running page, as opening the page with that
 * link would: decoded with decodeHash (validated, problems listed as text), then config, problems and
 * comparison overrides go to the store, and the address bar shows the link (history.replaceState, so the
 * Back button does not lead to a hash the page would not re-read). Two differences from opening a link:
 * `run=1` is never honoured here (a click on a preset chooses an experiment, it does not start one), and
 * the page's hidden controls stay as they are unless the link names its own (`hide=` belongs to the
 * embedding page, not to the experiment).
 */
import { decodeHash, encodeConfigToHash, type DecodedHash } from '../config/urlCodec';
import { useAppStore } from '../state/store';

/** Applies `hash` (with or without `#`) to the store and the address bar; returns what was decoded. */
export function applyLink(hash: string): DecodedHash {
  const decoded = decodeHash(hash);
  const store = useAppStore.getState();
  const hiddenControls = decoded.hide.length > 0 ? decoded.hide : store.hiddenControls;
  store.replaceConfig(decoded.config, decoded.problems);
  useAppStore.setState({ hiddenControls, autoStartRequested: false, compareOverrides: decoded.overridesB });
  const next = encodeConfigToHash(decoded.config, {
    hide: [...hiddenControls],
    ...(decoded.overridesB ? { b: decoded.overridesB } : {}),
  });
  if (next !== window.location.hash) history.replaceState(history.state, '', next);
  return decoded;
}
