/**
 * Paired rounds: how a comparison of several arms is timed so that drift on the machine (other load, clock
 * changes, a warming device) cancels out of the ratio. Pure; imports only config.
 *
 * - The arms alternate in timed blocks, one arm at a time (A, B, A, B…); one block per arm makes a round.
 * - Each round gives one paired ratio per arm: the arm's samples/s in that round ÷ the first arm's (the
 *   baseline) samples/s in the same round. Neighbouring blocks share the machine's state, so a slow patch
 *   slows both and leaves the ratio alone.
 * - The figure is the median of the rounds' ratios, with a distribution-free 95 % interval of the median
 *   from order statistics (the sign-test interval): with n rounds, [x(k), x(n+1−k)] for the largest k whose
 *   binomial coverage 1 − 2·P(Bin(n, ½) < k) is still ≥ 95 %. Below 6 rounds no pair reaches 95 %, so the
 *   interval is the min–max of the rounds and its coverage (93.75 % at 5 rounds) is reported as it is.
 * - Stop when every arm's interval lies within ±`tolerance` of its median ('settled'), or at the cap on
 *   rounds or wall time ('capped': the card says "not settled"). Never before `minRounds`.
 * - Which steps of an arm are never timed (the compile step, the batches its loader prefetched meanwhile)
 *   is stableTiming's rule, reused here: see `untimedStepsOfBlock`.
 */
import { median, timingRuleFor } from './stableTiming';

export interface PairedRule {
  /** Half-width of the interval, as a fraction of the median, that counts as settled (0.1: ±10 %). */
  tolerance: number;
  /** Rounds before the rule may say settled (5: the min–max of 5 rounds already covers 93.75 %). */
  minRounds: number;
  /** Most rounds a measurement may take. */
  maxRounds: number;
  /** Most wall ms a measurement may take, timed blocks and the untimed steps between them included. */
  maxMs: number;
  /** Timed steps per arm per block. */
  blockSteps: number;
}

/** About a minute on a software adapter for two arms at a few hundred ms per step. */
export const DEFAULT_PAIRED_RULE: PairedRule = {
  tolerance: 0.1,
  minRounds: 5,
  maxRounds: 12,
  maxMs: 60_000,
  blockSteps: 3,
};

/** The interval's nominal confidence. */
const PAIRED_CONFIDENCE = 0.95;

/**
 * Steps at the start of an arm's block that are never timed: the loader's prefetch (refilled at every
 * start of the worker's run), and in its first block also the compile step.
 */
export function untimedStepsOfBlock(
  config: { workers: number; prefetch: number },
  firstBlock: boolean,
): number {
  const rule = timingRuleFor(config);
  return (firstBlock ? rule.warmupSteps : 0) + rule.prefetchedSteps;
}

/** One arm's timed block: `steps` steps of `batchSize` samples that took `timedMs` in all. */
export interface ArmBlock {
  steps: number;
  batchSize: number;
  timedMs: number;
}

export function blockSamplesPerSec(block: ArmBlock): number {
  return block.timedMs > 0 ? (block.steps * block.batchSize * 1000) / block.timedMs : 0;
}

/** A round's paired ratios: each arm's samples/s ÷ the first arm's (so the first is 1). */
export function roundRatios(round: readonly ArmBlock[]): number[] {
  const base = round[0] ? blockSamplesPerSec(round[0]) : 0;
  return round.map((block) => (base > 0 ? blockSamplesPerSec(block) / base : Number.NaN));
}

/** The median of some values with its order-statistic interval. */
export interface MedianInterval {
  median: number;
  low: number;
  high: number;
  /** The interval's coverage of the true median (binomial, exact for any continuous distribution). */
  coverage: number;
  /** Rounds it rests on. */
  rounds: number;
}

/** P(Bin(n, ½) ≤ j). */
function binomialHalfCdf(n: number, j: number): number {
  let term = Math.pow(0.5, n);
  let sum = 0;
  for (let i = 0; i <= j; i += 1) {
    sum += term;
    term = (term * (n - i)) / (i + 1);
  }
  return sum;
}

/**
 * The 1-based order statistic k of the interval [x(k), x(n+1−k)] for n values: the largest k whose
 * coverage is ≥ `confidence`, or 1 (min–max) when none reaches it. Pinned by the binomial table in tests.
 */
export function intervalRank(n: number, confidence: number = PAIRED_CONFIDENCE): number {
  let k = 1;
  while (k + 1 <= Math.floor(n / 2) && 1 - 2 * binomialHalfCdf(n, k) >= confidence) k += 1;
  return k;
}

/** Median and order-statistic interval of `values` (finite ones only); null when there are none. */
export function medianInterval(
  values: readonly number[],
  confidence: number = PAIRED_CONFIDENCE,
): MedianInterval | null {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  const n = sorted.length;
  if (n === 0) return null;
  const k = intervalRank(n, confidence);
  return {
    median: median(sorted)!,
    low: sorted[k - 1]!,
    high: sorted[n - k]!,
    coverage: n < 2 ? 0 : 1 - 2 * binomialHalfCdf(n, k - 1),
    rounds: n,
  };
}

export type PairedState = 'measuring' | 'settled' | 'capped';

export interface PairedVerdict {
  state: PairedState;
  /** Complete rounds read. */
  rounds: number;
  /** Per arm, in order: its ratio to the first arm with interval (the first arm's is 1 … 1); null before a round. */
  ratios: (MedianInterval | null)[];
  /** Per round, per arm: the paired ratios, oldest round first. */
  roundRatios: number[][];
}

/**
 * What the rounds so far say. `rounds[r][a]` is arm a's block in round r (complete rounds only);
 * `elapsedMs` is the measurement's wall time so far.
 */
export function pairedVerdict(
  rounds: readonly (readonly ArmBlock[])[],
  elapsedMs: number,
  rule: PairedRule = DEFAULT_PAIRED_RULE,
): PairedVerdict {
  const perRound = rounds.map(roundRatios);
  const arms = rounds[0]?.length ?? 0;
  const ratios = Array.from({ length: arms }, (_, arm) =>
    medianInterval(perRound.map((ratios) => ratios[arm]!)),
  );
  // Settled: every interval within ±tolerance of its median.
  const settled =
    rounds.length >= rule.minRounds &&
    ratios.every(
      (r) =>
        r !== null && r.low >= r.median * (1 - rule.tolerance) && r.high <= r.median * (1 + rule.tolerance),
    );
  const capped = rounds.length >= rule.maxRounds || elapsedMs >= rule.maxMs;
  const state: PairedState = settled ? 'settled' : capped ? 'capped' : 'measuring';
  return { state, rounds: rounds.length, ratios, roundRatios: perRound };
}

/**
 * Until paired rounds feed a card: B ÷ A from two runs timed one after the other, the ratio of their median
 * blocks' samples/s, with the interval from each run's block min–max (B's slowest ÷ A's fastest … B's
 * fastest ÷ A's slowest). Wider than a paired interval, since drift between the two runs is not cancelled;
 * `coverage` is 0 (not known). `rounds` is the fewer blocks of the two. Null without 2 blocks each.
 */
export function unpairedRatio(aRates: readonly number[], bRates: readonly number[]): MedianInterval | null {
  const a = aRates.filter((r) => Number.isFinite(r) && r > 0);
  const b = bRates.filter((r) => Number.isFinite(r) && r > 0);
  if (a.length < 2 || b.length < 2) return null;
  return {
    median: median(b)! / median(a)!,
    low: Math.min(...b) / Math.max(...a),
    high: Math.max(...b) / Math.min(...a),
    coverage: 0,
    rounds: Math.min(a.length, b.length),
  };
}
