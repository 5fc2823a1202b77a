/**
 * Charts on or off, for the overhead benchmark (training speed with and without live charts). Off means
 * no chart is created, the feed never subscribes to the telemetry history, and nothing is drawn; the
 * telemetry itself still flows (it is part of what the bench measures).
 *
 * Off when the page URL's query (not the shareable hash) carries `charts=off`, e.g.
 * `/?charts=off#v=1&px=32…`; read once, when the page loads.
 */

export const chartsEnabledFromQuery = (search: string): boolean =>
  new URLSearchParams(search).get('charts') !== 'off';

const enabled = typeof location === 'undefined' ? true : chartsEnabledFromQuery(location.search);

export function chartsEnabled(): boolean {
  return enabled;
}
