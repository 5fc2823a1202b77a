/**
 * Puts one ChartSpec on the page with uPlot and keeps it fed from the chart feed: setData with prepared
 * columns at most once per animation frame, nothing while off-screen, a resize when the container's
 * width changes, a rebuild when the system switches between light and dark. The chart's figure element
 * carries `data-points` and `data-latest-<series>` so tests can read what is drawn without pixels.
 * DOM and uPlot only; no React, no tfjs.
 */
import uPlot from 'uplot';
import { chartFeed, type ChartFeed, type ChartView } from './chartFeed';
import { registerChart } from './chartRegistry';
import type { ChartSpec, PreparedChart } from './chartSpec';
import { readChartTheme, withAlpha, type ChartTheme } from './chartTheme';
import type { RunTimeline } from './runTimeline';

export interface ChartElements {
  /** Carries the data attributes; watched for visibility. */
  figure: HTMLElement;
  /** uPlot's root goes in here; its width sets the chart's width. */
  plot: HTMLElement;
  /** Shown (hidden=false) when the prepared chart has a note. */
  note: HTMLElement | null;
}

export interface ChartHandle {
  destroy(): void;
}

const PLOT_HEIGHT_PX = 220;
const NARROW_PLOT_HEIGHT_PX = 180;
const MIN_WIDTH_PX = 200;

const plotHeight = (width: number) => (width < 480 ? NARROW_PLOT_HEIGHT_PX : PLOT_HEIGHT_PX);

/** Vertical dashed lines where a new config (a new run) started, drawn on uPlot's canvas. */
function runStartMarkers(getXs: () => readonly number[], theme: () => ChartTheme): uPlot.Plugin {
  return {
    hooks: {
      draw: (u) => {
        const xs = getXs();
        if (xs.length === 0) return;
        const { ctx } = u;
        const { top, height } = u.bbox;
        const ratio = uPlot.pxRatio;
        ctx.save();
        ctx.strokeStyle = theme().muted;
        ctx.fillStyle = theme().muted;
        ctx.lineWidth = ratio;
        ctx.setLineDash([4 * ratio, 4 * ratio]);
        ctx.font = `${11 * ratio}px system-ui, sans-serif`;
        ctx.textAlign = 'left';
        ctx.textBaseline = 'alphabetic';
        for (const x of xs) {
          const px = u.valToPos(x, 'x', true);
          if (!(px >= u.bbox.left && px <= u.bbox.left + u.bbox.width)) continue;
          ctx.beginPath();
          ctx.moveTo(px, top);
          ctx.lineTo(px, top + height);
          ctx.stroke();
          ctx.fillText('new config', px + 3 * ratio, top + 11 * ratio);
        }
        ctx.restore();
      },
    },
  };
}

const AXIS_FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
let measureContext: CanvasRenderingContext2D | null = null;

/** Width of a y axis: its widest tick text, measured in uPlot's axis font, plus ticks and gap. */
function axisSize(_u: uPlot, values: string[] | null): number {
  measureContext ??= document.createElement('canvas').getContext('2d');
  if (!measureContext || !values) return 48;
  measureContext.font = AXIS_FONT;
  const widest = values.reduce((m, v) => Math.max(m, v ? measureContext!.measureText(v).width : 0), 0);
  return Math.ceil(widest) + 10 + 5 + 6;
}

/** Whole steps only on the x axis. */
const STEP_INCREMENTS = Array.from({ length: 10 }, (_, k) => [1, 2, 5].map((m) => m * 10 ** k)).flat();

function buildOptions(
  spec: ChartSpec,
  widthPx: number,
  theme: ChartTheme,
  legendValue: (seriesIndex: number, dataIndex: number | null) => string,
  latestX: () => number | null,
  markers: uPlot.Plugin,
): uPlot.Options {
  const bandUppers = new Set((spec.bands ?? []).map((b) => b.upper));
  const scales: uPlot.Scales = { x: { time: false } };
  for (const axis of spec.axes) {
    const [min, max] = axis.range ?? [0, null];
    scales[axis.scale] = {
      range: (_u, dataMin, dataMax) => {
        const top = max ?? (dataMax > min ? dataMax * 1.08 : min + 1);
        return [Math.min(min, dataMin), top];
      },
    };
  }
  const axisStyle = {
    stroke: theme.muted,
    grid: { stroke: theme.grid, width: 1 },
    ticks: { stroke: theme.grid },
  };
  return {
    width: widthPx,
    height: plotHeight(widthPx),
    scales,
    cursor: { drag: { x: false, y: false } },
    legend: { live: true },
    series: [
      {
        label: spec.xLabel,
        value: (_u, v) => {
          const x = v ?? latestX();
          return x === null ? '—' : String(x);
        },
      },
      ...spec.series.map((s, i): uPlot.Series => {
        const stroke = theme.colors[s.color];
        return {
          label: s.label,
          scale: s.scale,
          stroke,
          width: 1.5,
          ...(s.dash ? { dash: s.dash } : {}),
          ...(s.spanGaps ? { spanGaps: true } : {}),
          ...(s.fill && !bandUppers.has(i) ? { fill: withAlpha(stroke, 0.35) } : {}),
          value: (_u, _v, _si, idx) => legendValue(i, idx),
        };
      }),
    ],
    bands: (spec.bands ?? []).map((b) => ({
      series: [b.upper + 1, b.lower + 1] as [number, number],
      fill: withAlpha(theme.colors[spec.series[b.upper]?.color ?? '--chart-1'], 0.35),
    })),
    axes: [
      { ...axisStyle, font: AXIS_FONT, label: spec.xLabel, size: 36, labelSize: 18, incrs: STEP_INCREMENTS },
      ...spec.axes.map(
        (a): uPlot.Axis => ({
          ...axisStyle,
          font: AXIS_FONT,
          scale: a.scale,
          side: a.side === 'left' ? 3 : 1,
          label: a.label,
          labelSize: 18,
          size: axisSize,
          ...(a.side === 'right' ? { grid: { show: false } } : {}),
          values: (_u, splits, _axisIdx, _space, increment) => a.ticks(splits, increment),
        }),
      ),
    ],
    plugins: [markers],
  };
}

/** Writes data-points and data-latest-<key> (raw numbers, "null" where a series has no value). */
function writeDataAttributes(figure: HTMLElement, spec: ChartSpec, prepared: PreparedChart, stride: number) {
  figure.dataset.points = String(prepared.data[0].length);
  figure.dataset.stride = String(stride);
  spec.series.forEach((s, i) => {
    const latest = prepared.latest[i];
    figure.setAttribute(
      `data-latest-${s.key}`,
      latest === null || latest === undefined ? 'null' : String(latest),
    );
  });
}

export function mountChart(
  spec: ChartSpec,
  elements: ChartElements,
  feed: ChartFeed = chartFeed,
): ChartHandle {
  const { figure, plot, note } = elements;
  let theme = readChartTheme();
  let prepared: PreparedChart | null = null;
  let visible = true;
  let drawnRunStarts: readonly number[] = [];
  figure.dataset.points = '0';

  /** Hovered: the value at the cursor. Cursor off the plot (index null): each series' latest value. */
  const legendValue = (seriesIndex: number, dataIndex: number | null): string => {
    const v = dataIndex === null ? prepared?.latest[seriesIndex] : prepared?.legend[seriesIndex]?.[dataIndex];
    return v === null || v === undefined ? '—' : (spec.series[seriesIndex]?.format(v) ?? String(v));
  };
  const latestX = () => prepared?.data[0].at(-1) ?? null;
  const markers = runStartMarkers(
    () => drawnRunStarts,
    () => theme,
  );
  const widthNow = () => Math.max(MIN_WIDTH_PX, Math.floor(plot.clientWidth));
  const empty = (): uPlot.AlignedData => [[], ...spec.series.map(() => [])];
  const create = () =>
    new uPlot(buildOptions(spec, widthNow(), theme, legendValue, latestX, markers), empty(), plot);
  let u = create();

  /** With the cursor off the plot the legend shows the latest values instead of dashes. */
  const showLatestInLegend = () => {
    if (u.cursor.idx === null || u.cursor.idx === undefined)
      u.setLegend({ idxs: u.series.map(() => null) }, false);
  };

  const applyPrepared = (timeline: RunTimeline) => {
    if (!prepared) return;
    const p = prepared;
    drawnRunStarts = [...timeline.runStartXs];
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
    writeDataAttributes(figure, spec, p, timeline.rows.stride);
  };

  const view: ChartView = {
    draw(timeline) {
      prepared = spec.prepare(timeline);
      applyPrepared(timeline);
    },
    isVisible: () => visible && document.visibilityState === 'visible',
  };
  const removeView = feed.addView(view);

  const resize = new ResizeObserver(() => {
    const width = widthNow();
    if (width !== u.width) u.setSize({ width, height: plotHeight(width) });
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
