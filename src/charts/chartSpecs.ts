/**
 * The four live charts: memory, throughput (samples/s and step time stacked by phase), bytes to GPU per
 * step, and loss with IoU. Each `prepare` is pure: timeline in, columns out; CHART_SPECS adds the run
 * starts as markers to each.
 */
import { joinColumns, stackColumns, type Column } from './chartColumns';
import { formatSignificant } from './chartFormat';
import { byteAxis, exactBytes, msSeries, plainAxis, shortBytes } from './chartParts';
import { plainChart, type ChartId, type ChartSpec, type PreparedChart } from './chartSpec';
import { evalColumn, rowColumn, type RowSeries, type RunTimeline } from './runTimeline';
import { en } from '../i18n/en';

/** A chart of the page's run timeline. */
export type RunChartSpec = ChartSpec<RunTimeline> & { id: ChartId };

const rowYs = (t: RunTimeline, names: readonly RowSeries[]): Column[] =>
  names.map((name) => [...(t.rows.ys[rowColumn(name)] ?? [])]);

/**
 * Row columns with one extra x per later run start, where every series is null, so lines break between
 * two configurations instead of joining them.
 */
function withRunGaps(t: RunTimeline, ys: readonly Column[]): [number[], ...Column[]] {
  if (t.runStartXs.length === 0) return [[...t.rows.xs], ...ys];
  const joined = joinColumns(t.rows.xs, ys, t.runStartXs, []);
  return [joined.xs, ...joined.ys];
}

/** Plain line charts of row figures: plotted = legend = the store's columns. */
function rowLines(t: RunTimeline, names: readonly RowSeries[]): PreparedChart {
  const data = withRunGaps(t, rowYs(t, names));
  return plainChart(data, data.slice(1));
}

export const memoryChart: RunChartSpec = {
  id: 'memory',
  title: 'Memory',
  xLabel: 'step',
  series: [
    { key: 'gpu-bytes-in-use', label: 'GPU in use', color: '--chart-1', ...shortBytes },
    { key: 'gpu-peak-bytes', label: 'GPU peak in step', color: '--chart-2', ...shortBytes },
    {
      key: 'gpu-bytes-allocated',
      label: 'GPU allocated (incl. pool)',
      color: '--chart-5',
      ...shortBytes,
      dash: [6, 4],
    },
    { key: 'host-bytes-in-flight', label: 'host in flight', color: '--chart-4', ...shortBytes },
  ],
  axes: [byteAxis('memory')],
  prepare(t) {
    const prepared = rowLines(t, ['gpuBytesInUse', 'gpuPeakBytes', 'gpuBytesAllocated', 'hostBytesInFlight']);
    // The cpu backend has no GPU memory: say so rather than draw zeros.
    const noGpu = t.latestRow !== null && t.latestRow.gpuBytesInUse === null;
    if (noGpu) return { ...prepared, note: en.charts.words.noGpuMemory, shown: [false, false, false, true] };
    // WebGL has GPU memory but no allocator to read a peak from: leave that line out, and say why.
    const noPeak = t.latestRow !== null && t.latestRow.gpuPeakBytes === null;
    return noPeak
      ? { ...prepared, note: en.charts.words.noPeak, shown: [true, false, true, true] }
      : prepared;
  },
};

export const throughputChart: RunChartSpec = {
  id: 'throughput',
  title: 'Throughput',
  xLabel: 'step',
  series: [
    {
      key: 'samples-per-sec',
      label: 'samples/s',
      color: '--chart-1',
      scale: 'sps',
      format: (v) => `${formatSignificant(v, 3)} /s`,
    },
    { key: 'data-wait-ms', label: 'data wait', color: '--chart-4', ...msSeries, fill: true },
    { key: 'upload-ms', label: 'upload', color: '--chart-5', ...msSeries, fill: true },
    { key: 'compute-ms', label: 'compute', color: '--chart-3', ...msSeries, fill: true },
  ],
  axes: [plainAxis('sps', 'samples/s'), plainAxis('ms', 'step time (ms)', 'right')],
  bands: [
    { upper: 2, lower: 1 },
    { upper: 3, lower: 2 },
  ],
  prepare(t) {
    const [sps = [], ...phases] = rowYs(t, ['samplesPerSec', 'dataWaitMs', 'uploadMs', 'computeMs']);
    return plainChart(
      withRunGaps(t, [sps, ...stackColumns(phases)]),
      withRunGaps(t, [sps, ...phases]).slice(1),
    );
  },
};

export const bytesChart: RunChartSpec = {
  id: 'bytes',
  title: 'Bytes to GPU per step',
  xLabel: 'step',
  series: [
    { key: 'uploaded-image-bytes', label: 'images', color: '--chart-1', ...exactBytes },
    { key: 'uploaded-mask-bytes', label: 'masks', color: '--chart-2', ...exactBytes },
  ],
  axes: [byteAxis('bytes per step')],
  prepare: (t) => rowLines(t, ['uploadedImageBytes', 'uploadedMaskBytes']),
};

export const lossChart: RunChartSpec = {
  id: 'loss',
  title: 'Loss and IoU',
  xLabel: 'step',
  series: [
    { key: 'loss', label: 'loss', color: '--chart-2', scale: 'loss', format: (v) => v.toFixed(4) },
    {
      key: 'mean-iou',
      label: 'mean IoU (validation)',
      color: '--chart-3',
      scale: 'iou',
      format: (v) => v.toFixed(3),
      spanGaps: true,
    },
  ],
  axes: [plainAxis('loss', 'loss'), { ...plainAxis('iou', 'mean IoU', 'right'), range: [0, 1] }],
  prepare(t) {
    const loss = t.rows.ys[rowColumn('loss')] ?? [];
    const iou = t.evals.ys[evalColumn('meanIoU')] ?? [];
    const joined = joinColumns(t.rows.xs, [loss], t.evals.xs, [iou]);
    return plainChart([joined.xs, ...joined.ys], joined.ys);
  },
};

/** The run starts after the first one, with what changed, on every run chart. */
const withRunMarkers = (spec: RunChartSpec): RunChartSpec => ({
  ...spec,
  emptyText: 'No steps yet: press Start',
  markerRows: 2,
  prepare: (t) => ({ ...spec.prepare(t), markers: t.markers }),
});

export const CHART_SPECS: readonly RunChartSpec[] = [memoryChart, throughputChart, bytesChart, lossChart].map(
  withRunMarkers,
);
