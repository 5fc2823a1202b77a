import { describe, expect, it } from 'vitest';
import {
  blockSamplesPerSec,
  DEFAULT_PAIRED_RULE,
  intervalRank,
  medianInterval,
  pairedVerdict,
  roundRatios,
  untimedStepsOfBlock,
  unpairedRatio,
  type ArmBlock,
  type PairedRule,
  type PairedVerdict,
} from './pairedTiming';

/** A small seeded stream for the fake source (mulberry32), so every trial is reproducible. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const BATCH = 8;
const STEPS = 3;

/** A block that ran at `samplesPerSec`. */
const block = (samplesPerSec: number): ArmBlock => ({
  steps: STEPS,
  batchSize: BATCH,
  timedMs: (STEPS * BATCH * 1000) / samplesPerSec,
});

/**
 * Two arms whose true samples/s ratio is `trueRatio`: each round the machine drifts by a shared factor in
 * [0.5, 1.5] (which pairing must cancel), and each block has its own uniform noise of ±`noise`.
 */
function runFake(seed: number, trueRatio: number, noise: number, rule: PairedRule = DEFAULT_PAIRED_RULE) {
  const random = seeded(seed);
  const rounds: ArmBlock[][] = [];
  let elapsedMs = 0;
  let verdict: PairedVerdict = pairedVerdict(rounds, elapsedMs, rule);
  while (verdict.state === 'measuring') {
    const drift = 0.5 + random();
    const a = 100 * drift * (1 + noise * (2 * random() - 1));
    const b = 100 * trueRatio * drift * (1 + noise * (2 * random() - 1));
    rounds.push([block(a), block(b)]);
    elapsedMs += 1000;
    verdict = pairedVerdict(rounds, elapsedMs, rule);
  }
  return verdict;
}

describe('paired rounds', () => {
  it('reads samples/s from a block and pairs each arm with the first', () => {
    expect(blockSamplesPerSec({ steps: 4, batchSize: 16, timedMs: 500 })).toBe(128);
    expect(roundRatios([block(50), block(75), block(25)])).toEqual(
      [1, 1.5, 0.5].map((x) => expect.closeTo(x, 12)),
    );
  });

  it('never times the compile step nor the initial prefetch (stableTiming’s rule)', () => {
    expect(untimedStepsOfBlock({ workers: 0, prefetch: 2 }, true)).toBe(1);
    expect(untimedStepsOfBlock({ workers: 2, prefetch: 3 }, true)).toBe(7);
    expect(untimedStepsOfBlock({ workers: 2, prefetch: 3 }, false)).toBe(6);
    expect(untimedStepsOfBlock({ workers: 0, prefetch: 3 }, false)).toBe(0);
  });

  it('picks the order statistics of the binomial table', () => {
    // n=5: no pair reaches 95 % (min–max covers 1 − 2/32 = 93.75 %); n=6: min–max covers 96.9 %;
    // n=8: [x2, x7] covers 1 − 2·9/256 = 93.0 % < 95 %, so min–max; n=9: [x2, x8] covers 1 − 2·10/512 = 96.1 %.
    expect([5, 6, 8, 9, 12, 17].map((n) => intervalRank(n))).toEqual([1, 1, 1, 2, 3, 5]);
    const interval = medianInterval([5, 1, 4, 2, 3])!;
    expect(interval).toEqual({ median: 3, low: 1, high: 5, coverage: 0.9375, rounds: 5 });
    const nine = medianInterval([9, 8, 7, 6, 5, 4, 3, 2, 1])!;
    expect([nine.low, nine.median, nine.high]).toEqual([2, 5, 8]);
    expect(nine.coverage).toBeCloseTo(1 - 20 / 512, 12);
  });

  it('stops settled, and its interval holds the true ratio in ≥ 90 % of 200 seeded trials', () => {
    const trueRatio = 1.3;
    let covered = 0;
    let settled = 0;
    for (let seed = 1; seed <= 200; seed += 1) {
      const verdict = runFake(seed, trueRatio, 0.08);
      const ratio = verdict.ratios[1]!;
      if (ratio.low <= trueRatio && trueRatio <= ratio.high) covered += 1;
      if (verdict.state === 'settled') settled += 1;
      expect(verdict.rounds).toBeGreaterThanOrEqual(DEFAULT_PAIRED_RULE.minRounds);
      expect(verdict.ratios[0]).toMatchObject({ median: 1, low: 1, high: 1 });
    }
    expect(covered).toBeGreaterThanOrEqual(180);
    expect(settled).toBeGreaterThanOrEqual(180);
  });

  it('says capped (not settled) when the noise is too wide to settle within the cap', () => {
    const rule = { ...DEFAULT_PAIRED_RULE, maxRounds: 8 };
    for (let seed = 1; seed <= 20; seed += 1) {
      const verdict = runFake(seed, 1.3, 0.6, rule);
      expect(verdict.state).toBe('capped');
      expect(verdict.rounds).toBe(8);
    }
    const byTime = runFake(1, 1.3, 0.6, { ...DEFAULT_PAIRED_RULE, maxRounds: 100, maxMs: 6000 });
    expect(byTime).toMatchObject({ state: 'capped', rounds: 6 });
  });

  it('keeps measuring before the minimum of rounds, however close they agree', () => {
    const rounds = [0, 1, 2, 3].map(() => [block(100), block(130)]);
    expect(pairedVerdict(rounds, 0).state).toBe('measuring');
    expect(pairedVerdict([...rounds, [block(100), block(130)]], 0).state).toBe('settled');
  });
});

describe('the unpaired ratio of two runs’ blocks', () => {
  it('divides median blocks, and bounds by slowest ÷ fastest and fastest ÷ slowest', () => {
    expect(unpairedRatio([10, 12, 11], [20, 26, 22])).toEqual({
      median: 2,
      low: 20 / 12,
      high: 2.6,
      coverage: 0,
      rounds: 3,
    });
    expect(unpairedRatio([10], [20, 22])).toBeNull();
  });
});
