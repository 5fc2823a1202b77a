/** English: the Tradeoff view (ui/sweeps/) and its charts (charts/sweepCharts.ts). * Words for the feature's one text module (src/ui/sweeps/sweepText.ts and charts/sweepCharts.ts), which takes them from here once it lands:
 * ui/i18n/liveWords.ts reads an area in the page's language; i18n/retranslate.ts re-words English a
 * worker wrote from these templates.
 */
export const sweeps = {
  eyebrow: 'Lesson 4 · Tradeoff curves',
  navLabel: 'Tradeoff curves',
  question: 'How do samples per second and GPU memory change as one setting grows?',
  intro:
    'A tradeoff is a curve, not a point. Pick one setting and its values; each value trains in its own new worker until its throughput is stable, and its peak memory is measured inside the step.',
  presets: 'Presets',
  setting: 'Setting',
  values: 'Values',
  valuesHelp:
    'Comma-separated, or “auto”: double from the smallest value until the pre-flight check refuses.',
  apply: 'Use these values',
  run: 'Run the sweep',
  stop: 'Stop',
  notRun: 'Not run yet.',
  booting: 'The training backend is still starting.',
  done: 'Done. The curves and the table are below.',
  resultLabel: 'Measured here',
  tableCaption: 'Every point of the sweep, each trained in its own worker until its throughput was stable',
  exportCsv: 'Export CSV',
  exportJson: 'Export JSON',
  exportPng: 'PNG',
  finderSlot: 'Largest batch that fits',
  columns: {
    value: 'Point',
    status: 'Status',
    samplesPerSec: 'Samples/s',
    stepMs: 'Step (data / upload / compute)',
    firstStepMs: 'First step',
    peak: 'Peak',
    pool: 'Pool',
    inUse: 'In use',
    estimate: 'Estimate',
    estimateOverPeak: 'Est. ÷ peak',
    perSample: 'To GPU / sample',
    perMiB: 'Samples/s per MiB',
    timed: 'Timed',
  },
  memoryHelp:
    'In use: live tensors between steps. Peak: the most held at any moment inside a step. Pool: what the allocator keeps, freed buffers included, for reuse.',
  progressCompiling: 'Training {label} ({n} of {total}) in its own worker: compiling GPU pipelines…',
  progressStep: 'Training {label} ({n} of {total}): step {step}…',
  stopped: 'Stopped.',
  noValues: 'The sweep has no value to run.',
  failed: 'Failed: {message}',
  decodeProblems: 'Changed: {problems}.',
  resultHeadline: '{last}: {speed}× the samples/s of {first}, {memory}× the peak memory',
  resultEfficiency: 'Most samples/s per MiB of peak: {best} ({perMiB}).',
  resultEstimate: 'The pre-flight estimate is {range}× the measured peak.',
  resultSkipped: {
    one: '{count} point did not run: {reasons}',
    other: '{count} points did not run: {reasons}',
  },
  resultPixels:
    '{last} has {ratio}× the pixels of {first}: activations and their gradients grow with them; weights do not.',
  resultNoMemory: 'This backend reports no GPU memory: the peak cannot be measured here.',
  charts: {
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
    limitOff:
      "The device's buffer limit, {limit}, is {times}× the highest figure here: too far above to draw.",
    noGpu: 'This backend reports no GPU memory: nothing to draw.',
  },
  valueLabels: {
    batchSize: 'batch {value}',
    imageSizePx: '{value} px',
    baseWidth: 'width {value}',
    depth: 'depth {value}',
    workers: { one: '{value} worker', other: '{value} workers' },
  },
  presetsText: {
    batch: {
      label: 'Batch size vs throughput and memory',
      description: 'Bigger batches feed the GPU more samples per step, and every activation grows with them.',
    },
    image: {
      label: 'Image size: memory grows with its square',
      description:
        'Twice the side is four times the pixels: activations and their gradients grow with the square.',
    },
  },
};
