/**
 * What a chart is, independent of uPlot and the DOM: its series (labels, colours by CSS variable, units),
 * its y axes, and a pure `prepare` that turns the run timeline into plotted columns, legend values and
 * latest figures. uPlot options are built from this in mountChart.ts.
 */
import type { Column } from './chartColumns';
import type { RunTimeline } from './runTimeline';

export const CHART_IDS = ['memory', 'throughput', 'bytes', 'loss'] as const;
export type ChartId = (typeof CHART_IDS)[number];

/** Series colours: CSS custom properties defined in styles.css (light and dark values). */
export type ChartColorVar = '--chart-1' | '--chart-2' | '--chart-3' | '--chart-4' | '--chart-5';

export interface SeriesSpec {
  /** kebab-case; the chart element carries `data-latest-<key>`. */
  key: string;
  label: string;
  color: ChartColorVar;
  /** y scale (one per axis). */
  scale: string;
  /** Legend read-out of one value. */
  format(value: number): string;
  /** Filled area from the series down to the previous one in `bands` (or to 0 when first). */
  fill?: boolean;
  dash?: number[];
  /** Join points across gaps (series sampled less often than x, e.g. IoU). */
  spanGaps?: boolean;
}

export interface AxisSpec {
  scale: string;
  /** Axis title, with its unit where ticks carry none. */
  label: string;
  side: 'left' | 'right';
  ticks(splits: readonly number[], increment: number): string[];
  /** Fixed bounds; null lets the data decide. Default: from 0 up to the data. */
  range?: [number, number | null];
}

export interface PreparedChart {
  /** uPlot's aligned data: [xs, ...one column per series] as drawn (stacked where stacked). */
  data: [number[], ...Column[]];
  /** What the legend reads for each series (raw per-phase values where the plot is stacked). */
  legend: Column[];
  /** Latest figure of each series, raw (not stacked); null where the series has none. */
  latest: (number | null)[];
  /** A sentence shown instead of series that cannot exist (e.g. GPU memory on the cpu backend). */
  note: string | null;
  /** Per series: false hides it (e.g. GPU memory on the cpu backend). */
  shown: boolean[];
}

export interface ChartSpec {
  id: ChartId;
  title: string;
  xLabel: string;
  series: SeriesSpec[];
  axes: AxisSpec[];
  /** Filled bands between stacked series, as indices into `series` (upper, lower). */
  bands?: { upper: number; lower: number }[];
  prepare(timeline: RunTimeline): PreparedChart;
}
