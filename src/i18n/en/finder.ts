/** English: the batch finder (ui/finder/). */
export const finder = {
  title: 'Find the largest batch',
  intro:
    'Tries real training steps on this device, like Lightning’s BatchSizeFinder: it doubles the batch from the current one until a step fails, then bisects between the last batch that ran and the first that failed. Each trial is one step of a new model in its own worker, under a GPU error scope; the pre-flight check still guards every trial, so a batch it refuses counts as failed without running.',
  find: 'Find the largest batch',
  stop: 'Stop',
  idle: 'Not run yet.',
  starting: 'Starting a worker for the trials…',
  running: 'Running trial {n}…',
  stopped: 'Stopped.',
  failedLead: 'The batch finder stopped: {detail}',
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
  result: {
    noneRanFits: 'Not even batch 1 ran, though the estimate says batch {predicted} fits.',
    noneRanAgrees: 'Not even batch 1 ran; the estimate agrees that nothing fits.',
    head: 'The largest batch that ran is {largest}; the estimate says {predicted} fits',
    noRatio: '{head}.',
    same: '{head}: the same ({ratio}): the device ran every batch the estimate allows.',
    below: '{head}: {ratio} of it — the device failed below what the estimate promised.',
    above: '{head}: {ratio} of it.',
  },
  bound: {
    failed: '{largest}: batch {batch} failed on the device.',
    formMax: '≥ {largest}: no step failed; the search stopped at the form’s maximum batch ({max}).',
    refused: {
      reported:
        '≥ {largest}: no step failed; the pre-flight refused batch {batch} by a per-buffer limit the device reported.',
      assumed:
        '≥ {largest}: no step failed; the pre-flight refused batch {batch} by a memory budget assumed for this device (not reported by it).',
      estimator: '≥ {largest}: no step failed; the pre-flight could not estimate batch {batch}.',
    },
    cappedRow: 'not tried: over the form’s maximum ({max})',
  },
  useBatch: 'Use batch {n}',
  stoppedEarly: 'Stopped before the search ended: batch {n} ran, larger ones were not all tried.',
  stoppedBeforeAny: 'Stopped before any batch ran.',
};
