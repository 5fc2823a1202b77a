/**
 * The view and the config travel in the URL hash. At boot the hash (if any) is decoded — every field
 * validated, problems listed as plain text — and later edits are written back with history.replaceState,
 * debounced, so a slider drag adds no history entries. A change of view is a navigation: pushState, at once.
 */
import { decodeHash, encodeConfigToHash } from '../config/urlCodec';
import { VIEW_OF_OLD_LINKS } from '../config/views';
import { useProfileStore } from '../state/profileStore';
import { useAppStore } from '../state/store';

const WRITE_DEBOUNCE_MS = 300;

/**
 * Reads the hash the page was opened with into the store: view, config, problems, hidden controls, and the
 * `run=1` and `prof=1` requests.
 */
export function readConfigFromUrl(): void {
  const hash = window.location.hash;
  if (!hash || hash === '#') return;
  const decoded = useAppStore.getState().openLink(hash, true);
  if (decoded.profile) useProfileStore.setState({ requestedByLink: true });
}

/**
 * A hand-edited address bar (or Back/Forward between hashes) opens the new link, unless training runs;
 * a hash this page wrote itself is already the store's state.
 */
export function followHashChanges(): void {
  window.addEventListener('hashchange', () => {
    const s = useAppStore.getState();
    if (window.location.hash === currentHash()) return;
    // While training runs the experiment may not change; the view may.
    if (s.status === 'running') s.openView(decodeHash(window.location.hash).view ?? VIEW_OF_OLD_LINKS);
    else s.openLink(window.location.hash);
  });
}

/** The hash of the store's current experiment. */
function currentHash(): string {
  const s = useAppStore.getState();
  return encodeConfigToHash(s.config, {
    view: s.view,
    ...(s.langChosen ? { lang: s.lang } : {}),
    section: s.view === 'playground' ? s.section : null,
    hide: [...s.hiddenControls],
    ...(s.compareOverrides ? { b: s.compareOverrides } : {}),
    sweep: s.sweep,
    embed: s.embedded,
  });
}

/** Mirrors config changes into the hash. Returns an unsubscribe function. */
export function syncConfigToUrl(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const unsubscribe = useAppStore.subscribe((state, previous) => {
    if (state.view !== previous.view) {
      // A new view is a navigation: its own history entry, written at once, so Back returns.
      clearTimeout(timer);
      const next = currentHash();
      if (next !== window.location.hash) history.pushState(history.state, '', next);
      return;
    }
    if (
      state.config === previous.config &&
      state.compareOverrides === previous.compareOverrides &&
      state.lang === previous.lang &&
      state.section === previous.section &&
      state.sweep === previous.sweep
    ) {
      return;
    }
    clearTimeout(timer);
    timer = setTimeout(() => {
      const next = currentHash();
      if (next !== window.location.hash) history.replaceState(history.state, '', next);
    }, WRITE_DEBOUNCE_MS);
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}
