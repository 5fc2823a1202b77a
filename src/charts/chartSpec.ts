/**
 * What a chart is, independent of uPlot and the DOM: its series (labels, colours by CSS variable, units,
 * line or bars), its axes, and a pure `prepare` that turns its data source S (the run timeline, a
 * comparison's sides, a lesson's arms…) into plotted columns, legend values, latest figures and the
 * markers and shaded ranges drawn over the plot. uPlot options are built from this in mountChart.ts.
 */
import { lastValue, type Column } from './chartColumns';
import type { ErrorBarColumns } from './errorBars';
import { pageStepAt } from './pageSteps';

/** The four live charts of the run (ChartsPanel, the export panel's PNG buttons). */
export type ChartId = 'memory' | 'throughput' | 'bytes' | 'loss';

/** Series colours: CSS custom properties defined in styles.css (light and dark values). */
export type ChartColorVar = '--chart-1' | '--chart-2' | '--chart-3' | '--chart-4' | '--chart-5' | '--chart-6';

interface SeriesSpec {
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
  /** Draw as bars from 0 (a later series' bars are drawn over an earlier one's: stack by drawing order). */
  bars?: boolean;
}

export interface AxisSpec {
  scale: string;
  /** Axis title, with its unit where ticks carry none. */
  label: string;
  side: 'left' | 'right';
  ticks(splits: readonly number[], increment: number): string[];
  /** Tick steps the axis may use (e.g. powers of two for bytes); uPlot's own otherwise. */
  increments?: readonly number[];
  /** Fixed bounds; null lets the data decide. Default: from 0 up to the data. */
  range?: [number, number | null];
  /** Smallest top of the scale when the data is lower or absent (e.g. 1 KiB for bytes). */
  minTop?: number;
}

/** How the x axis is laid out. */
interface XAxisSpec {
  /**
   * `steps`: points at whole steps, the scale spans the data. `slots`: bars centred on whole numbers, with
   * half a slot of room on each side.
   */
  layout: 'steps' | 'slots';
  /** Fixed x range (e.g. [-0.5, 2.5] for three categories); the data decides otherwise. */
  range?: [number, number];
}

/** A vertical line at x with a short label on the plot; `detail` is the full text (legend, hover). */
export interface ChartMarker {
  x: number;
  label: string;
  detail: string;
}

/**
 * A shaded x range drawn over the plot (e.g. steps not timed), labelled where it has room: the whole label,
 * else its part before a colon, else none.
 */
export interface ChartShade {
  fromX: number;
  toX: number;
  label: string;
}

export interface PreparedChart {
  /** uPlot's aligned data: [xs, ...one column per series] as drawn (stacked where stacked). */
  data: [number[], ...Column[]];
  /** What the legend reads for each series (raw per-phase values where the plot is stacked). */
  legend: Column[];
  /** Latest figure of each series, raw (not stacked); null where the series has none. */
  latest: (number | null)[];
  /**
   * A sentence shown above the plot: what cannot be drawn (e.g. GPU memory on the cpu backend), or how to
   * read what is drawn (e.g. what a shaded range means).
   */
  note: string | null;
  /** Per series: false hides it (e.g. GPU memory on the cpu backend). */
  shown: boolean[];
  /** Vertical lines with labels (run starts, arms), in ascending x. */
  markers?: readonly ChartMarker[];
  /** Shaded x ranges. */
  shades?: readonly ChartShade[];
  /** Intervals drawn as error bars over a series (errorBars.ts). */
  errorBars?: readonly ErrorBarColumns[];
  /** Text of an x tick (default: the whole number). */
  xTick?(x: number): string;
  /** What the legend reads for an x (default: the whole step at or before it). */
  xLegend?(x: number): string;
}

export interface ChartSpec<S> {
  /** Unique on the page: the figure is `chart-<id>`, and the PNG export finds the chart by it. */
  id: string;
  title: string;
  xLabel: string;
  /** Default: steps. */
  x?: XAxisSpec;
  series: SeriesSpec[];
  axes: AxisSpec[];
  /** Filled bands between stacked series, as indices into `series` (upper, lower). */
  bands?: { upper: number; lower: number }[];
  /** Drawn in the middle of the plot while it has no point yet. */
  emptyText?: string;
  /** Rows of marker labels in a band kept above the plot, so labels never cover data. Default 0: none. */
  markerRows?: number;
  prepare(source: S): PreparedChart;
}

/** A chart drawn as prepared, every series shown and no note; the legend reads `legend` (latest: its last values). */
export function plainChart(data: PreparedChart['data'], legend: Column[]): PreparedChart {
  return { data, legend, latest: legend.map(lastValue), note: null, shown: legend.map(() => true) };
}

/** What the legend reads for x: the chart's own text, else the whole step at or before x. */
export function xLegendText(prepared: PreparedChart, x: number): string {
  return prepared.xLegend ? prepared.xLegend(x) : String(pageStepAt(x));
}

/** The legend's x when the cursor is off the plot: that of the newest point ('' when there is none). */
export function latestXText(prepared: PreparedChart): string {
  const x = prepared.data[0].at(-1);
  return x === undefined ? '' : xLegendText(prepared, x);
}
