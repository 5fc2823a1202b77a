/**
 * The sweep's charts: one slot per point on x (its value: `batch 4`, `32 px`, `uint8`), so numeric and
 * choice settings read alike. Points not measured (pending, refused, failed) leave their slot empty.
 *  - sweepThroughputChart: samples/s with each point's interval (min–max of its blocks) as an error bar,
 *    and the mean step ms on a right-hand axis;
 *  - sweepMemoryChart: the peak inside a step, the allocator's pool, the between-step snapshot and the
 *    pre-flight estimate, with the device's per-buffer limit as a line (drawn when it is within reach of
 *    the figures; otherwise the note says how far above it is, so the curves are not flattened);
 *  - sweepEfficiencyChart: samples/s per MiB of peak.
 * Hovering a slot reads every figure of the point in the legend's x text. Pure; the charts are built for a
 * dictionary (`sweepChartsIn(t)`, its `sweeps.charts` area), so their labels and notes are the page's words.
 */
import { formatBytes, formatExactBytes } from '../config/byteFormat';
import { sweepValueLabel, type SweepSetting } from '../config/sweep';
import { samplesPerSecPerMiB, type SweepPoint } from '../config/sweepPoint';
import type { Column } from './chartColumns';
import { intervalColumns } from './errorBars';
import { formatMsShort, formatSignificant } from './chartFormat';
import { byteAxis, msSeries, plainAxis, shortBytes } from './chartParts';
import { fill } from '../i18n/fill';
import type { Dictionary } from '../i18n/types';
import { plainChart, type ChartSpec, type PreparedChart } from './chartSpec';

export interface SweepChartSource {
  setting: SweepSetting | null;
  points: readonly SweepPoint[];
  /** The device's per-buffer limit (min of maxBufferSize and maxStorageBufferBindingSize); null unknown. */
  bufferLimitBytes: number | null;
}

/** The limit line is drawn only when it is at most this many times the highest figure. */
const LIMIT_IN_REACH = 8;

/** Every figure of a point, for the legend's x text on hover. */
export function pointSummary(setting: SweepSetting, p: SweepPoint): string {
  const label = sweepValueLabel(setting, p.value);
  const m = p.measured;
  if (p.status !== 'done' && p.status !== 'running')
    return `${label}: ${p.status}${p.reason ? ` (${p.reason})` : ''}`;
  if (!m) return `${label}: compiling…`;
  const bytes = (b: number | null) => (b === null ? 'n/a' : formatBytes(b));
  return (
    `${label}: ${formatSignificant(m.samplesPerSec, 3)} samples/s, step ${formatMsShort(m.stepMs)} ` +
    `(data ${formatMsShort(m.dataWaitMs)}, upload ${formatMsShort(m.uploadMs)}, compute ${formatMsShort(m.computeMs)}), ` +
    `first step ${formatMsShort(m.firstStepMs)}; peak ${bytes(m.gpuPeakBytes)}, pool ${bytes(m.gpuPoolBytes)}, ` +
    `in use ${bytes(m.gpuBytesInUse)}, estimate ${bytes(p.estimate?.totalBytes ?? null)}; ` +
    `${formatExactBytes(m.bytesToGpuPerSample)} to the GPU per sample; ${m.timedSteps} steps timed`
  );
}

function prepareSweep(
  source: SweepChartSource,
  columns: readonly ((p: SweepPoint) => number | null)[],
): PreparedChart {
  const { points, setting } = source;
  const xs = points.map((_, i) => i);
  const data: Column[] = columns.map((read) => points.map(read));
  const at = (x: number) => (Number.isInteger(x) ? points[x] : undefined);
  return {
    ...plainChart([xs, ...data], data),
    xTick: (x) => {
      const p = at(x);
      return p && setting ? sweepValueLabel(setting, p.value) : '';
    },
    xLegend: (x) => {
      const p = points[Math.round(x)];
      return p && setting ? pointSummary(setting, p) : '—';
    },
  };
}

const finite = (v: number | null | undefined): number | null =>
  v === null || v === undefined || !Number.isFinite(v) ? null : v;

/** Samples/s (or a rate of them), to three significant digits. */
const rate = { scale: 'rate', format: (v: number) => formatSignificant(v, 3) };

const throughputChart = (w: SweepChartWords): ChartSpec<SweepChartSource> => ({
  id: 'sweep-throughput',
  title: w.throughputTitle,
  xLabel: 'point',
  x: { layout: 'slots' },
  series: [
    { key: 'samples-per-sec', label: w.samplesPerSec, color: '--chart-1', ...rate },
    { key: 'step-ms', label: w.stepMs, color: '--chart-4', ...msSeries, dash: [6, 4] },
  ],
  axes: [plainAxis('rate', 'samples/s'), plainAxis('ms', 'ms per step', 'right')],
  emptyText: w.empty,
  prepare: (source) => {
    const prepared = prepareSweep(source, [
      (p) => finite(p.measured?.samplesPerSec),
      (p) => finite(p.measured?.stepMs),
    ]);
    // Each point's samples/s interval (min–max of its blocks) as an error bar on the samples/s series.
    const bars = intervalColumns(
      source.points.map(({ measured: m }) =>
        m ? { low: m.samplesPerSecLow, high: m.samplesPerSecHigh, blocks: m.samplesPerSecBlocks } : null,
      ),
    );
    prepared.errorBars = [{ series: 0, ...bars }];
    prepared.note = bars.low.some((v) => v !== null) ? w.errorBars : null;
    return prepared;
  },
});

const memoryChart = (w: SweepChartWords): ChartSpec<SweepChartSource> => ({
  id: 'sweep-memory',
  title: w.memoryTitle,
  xLabel: 'point',
  x: { layout: 'slots' },
  series: [
    { key: 'peak-bytes', label: w.peak, color: '--chart-1', ...shortBytes },
    { key: 'pool-bytes', label: w.pool, color: '--chart-2', ...shortBytes },
    { key: 'in-use-bytes', label: w.inUse, color: '--chart-3', ...shortBytes },
    { key: 'estimate-bytes', label: w.estimate, color: '--chart-5', ...shortBytes, dash: [6, 4] },
    { key: 'limit-bytes', label: w.limit, color: '--chart-6', ...shortBytes, dash: [2, 4] },
  ],
  axes: [byteAxis('bytes')],
  emptyText: w.empty,
  prepare: (source) => {
    const prepared = prepareSweep(source, [
      (p) => finite(p.measured?.gpuPeakBytes),
      (p) => finite(p.measured?.gpuPoolBytes),
      (p) => finite(p.measured?.gpuBytesInUse),
      (p) => finite(p.estimate?.totalBytes),
      () => source.bufferLimitBytes,
    ]);
    const measured = source.points.filter((p) => p.measured);
    const noGpu = measured.length > 0 && measured.every((p) => p.measured!.gpuPeakBytes === null);
    const highest = Math.max(
      0,
      ...prepared.data.slice(1, 5).flatMap((c) => (c as Column).filter((v): v is number => v !== null)),
    );
    const limit = source.bufferLimitBytes;
    const limitInReach = limit !== null && highest > 0 && limit <= LIMIT_IN_REACH * highest;
    // Out of reach, the limit keeps its legend entry and figure but draws no line.
    prepared.legend = [...prepared.legend];
    if (!limitInReach) prepared.data[5] = prepared.data[5]!.map(() => null);
    prepared.shown = [!noGpu, !noGpu, !noGpu, true, true];
    prepared.note = noGpu
      ? w.noGpu
      : limit !== null && highest > 0 && !limitInReach
        ? fill(w.limitOff, { limit: formatBytes(limit), times: formatSignificant(limit / highest, 3) })
        : null;
    return prepared;
  },
});

const efficiencyChart = (w: SweepChartWords): ChartSpec<SweepChartSource> => ({
  id: 'sweep-efficiency',
  title: w.efficiencyTitle,
  xLabel: 'point',
  x: { layout: 'slots' },
  series: [{ key: 'samples-per-sec-per-mib', label: w.perMiB, color: '--chart-3', ...rate }],
  axes: [plainAxis('rate', 'samples/s per MiB')],
  emptyText: w.empty,
  prepare: (source) =>
    prepareSweep(source, [(p) => (p.measured ? finite(samplesPerSecPerMiB(p.measured)) : null)]),
});

type SweepChartWords = Dictionary['sweeps']['charts'];

/** The sweep's three charts worded in `t`. */
export const sweepChartsIn = (t: Dictionary) =>
  [throughputChart(t.sweeps.charts), memoryChart(t.sweeps.charts), efficiencyChart(t.sweeps.charts)] as const;
