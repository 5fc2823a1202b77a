/**
 * The sweep's charts: one slot per point on x (its value: `batch 4`, `32 px`, `uint8`), so numeric and
 * choice settings read alike. Points not measured (pending, refused, failed) leave their slot empty.
 *  - sweepThroughputChart: samples/s, and the mean step ms on a right-hand axis;
 *  - sweepMemoryChart: the peak inside a step, the allocator's pool, the between-step snapshot and the
 *    pre-flight estimate, with the device's per-buffer limit as a line (drawn when it is within reach of
 *    the figures; otherwise the note says how far above it is, so the curves are not flattened);
 *  - sweepEfficiencyChart: samples/s per MiB of peak.
 * Hovering a slot reads every figure of the point in the legend's x text. Pure; the English strings of
 * these charts are SWEEP_CHART_TEXT.
 */
import { BYTE_TICK_INCREMENTS, formatByteTicks, formatBytes, formatExactBytes } from '../config/byteFormat';
import { sweepValueLabel, type SweepSetting } from '../config/sweep';
import { samplesPerSecPerMiB, type SweepPoint } from '../config/sweepPoint';
import { lastValue, type Column } from './chartColumns';
import { formatMsShort, formatSignificant, formatTicks } from './chartFormat';
import type { ChartSpec, PreparedChart } from './chartSpec';

export interface SweepChartSource {
  setting: SweepSetting | null;
  points: readonly SweepPoint[];
  /** The device's per-buffer limit (min of maxBufferSize and maxStorageBufferBindingSize); null unknown. */
  bufferLimitBytes: number | null;
}

export const SWEEP_CHART_TEXT = {
  throughputTitle: 'Samples per second',
  memoryTitle: 'GPU memory per step',
  efficiencyTitle: 'Samples/s per MiB of peak',
  empty: 'Run the sweep: each point appears here',
  samplesPerSec: 'samples/s',
  stepMs: 'step ms',
  peak: 'peak',
  pool: 'pool',
  inUse: 'in use between steps',
  estimate: 'estimate',
  limit: 'buffer limit',
  perMiB: 'samples/s per MiB',
  limitOff: (limit: string, times: string) =>
    `The device's buffer limit, ${limit}, is ${times}× the highest figure here: too far above to draw.`,
  noGpu: 'This backend reports no GPU memory: nothing to draw.',
} as const;

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
    data: [xs, ...data],
    legend: data,
    latest: data.map(lastValue),
    note: null,
    shown: data.map(() => true),
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

const bytesAxis = {
  scale: 'bytes',
  label: 'bytes',
  side: 'left' as const,
  ticks: formatByteTicks,
  increments: BYTE_TICK_INCREMENTS,
  minTop: 1024,
};

export const sweepThroughputChart: ChartSpec<SweepChartSource> = {
  id: 'sweep-throughput',
  title: SWEEP_CHART_TEXT.throughputTitle,
  xLabel: 'point',
  x: { layout: 'slots' },
  series: [
    {
      key: 'samples-per-sec',
      label: SWEEP_CHART_TEXT.samplesPerSec,
      color: '--chart-1',
      scale: 'rate',
      format: (v) => formatSignificant(v, 3),
    },
    {
      key: 'step-ms',
      label: SWEEP_CHART_TEXT.stepMs,
      color: '--chart-4',
      scale: 'ms',
      format: formatMsShort,
      dash: [6, 4],
    },
  ],
  axes: [
    { scale: 'rate', label: 'samples/s', side: 'left', ticks: (s, i) => formatTicks(s, i, '') },
    { scale: 'ms', label: 'ms per step', side: 'right', ticks: (s, i) => formatTicks(s, i, '') },
  ],
  emptyText: SWEEP_CHART_TEXT.empty,
  prepare: (source) =>
    prepareSweep(source, [(p) => finite(p.measured?.samplesPerSec), (p) => finite(p.measured?.stepMs)]),
};

export const sweepMemoryChart: ChartSpec<SweepChartSource> = {
  id: 'sweep-memory',
  title: SWEEP_CHART_TEXT.memoryTitle,
  xLabel: 'point',
  x: { layout: 'slots' },
  series: [
    {
      key: 'peak-bytes',
      label: SWEEP_CHART_TEXT.peak,
      color: '--chart-1',
      scale: 'bytes',
      format: formatBytes,
    },
    {
      key: 'pool-bytes',
      label: SWEEP_CHART_TEXT.pool,
      color: '--chart-2',
      scale: 'bytes',
      format: formatBytes,
    },
    {
      key: 'in-use-bytes',
      label: SWEEP_CHART_TEXT.inUse,
      color: '--chart-3',
      scale: 'bytes',
      format: formatBytes,
    },
    {
      key: 'estimate-bytes',
      label: SWEEP_CHART_TEXT.estimate,
      color: '--chart-5',
      scale: 'bytes',
      format: formatBytes,
      dash: [6, 4],
    },
    {
      key: 'limit-bytes',
      label: SWEEP_CHART_TEXT.limit,
      color: '--chart-6',
      scale: 'bytes',
      format: formatBytes,
      dash: [2, 4],
    },
  ],
  axes: [bytesAxis],
  emptyText: SWEEP_CHART_TEXT.empty,
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
      ? SWEEP_CHART_TEXT.noGpu
      : limit !== null && highest > 0 && !limitInReach
        ? SWEEP_CHART_TEXT.limitOff(formatBytes(limit), formatSignificant(limit / highest, 3))
        : null;
    return prepared;
  },
};

export const sweepEfficiencyChart: ChartSpec<SweepChartSource> = {
  id: 'sweep-efficiency',
  title: SWEEP_CHART_TEXT.efficiencyTitle,
  xLabel: 'point',
  x: { layout: 'slots' },
  series: [
    {
      key: 'samples-per-sec-per-mib',
      label: SWEEP_CHART_TEXT.perMiB,
      color: '--chart-3',
      scale: 'rate',
      format: (v) => formatSignificant(v, 3),
    },
  ],
  axes: [{ scale: 'rate', label: 'samples/s per MiB', side: 'left', ticks: (s, i) => formatTicks(s, i, '') }],
  emptyText: SWEEP_CHART_TEXT.empty,
  prepare: (source) =>
    prepareSweep(source, [(p) => (p.measured ? finite(samplesPerSecPerMiB(p.measured)) : null)]),
};

export const SWEEP_CHARTS = [sweepThroughputChart, sweepMemoryChart, sweepEfficiencyChart] as const;
