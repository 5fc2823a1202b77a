/**
 * Every English string of the Tradeoff view (ui/sweeps/), in one place: fixed texts, and small functions
 * for the ones with numbers. Chart titles and series names are charts/sweepCharts.ts's SWEEP_CHART_TEXT.
 */
export const SWEEP_TEXT = {
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
} as const;

export const sweepProgress = (label: string, index: number, total: number, step: number): string =>
  step === 0
    ? `Training ${label} (${index + 1} of ${total}) in its own worker: compiling GPU pipelines…`
    : `Training ${label} (${index + 1} of ${total}): step ${step}…`;

export const sweepEnded = (phase: 'stopped' | 'failed', message: string | null): string =>
  phase === 'stopped' ? 'Stopped.' : `Failed: ${message ?? ''}`;

export const sweepDecodeProblems = (problems: readonly string[]): string =>
  `Changed: ${problems.join('; ')}.`;

export const resultHeadline = (last: string, first: string, speed: string, memory: string): string =>
  `${last}: ${speed}× the samples/s of ${first}, ${memory}× the peak memory`;

export const resultEfficiency = (best: string, perMiB: string): string =>
  `Most samples/s per MiB of peak: ${best} (${perMiB}).`;

export const resultEstimate = (low: string, high: string): string =>
  `The pre-flight estimate is ${low === high ? low : `${low}–${high}`}× the measured peak.`;

export const resultSkipped = (count: number, reasons: string): string =>
  `${count} point${count === 1 ? '' : 's'} did not run: ${reasons}`;

export const resultPixels = (last: string, first: string, ratio: string): string =>
  `${last} has ${ratio}× the pixels of ${first}: activations and their gradients grow with them; weights do not.`;

export const resultNoMemory = 'This backend reports no GPU memory: the peak cannot be measured here.';
