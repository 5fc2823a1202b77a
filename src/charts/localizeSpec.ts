/**
 * A chart spec in the page's language: its title, x label, series and axis labels and empty-plot text
 * replaced by the dictionary's words for that chart id (`charts.specs.<id>`); a spec the dictionary does not
 * know is returned as it is; the notes its preparation writes from en's `charts.words` are said in `t`'s
 * words (any other note is already in the page's words: a chart built for a dictionary). Pure; the data are untouched, so a chart re-mounted after a change of language redraws
 * the same history. (Charts whose preparation draws words of its own are built for a dictionary:
 * armPhasesChartIn, deviceMemoryChart, sweepChartsIn.)
 */
import { fill } from '../i18n/fill';
import type { Dictionary } from '../i18n/types';
import { en } from '../i18n/en';
import type { ChartSpec } from './chartSpec';

type NoteKey = 'noGpuMemory' | 'noPeak' | 'deviceNoGpuMemory' | 'notTimedNote';
const NOTE_KEYS: readonly NoteKey[] = ['noGpuMemory', 'noPeak', 'deviceNoGpuMemory', 'notTimedNote'];

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
  const noteIn = (note: string | null) => {
    const key = NOTE_KEYS.find((k) => en.charts.words[k] === note);
    return key ? t.charts.words[key] : note;
  };
  return {
    ...spec,
    prepare: (source) => {
      const prepared = spec.prepare(source);
      return prepared.note ? { ...prepared, note: noteIn(prepared.note) } : prepared;
    },
    title: words.title,
    xLabel: words.x,
    emptyText: words.empty,
    series: spec.series.map((s) => ({ ...s, label: seriesLabel(s.key, s.label) })),
    axes: spec.axes.map((a) => ({ ...a, label: words.axes[a.scale] ?? a.label })),
  };
}
