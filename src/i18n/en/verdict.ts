/** English: the verdict a measured ratio's interval allows, its interval and whether its timing settled. */
export const verdict = {
  figure: '{ratio} the samples/s',
  interval: '{low} to {high}, {method}',
  method: {
    paired: '95% interval, {rounds} paired rounds',
    minMax: 'min to max, {rounds} paired rounds',
    unpaired: 'slowest to fastest blocks of two runs timed one after the other, {rounds} blocks or more each',
  },
  codes: { faster: 'faster', slower: 'slower', 'no-difference': 'no difference measurable here' },
  settled: 'Settled within ±{tolerance}.',
  notSettled: 'Not settled within ±{tolerance} after {rounds} rounds: run again.',
  settledRuns: 'Each run’s timing was stable: its mean moved less than ±{tolerance} over its last block.',
  notSettledRuns:
    'Not settled: a run reached its timing cap before its mean was stable. Run again for a firmer figure.',
  explainTitle: { faster: 'Why not more:', slower: 'Why slower:', 'no-difference': 'Why no difference:' },
  compareExplain: {
    faster: 'B trained more samples per second than A in the rounds measured, beyond their spread.',
    slower:
      'B trained fewer samples per second than A in the rounds measured, beyond their spread: its settings cost time here.',
    'no-difference':
      'The rounds disagree on which is faster: the difference, if any, is smaller than the noise on this machine.',
  },
};
