/**
 * Puts one ChartSpec<S> on the page with uPlot and keeps it fed from a ChartFeed<S>: setData with prepared
 * columns at most once per animation frame, nothing while off-screen, a resize when the container's width
 * changes, a rebuild when the system switches between light and dark. Markers, shaded ranges and the
 * empty state are drawn over the plot by chartOverlay.ts. The chart's figure element carries `data-points`, `data-latest-<series>`,
 * `data-latest-x` and `data-markers` so tests can read what is drawn without pixels.
 * DOM and uPlot only; no React, no tfjs.
 */
import uPlot from 'uplot';
import { registerChart } from './chartRegistry';
import { latestXText, xLegendText, type ChartSpec, type PreparedChart } from './chartSpec';
import { markerAtCursor, markerBandPx, markerHover, overlay } from './chartOverlay';
import { readChartTheme, withAlpha, type ChartTheme } from './chartTheme';
import { errorBarsPlugin, highestBarEnd } from './errorBars';
import type { ChartFeed, ChartView } from './viewScheduler';

export interface ChartElements {
  /** Carries the data attributes; watched for visibility. */
  figure: HTMLElement;
  /** uPlot's root goes in here; its width sets the chart's width. */
  plot: HTMLElement;
  /** Shown (hidden=false) when the prepared chart has a note. */
  note: HTMLElement | null;
}

export interface MountOptions {
  /** Plot height in CSS px: `wide` from 480 px of width, `narrow` below. Default 220 / 180. */
  heightPx?: { wide: number; narrow: number };
}

const DEFAULT_HEIGHT_PX = { wide: 220, narrow: 180 };
const MIN_WIDTH_PX = 200;
const NARROW_BELOW_PX = 480;

const AXIS_FONT_PX = 12;
export const AXIS_FONT = `${AXIS_FONT_PX}px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;
/** uPlot's defaults for a y axis: tick length and gap between tick and text. */
const TICK_PX = 10;
const TICK_GAP_PX = 5;
const AXIS_LABEL_PX = 18;
/** Room between a y axis' widest tick text and its title. */
const AXIS_TITLE_GAP_PX = 8;

let measureContext: CanvasRenderingContext2D | null = null;

/** Width of `text` in the axis font, CSS px. */
function textWidth(text: string): number {
  measureContext ??= document.createElement('canvas').getContext('2d');
  if (!measureContext) return text.length * AXIS_FONT_PX * 0.6;
  measureContext.font = AXIS_FONT;
  return measureContext.measureText(text).width;
}

/** Width of a y axis' tick area: its widest tick text, ticks, gaps and the room before its title. */
export function yAxisSize(_u: uPlot, values: string[] | null): number {
  const widest = (values ?? ['0000']).reduce((m, v) => Math.max(m, v ? textWidth(v) : 0), 0);
  return Math.ceil(widest) + TICK_PX + TICK_GAP_PX + AXIS_TITLE_GAP_PX;
}

/** Whole steps only on the x axis. */
const STEP_INCREMENTS = Array.from({ length: 10 }, (_, k) => [1, 2, 5].map((m) => m * 10 ** k)).flat();

const defaultXTick = (x: number) => (Number.isInteger(x) ? String(x) : '');

interface BuildContext<S> {
  spec: ChartSpec<S>;
  widthPx: number;
  heightPx: number;
  theme: ChartTheme;
  prepared(): PreparedChart | null;
  legendValue(seriesIndex: number, dataIndex: number | null): string;
  plugin: uPlot.Plugin;
}

const isEmpty = (p: PreparedChart | null) => !p || p.data[0].length === 0;

function buildOptions<S>(c: BuildContext<S>): uPlot.Options {
  const { spec, theme } = c;
  const bandUppers = new Set((spec.bands ?? []).map((b) => b.upper));
  const scaleOf = (series: number) => spec.series[series]?.scale;
  const xLayout = spec.x?.layout ?? 'steps';
  const xRange = spec.x?.range;
  const scales: uPlot.Scales = {
    x: {
      time: false,
      range: (_u, dataMin, dataMax): uPlot.Range.MinMax => {
        if (xRange) return [xRange[0], xRange[1]];
        const pad = xLayout === 'slots' ? 0.5 : 0;
        if (dataMin === null || dataMax === null) return [0, 1];
        return dataMax > dataMin ? [dataMin - pad, dataMax + pad] : [dataMin - 0.5, dataMax + 0.5];
      },
    },
  };
  for (const axis of spec.axes) {
    const [min, max] = axis.range ?? [0, null];
    scales[axis.scale] = {
      range: (_u, dataMin, dataMax): uPlot.Range.MinMax => {
        // Error bars drawn on this scale reach above the data: the top leaves room for them too.
        const barTop = highestBarEnd(c.prepared()?.errorBars ?? [], scaleOf, axis.scale);
        const high = barTop !== null && (dataMax === null || barTop > dataMax) ? barTop : dataMax;
        const top = max ?? Math.max(high !== null && high > min ? high * 1.08 : min + 1, axis.minTop ?? 0);
        return [Math.min(min, dataMin ?? min), top];
      },
    };
  }
  const axisStyle = {
    stroke: theme.muted,
    grid: { stroke: theme.grid, width: 1 },
    ticks: { stroke: theme.grid, size: TICK_PX },
    gap: TICK_GAP_PX,
    font: AXIS_FONT,
    labelFont: `600 ${AXIS_FONT}`,
    labelSize: AXIS_LABEL_PX,
    labelGap: 0,
  };
  const bars = uPlot.paths.bars?.({ size: [0.85, 56], align: 0 });
  return {
    width: c.widthPx,
    height: c.heightPx,
    ...(spec.markerRows ? { padding: [markerBandPx(spec.markerRows), null, null, null] } : {}),
    scales,
    cursor: { drag: { x: false, y: false } },
    legend: { live: true },
    series: [
      {
        label: spec.xLabel,
        value: (u, v) => {
          const p = c.prepared();
          if (!p) return '—';
          if (v === null) return latestXText(p) || '—';
          const marker = markerAtCursor(u, p.markers ?? []);
          return marker ? `${xLegendText(p, v)} · ${marker.detail}` : xLegendText(p, v);
        },
      },
      ...spec.series.map((s, i): uPlot.Series => {
        const stroke = theme.colors[s.color];
        return {
          label: s.label,
          scale: s.scale,
          stroke,
          width: s.bars ? 0 : 1.5,
          ...(s.bars && bars ? { paths: bars, fill: withAlpha(stroke, 0.9), points: { show: false } } : {}),
          ...(s.dash ? { dash: s.dash } : {}),
          ...(s.spanGaps ? { spanGaps: true } : {}),
          ...(s.fill && !s.bars && !bandUppers.has(i) ? { fill: withAlpha(stroke, 0.35) } : {}),
          value: (_u, _v, _si, idx) => c.legendValue(i, idx),
        };
      }),
    ],
    bands: (spec.bands ?? []).map((b) => ({
      series: [b.upper + 1, b.lower + 1] as [number, number],
      fill: withAlpha(theme.colors[spec.series[b.upper]?.color ?? '--chart-1'], 0.35),
    })),
    axes: [
      {
        ...axisStyle,
        label: spec.xLabel,
        size: 30,
        incrs: STEP_INCREMENTS,
        values: (_u, splits) => {
          const p = c.prepared();
          if (isEmpty(p)) return splits.map(() => '');
          const tick = p?.xTick ?? defaultXTick;
          return splits.map((x) => tick(x));
        },
      },
      ...spec.axes.map(
        (a): uPlot.Axis => ({
          ...axisStyle,
          scale: a.scale,
          side: a.side === 'left' ? 3 : 1,
          label: a.label,
          size: yAxisSize,
          ...(a.increments ? { incrs: [...a.increments] } : {}),
          ...(a.side === 'right' ? { grid: { show: false } } : {}),
          // No ticks to read before there is data: an empty chart shows its grid and its empty text only.
          values: (_u, splits, _axisIdx, _space, increment) =>
            isEmpty(c.prepared()) ? splits.map(() => '') : a.ticks(splits, increment),
        }),
      ),
    ],
    plugins: [
      c.plugin,
      markerHover(() => c.prepared()?.markers ?? []),
      errorBarsPlugin(
        () => c.prepared()?.errorBars ?? [],
        (series) => theme.colors[spec.series[series]?.color ?? '--chart-1'],
      ),
    ],
  };
}

/** Writes data-points, data-latest-<key> (raw numbers, "null" where a series has none), data-latest-x and markers. */
function writeDataAttributes<S>(figure: HTMLElement, spec: ChartSpec<S>, prepared: PreparedChart) {
  const xs = prepared.data[0];
  figure.dataset.points = String(xs.length);
  spec.series.forEach((s, i) => {
    const latest = prepared.latest[i];
    figure.setAttribute(
      `data-latest-${s.key}`,
      latest === null || latest === undefined ? 'null' : String(latest),
    );
  });
  figure.dataset.latestX = latestXText(prepared);
  const markers = prepared.markers ?? [];
  figure.dataset.markers = String(markers.length);
  figure.dataset.markerLabels = markers.map((m) => m.label).join(' | ');
}

/** The empty state's sentence whole on hover: the canvas shortens it with "…" where the plot is narrow. */
function writeEmptyTitle(plot: HTMLElement, emptyText: string | undefined, points: number): void {
  const title = emptyText && points === 0 ? emptyText : '';
  if (plot.title !== title) plot.title = title;
}

export function mountChart<S>(
  spec: ChartSpec<S>,
  elements: ChartElements,
  feed: ChartFeed<S>,
  options: MountOptions = {},
) {
  const { figure, plot, note } = elements;
  const heights = options.heightPx ?? DEFAULT_HEIGHT_PX;
  let theme = readChartTheme();
  let prepared: PreparedChart | null = null;
  let visible = true;
  figure.dataset.points = '0';
  writeEmptyTitle(plot, spec.emptyText, 0);

  /** Hovered: the value at the cursor. Cursor off the plot (index null): each series' latest value. */
  const legendValue = (seriesIndex: number, dataIndex: number | null): string => {
    const v = dataIndex === null ? prepared?.latest[seriesIndex] : prepared?.legend[seriesIndex]?.[dataIndex];
    return v === null || v === undefined ? '—' : (spec.series[seriesIndex]?.format(v) ?? String(v));
  };
  const markerRows = spec.markerRows ?? 0;
  const plugin = overlay({
    prepared: () => prepared,
    theme: () => theme,
    emptyText: spec.emptyText ?? null,
    markerRows,
  });
  const widthNow = () => Math.max(MIN_WIDTH_PX, Math.floor(plot.clientWidth));
  const heightFor = (width: number) =>
    (width < NARROW_BELOW_PX ? heights.narrow : heights.wide) + markerBandPx(markerRows);
  const empty = (): uPlot.AlignedData => [[], ...spec.series.map(() => [])];
  const create = () => {
    const widthPx = widthNow();
    const options = buildOptions({
      spec,
      widthPx,
      heightPx: heightFor(widthPx),
      theme,
      prepared: () => prepared,
      legendValue,
      plugin,
    });
    return new uPlot(options, prepared ? (prepared.data as uPlot.AlignedData) : empty(), plot);
  };
  let u = create();

  /** With the cursor off the plot the legend shows the latest values instead of dashes. */
  const showLatestInLegend = () => {
    if (u.cursor.idx === null || u.cursor.idx === undefined)
      u.setLegend({ idxs: u.series.map(() => null) }, false);
  };

  const apply = (p: PreparedChart) => {
    u.batch(() => {
      p.shown.forEach((show, i) => {
        if (u.series[i + 1]?.show !== show) u.setSeries(i + 1, { show });
      });
      u.setData(p.data as uPlot.AlignedData);
    });
    showLatestInLegend();
    if (note) {
      note.hidden = p.note === null;
      if (p.note !== null && note.textContent !== p.note) note.textContent = p.note;
    }
    writeDataAttributes(figure, spec, p);
    writeEmptyTitle(plot, spec.emptyText, p.data[0].length);
  };

  const view: ChartView<S> = {
    draw(source) {
      prepared = spec.prepare(source);
      apply(prepared);
    },
    isVisible: () => visible && document.visibilityState === 'visible',
  };
  const removeView = feed.addView(view);

  const resize = new ResizeObserver(() => {
    const width = widthNow();
    if (width !== u.width) u.setSize({ width, height: heightFor(width) });
  });
  resize.observe(plot);

  const intersection = new IntersectionObserver((entries) => {
    const entry = entries[entries.length - 1];
    if (!entry) return;
    visible = entry.isIntersecting;
    if (visible) feed.invalidate(view);
  });
  intersection.observe(figure);

  const onVisibility = () => {
    if (document.visibilityState === 'visible') feed.invalidate(view);
  };
  document.addEventListener('visibilitychange', onVisibility);

  const darkQuery = window.matchMedia('(prefers-color-scheme: dark)');
  const onThemeChange = () => {
    theme = readChartTheme();
    u.destroy();
    u = create();
    feed.invalidate(view);
  };
  darkQuery.addEventListener('change', onThemeChange);

  const unregister = registerChart(spec.id, {
    title: spec.title,
    canvas: () => u.ctx.canvas,
    keys: () =>
      spec.series
        .filter((_, i) => u.series[i + 1]?.show !== false)
        .map((s) => ({ label: s.label, color: theme.colors[s.color] })),
    theme: () => theme,
  });

  return {
    destroy() {
      unregister();
      removeView();
      resize.disconnect();
      intersection.disconnect();
      document.removeEventListener('visibilitychange', onVisibility);
      darkQuery.removeEventListener('change', onThemeChange);
      u.destroy();
    },
  };
}
