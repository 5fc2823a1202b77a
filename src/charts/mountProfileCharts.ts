/**
 * The step profile's two charts, drawn with uPlot from columns prepared in profileColumns.ts: memory by
 * category as a stacked area over the step's kernels, and the slowest kernels as bars. A profile is one
 * object per request (not a stream), so each chart is set once per profile; like mountChart.ts it follows
 * the container's width and the system's light/dark theme. The figure element carries data attributes
 * (`data-peak-bytes`, `data-points`, `data-ticks`, `data-bars`, `data-bar-names`, `data-bar-ticks`) so tests read what is drawn without pixels.
 * DOM and uPlot only; no React, no tfjs.
 */
import uPlot from 'uplot';
import { MEMORY_CATEGORIES, type MemoryCategory, type StepProfile } from '../config/stepProfile';
import { en } from '../i18n/en';
import type { Dictionary } from '../i18n/types';
import { BYTE_TICK_INCREMENTS } from '../config/byteFormat';
import { formatByteTicks, formatBytesShort, formatMsShort, formatTicks } from './chartFormat';
import { readChartTheme, withAlpha, type ChartTheme } from './chartTheme';
import { AXIS_FONT, yAxisSize } from './mountChart';
import { memoryStack, topKernelBars } from './profileColumns';

export interface ProfileChartHandle {
  update(profile: StepProfile): void;
  destroy(): void;
}

const HEIGHT_PX = 240;
const MIN_WIDTH_PX = 240;
/** Characters of a kernel name under its bar; the legend and the table give the whole name. */
const BAR_NAME_CHARS = 14;
/** Bars in the top-N chart. */
export const TOP_KERNELS = 8;

/** Colours by category: the five chart colours, and the muted grey for "everything else". */
function categoryColor(theme: ChartTheme, category: MemoryCategory): string {
  const byCategory: Record<MemoryCategory, string> = {
    parameters: theme.colors['--chart-1'],
    optimizerState: theme.colors['--chart-5'],
    inputs: theme.colors['--chart-4'],
    activations: theme.colors['--chart-3'],
    gradients: theme.colors['--chart-2'],
    temporaries: theme.muted,
  };
  return byCategory[category];
}

const axisStyle = (theme: ChartTheme) => ({
  stroke: theme.muted,
  font: AXIS_FONT,
  grid: { stroke: theme.grid, width: 1 },
  ticks: { stroke: theme.grid },
  labelSize: 18,
});

type ProfileWords = Dictionary['charts']['profile'];

function memoryOptions(
  widthPx: number,
  theme: ChartTheme,
  profile: StepProfile,
  t: Dictionary,
  figure: HTMLElement,
): uPlot.Options {
  const words = t.charts.profile;
  const names = profile.kernels.map((k) => k.name);
  const kernelAt = (x: number) => {
    if (x <= 0) return words.beforeFirst;
    return names[x - 1] ?? words.afterLast;
  };
  return {
    width: widthPx,
    height: HEIGHT_PX,
    scales: { x: { time: false }, bytes: { range: (_u, _min, max) => [0, max > 0 ? max * 1.08 : 1] } },
    cursor: { drag: { x: false, y: false } },
    legend: { live: true },
    series: [
      { label: words.kernel, value: (_u, v) => (v === null ? '—' : `${v} ${kernelAt(v)}`) },
      ...MEMORY_CATEGORIES.map(
        (c, i): uPlot.Series => ({
          label: t.profile.memory.categories[c],
          scale: 'bytes',
          stroke: categoryColor(theme, c),
          width: 1,
          value: (u, _v, _s, idx) => {
            const raw = idx === null || idx === undefined ? null : profile.memory.bytes[c][idx];
            return raw === null || raw === undefined ? '—' : formatBytesShort(raw);
          },
          ...(i === 0 ? { fill: withAlpha(categoryColor(theme, c), 0.45) } : {}),
        }),
      ),
    ],
    bands: MEMORY_CATEGORIES.slice(1).map((c, i) => ({
      series: [i + 2, i + 1] as [number, number],
      fill: withAlpha(categoryColor(theme, c), 0.45),
    })),
    axes: [
      { ...axisStyle(theme), label: words.dispatchOrder, size: 36 },
      {
        ...axisStyle(theme),
        scale: 'bytes',
        label: words.bytes,
        size: yAxisSize,
        incrs: [...BYTE_TICK_INCREMENTS],
        values: (_u, splits, _i, _s, increment) => {
          const ticks = formatByteTicks(splits, increment);
          // What the canvas draws, for tests that read the axis without pixels.
          figure.dataset.ticks = ticks.join('|');
          return ticks;
        },
      },
    ],
  };
}

/** A kernel's name shortened to fit under its bar. */
function barName(name: string): string {
  return name.length > BAR_NAME_CHARS ? `${name.slice(0, BAR_NAME_CHARS - 1)}…` : name;
}

function barOptions(
  widthPx: number,
  theme: ChartTheme,
  labels: readonly string[],
  words: ProfileWords,
  figure: HTMLElement,
): uPlot.Options {
  const bars = uPlot.paths.bars?.({ size: [0.7, 64] });
  const color = theme.colors['--chart-2'];
  return {
    width: widthPx,
    height: HEIGHT_PX,
    scales: {
      x: { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] },
      ms: { range: (_u, _a, max) => [0, max > 0 ? max * 1.08 : 1] },
    },
    cursor: { drag: { x: false, y: false } },
    legend: { live: true },
    series: [
      { label: words.kernel, value: (_u, v) => (v === null ? '—' : (labels[v - 1] ?? '—')) },
      {
        label: words.kernelMs,
        scale: 'ms',
        stroke: color,
        fill: withAlpha(color, 0.6),
        width: 1,
        ...(bars ? { paths: bars } : {}),
        points: { show: false },
        value: (_u, v) => (v === null ? '—' : formatMsShort(v)),
      },
    ],
    axes: [
      {
        ...axisStyle(theme),
        label: words.slowestFirst,
        size: 84,
        rotate: -35,
        incrs: [1],
        // One tick per bar however narrow the chart (uPlot's default spacing of 50 px would drop them all).
        space: 8,
        values: (_u, splits) => {
          const names = splits.map((x) => (Number.isInteger(x) ? barName(labels[x - 1] ?? '') : ''));
          // What the canvas draws under the bars, for tests that read the axis without pixels.
          figure.dataset.barTicks = names.filter((n) => n !== '').join('|');
          return names;
        },
      },
      {
        ...axisStyle(theme),
        scale: 'ms',
        label: words.ms,
        size: yAxisSize,
        values: (_u, splits, _i, _s, increment) => formatTicks(splits, increment, ''),
      },
    ],
  };
}

type Kind = 'memory' | 'kernels';

/** Mounts one profile chart in `plot`; `figure` carries the data attributes. */
export function mountProfileChart(
  kind: Kind,
  elements: { figure: HTMLElement; plot: HTMLElement },
  initial: StepProfile,
  t: Dictionary = en,
): ProfileChartHandle {
  const { figure, plot } = elements;
  let profile = initial;
  let theme = readChartTheme();
  const widthNow = () => Math.max(MIN_WIDTH_PX, Math.floor(plot.clientWidth));

  const build = (): uPlot => {
    if (kind === 'memory') {
      const stack = memoryStack(profile.memory);
      figure.dataset.points = String(stack.xs.length);
      figure.dataset.peakBytes = String(stack.peakBytes);
      return new uPlot(
        memoryOptions(widthNow(), theme, profile, t, figure),
        [stack.xs, ...stack.stacked] as uPlot.AlignedData,
        plot,
      );
    }
    const bars = topKernelBars(profile.kernelRows, TOP_KERNELS);
    figure.dataset.bars = String(bars.xs.length);
    figure.dataset.barNames = bars.labels.join('|');
    return new uPlot(
      barOptions(widthNow(), theme, bars.labels, t.charts.profile, figure),
      [bars.xs, bars.ms],
      plot,
    );
  };
  let u = build();
  const rebuild = () => {
    u.destroy();
    u = build();
  };

  const resize = new ResizeObserver(() => {
    const width = widthNow();
    if (width !== u.width) u.setSize({ width, height: HEIGHT_PX });
  });
  resize.observe(plot);
  const darkQuery = window.matchMedia('(prefers-color-scheme: dark)');
  const onTheme = () => {
    theme = readChartTheme();
    rebuild();
  };
  darkQuery.addEventListener('change', onTheme);

  return {
    update(next) {
      profile = next;
      rebuild();
    },
    destroy() {
      resize.disconnect();
      darkQuery.removeEventListener('change', onTheme);
      u.destroy();
    },
  };
}
