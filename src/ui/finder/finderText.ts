/**
 * Every user-visible English string of the batch finder (BatchFinder.tsx), in one place so that a
 * translation replaces one module. Strings with numbers are small functions; numbers arrive formatted.
 */
export const FINDER_TEXT = {
  title: 'Find the largest batch',
  intro:
    'Tries real training steps on this device, like Lightning’s BatchSizeFinder: it doubles the batch from ' +
    'the current one until a step fails, then bisects between the last batch that ran and the first that ' +
    'failed. Each trial is one step of a new model in its own worker, under a GPU error scope; the ' +
    'pre-flight check still guards every trial, so a batch it refuses counts as failed without running.',
  find: 'Find the largest batch',
  stop: 'Stop',
  idle: 'Not run yet.',
  starting: 'Starting a worker for the trials…',
  running: (trials: number) => `Running trial ${trials + 1}…`,
  stopped: 'Stopped.',
  caption: 'Trials, in the order they ran',
  colBatch: 'Batch',
  colOutcome: 'Outcome',
  colStep: 'Step (compile included)',
  colPeak: 'Peak GPU memory',
  ran: 'ran',
  failed: 'failed',
  refused: 'refused by the pre-flight',
  noPeak: 'no GPU peak on this backend',
  none: '—',
} as const;

/** The result in plain words: what ran, beside the estimate's prediction, and their ratio. */
export function finderResultText(largestBatch: number, predicted: number, ratio: string | null): string {
  if (largestBatch === 0) {
    return predicted > 0
      ? `Not even batch 1 ran, though the estimate says batch ${predicted} fits.`
      : 'Not even batch 1 ran; the estimate agrees that nothing fits.';
  }
  const head = `The largest batch that ran is ${largestBatch}; the estimate says ${predicted} fits`;
  if (ratio === null) return `${head}.`;
  if (largestBatch === predicted) {
    return `${head}: the same (${ratio}): the device ran every batch the estimate allows.`;
  }
  return largestBatch < predicted
    ? `${head}: ${ratio} of it — the device failed below what the estimate promised.`
    : `${head}: ${ratio} of it.`;
}

export const finderUseBatch = (batch: number) => `Use batch ${batch}`;
export const finderStoppedEarly = (largestBatch: number) =>
  largestBatch > 0
    ? `Stopped before the search ended: batch ${largestBatch} ran, larger ones were not all tried.`
    : 'Stopped before any batch ran.';
