/**
 * A chart spec in the page's language: its title, x label, series and axis labels and empty-plot text
 * replaced by the dictionary's words for that chart id (`charts.specs.<id>`); a spec the dictionary does not
 * know is returned as it is. Pure; the spec's data preparation is untouched, so a chart re-mounted after a
 * change of language redraws the same history.
 */
import { fill } from '../i18n/fill';
import type { Dictionary } from '../i18n/types';
import type { ChartSpec } from './chartSpec';

interface SpecWords {
  readonly title: string;
  readonly x: string;
  readonly empty: string;
  readonly series: Readonly<Record<string, string>>;
  readonly axes: Readonly<Record<string, string>>;
}

const DEVICE_SERIES = /^device-(\d+)$/;

export function localizeSpec<S>(spec: ChartSpec<S>, t: Dictionary): ChartSpec<S> {
  const words = (t.charts.specs as Readonly<Record<string, SpecWords | undefined>>)[spec.id];
  if (!words) return spec;
  const seriesLabel = (key: string, label: string) => {
    const device = DEVICE_SERIES.exec(key);
    if (device) return fill(t.charts.deviceN, { n: device[1]! });
    return words.series[key] ?? label;
  };
  return {
    ...spec,
    title: words.title,
    xLabel: words.x,
    emptyText: words.empty,
    series: spec.series.map((s) => ({ ...s, label: seriesLabel(s.key, s.label) })),
    axes: spec.axes.map((a) => ({ ...a, label: words.axes[a.scale] ?? a.label })),
  };
}
