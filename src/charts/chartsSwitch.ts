/**
 * Charts on or off, for the overhead benchmark (training speed with and without live charts). Off means
 * no chart is created, the feed never subscribes to the telemetry history, and nothing is drawn; the
 * telemetry itself still flows (it is part of what the bench measures).
 *
 * Initial value: off when the page URL's query (not the shareable hash) carries `charts=off`, e.g.
 * `/?charts=off#v=1&px=32…`. At run time: `setChartsEnabled(false)`.
 */

type Listener = () => void;

const initiallyEnabled = (search: string): boolean => new URLSearchParams(search).get('charts') !== 'off';

let enabled = typeof location === 'undefined' ? true : initiallyEnabled(location.search);
const listeners = new Set<Listener>();

export function chartsEnabled(): boolean {
  return enabled;
}

export function setChartsEnabled(on: boolean): void {
  if (on === enabled) return;
  enabled = on;
  listeners.forEach((l) => l());
}

/** For React's useSyncExternalStore. */
export function subscribeChartsEnabled(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export { initiallyEnabled as chartsEnabledFromQuery };
