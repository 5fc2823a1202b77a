/** English: the batch finder (ui/finder/). * Words for the feature's one text module (src/ui/finder/finderText.ts), which takes them from here once it lands:
 * ui/i18n/liveWords.ts reads an area in the page's language; i18n/retranslate.ts re-words English a
 * worker wrote from these templates.
 */
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
  useBatch: 'Use batch {n}',
  stoppedEarly: 'Stopped before the search ended: batch {n} ran, larger ones were not all tried.',
  stoppedBeforeAny: 'Stopped before any batch ran.',
};
