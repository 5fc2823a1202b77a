/**
 * English: the charts' titles, axes, legends and empty-plot texts by chart id (charts/localizeSpec.ts puts
 * them on a spec before it is mounted), the run-start markers, and the export buttons' words.
 */
import { sweeps } from './sweeps';

export const charts = {
  specs: {
    'sweep-throughput': {
      title: sweeps.charts.throughputTitle,
      x: 'point',
      empty: sweeps.charts.empty,
      series: { 'samples-per-sec': sweeps.charts.samplesPerSec, 'step-ms': sweeps.charts.stepMs },
      axes: { rate: 'samples/s', ms: 'ms per step' },
    },
    'sweep-memory': {
      title: sweeps.charts.memoryTitle,
      x: 'point',
      empty: sweeps.charts.empty,
      series: {
        'peak-bytes': sweeps.charts.peak,
        'pool-bytes': sweeps.charts.pool,
        'in-use-bytes': sweeps.charts.inUse,
        'estimate-bytes': sweeps.charts.estimate,
        'limit-bytes': sweeps.charts.limit,
      },
      axes: { bytes: 'bytes' },
    },
    'sweep-efficiency': {
      title: sweeps.charts.efficiencyTitle,
      x: 'point',
      empty: sweeps.charts.empty,
      series: { 'samples-per-sec-per-mib': sweeps.charts.perMiB },
      axes: { rate: 'samples/s per MiB' },
    },
    memory: {
      title: 'Memory',
      x: 'step',
      empty: 'No steps yet: press Start',
      series: {
        'gpu-bytes-in-use': 'GPU in use',
        'gpu-peak-bytes': 'GPU peak in step',
        'gpu-bytes-allocated': 'GPU allocated (incl. pool)',
        'host-bytes-in-flight': 'host in flight',
      },
      axes: { bytes: 'memory' },
    },
    throughput: {
      title: 'Throughput',
      x: 'step',
      empty: 'No steps yet: press Start',
      series: {
        'samples-per-sec': 'samples/s',
        'data-wait-ms': 'data wait',
        'upload-ms': 'upload',
        'compute-ms': 'compute',
      },
      axes: { sps: 'samples/s', ms: 'step time (ms)' },
    },
    bytes: {
      title: 'Bytes to GPU per step',
      x: 'step',
      empty: 'No steps yet: press Start',
      series: { 'uploaded-image-bytes': 'images', 'uploaded-mask-bytes': 'masks' },
      axes: { bytes: 'bytes per step' },
    },
    loss: {
      title: 'Loss and IoU',
      x: 'step',
      empty: 'No steps yet: press Start',
      series: { loss: 'loss', 'mean-iou': 'mean IoU (validation)' },
      axes: { loss: 'loss', iou: 'mean IoU' },
    },
    'arm-phases': {
      title: 'Step time by phase',
      x: 'step',
      empty: 'Run the lesson: each step’s time appears here',
      series: { 'compute-ms': 'compute', 'upload-ms': 'upload', 'data-wait-ms': 'data wait' },
      axes: { ms: 'ms per step' },
    },
    'arm-bytes': {
      title: 'Bytes handed to the GPU per step',
      x: 'step',
      empty: 'Run the lesson: each step’s bytes appear here',
      series: { 'uploaded-mask-bytes': 'masks', 'uploaded-image-bytes': 'images' },
      axes: { bytes: 'bytes per step' },
    },
    'compare-loss': {
      title: 'Loss per step',
      x: 'step',
      empty: 'Run the comparison to see A and B',
      series: { a: 'A', b: 'B' },
      axes: { loss: 'loss' },
    },
    'compare-step-ms': {
      title: 'Step time per step',
      x: 'step',
      empty: 'Run the comparison to see A and B',
      series: { a: 'A', b: 'B' },
      axes: { ms: 'step time (ms)' },
    },
    'device-memory': {
      title: 'Memory per device, at the step’s peak',
      x: 'strategy',
      empty: 'Run a strategy: its devices’ memory appears here',
      series: {},
      axes: { bytes: 'memory' },
    },
  },
  /** A series named by a device's rank (`device-0`…). */
  /** Words drawn by the charts' data preparation (notes, shaded ranges, markers, the x legend). */
  words: {
    noGpuMemory: 'no GPU memory on the cpu backend',
    noPeak: 'the peak inside a step is measured on WebGPU only',
    deviceNoGpuMemory: 'live tensor bytes: this backend reports no GPU memory',
    notTimedLabel: 'not timed: warm-up / prefetched',
    notTimedNote: 'Shaded steps were not timed: warm-up, or batches prefetched before timing began.',
    armMarker: {
      one: '{arm}: {count} step, timed from step {first}',
      other: '{arm}: {count} steps, timed from step {first}',
    },
    armMeasuredStep: '; measured step time {ms}',
    armSlot: '{arm}, step {step}',
    armSlotNotTimed: '{arm}, step {step} (not timed)',
    strategiesShort: { 'dp-gather': 'DataParallel', 'dp-loss-in-forward': 'DP, loss in forward', ddp: 'DDP' },
  },
  /** The step profile's two charts (charts/mountProfileCharts.ts). */
  profile: {
    kernel: 'kernel',
    beforeFirst: 'before the first kernel',
    afterLast: 'after the last kernel',
    dispatchOrder: 'kernel (dispatch order)',
    bytes: 'bytes',
    kernelMs: 'kernel ms',
    slowestFirst: 'kernel (slowest first)',
    ms: 'ms',
  },
  deviceN: 'device {n}',
  runStart: {
    on: 'on',
    off: 'off',
    listSeparator: ', ',
    fullSeparator: '; ',
    newModel: 'new model',
    newModelWith: 'new model: {changes}',
    resumed: 'resumed',
    newModelDetail: 'New model (weights from the seed)',
    continues: 'Continues the trained model from its step {step}',
    detail: '{what}: {changes}',
    noChange: 'no setting changed',
  },
  png: '{title} (PNG)',
};
