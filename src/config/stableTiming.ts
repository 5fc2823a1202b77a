/**
 * When a measured run has measured enough: the rule every comparison and lesson uses to decide which steps
 * count and when to stop. Pure; unit-tested with a scripted source whose first batches were prefetched.
 *
 * - The first step compiles GPU pipelines: never timed (`warmupSteps`).
 * - With loader workers, each worker builds `prefetch` batches ahead while the first step compiles, so the
 *   next workers × prefetch steps find their batch already waiting: they would time the queue, not the
 *   loader. Timing starts after the initial prefetch has drained.
 * - Timed steps are read in blocks; after each block the mean step time of every timed step so far (the
 *   run's throughput: timed ms ÷ timed steps) is taken. The measurement is stable when the last two such
 *   means agree within `tolerance` (10 %). A mean, not a median: two loader workers that finish together
 *   make steps alternate short and long, and only the mean gives the samples per second the run achieved.
 * - A cap on steps and on wall time keeps a lesson under about a minute on a software adapter; a run that
 *   hits it says so ("capped") rather than pretending to be stable.
 */
import type { TelemetryRow } from './telemetry';

export interface TimingRule {
  /** Steps never timed because they compile (1). */
  warmupSteps: number;
  /** Steps that consume the initial prefetch: workers × prefetch. */
  prefetchedSteps: number;
  /** Timed steps per block between two medians. */
  blockSteps: number;
  /** Relative difference of the last two medians that counts as stable. */
  tolerance: number;
  /** Most steps a run may take, warm-up included. */
  maxSteps: number;
  /** Most ms a run may take, from its first step's start to the last step's end. */
  maxMs: number;
}

/** The timing figures of one step this rule reads (timeMs: since the run started, at the step's end). */
export type TimedStep = Pick<TelemetryRow, 'step' | 'timeMs' | 'stepMs'>;

type TimingState = 'warming-up' | 'measuring' | 'stable' | 'capped';

export interface TimingVerdict {
  state: TimingState;
  /** First step counted in the measurement. */
  firstTimedStep: number;
  /** Last step counted: the last one the verdict read (steps after a stop request are not timed). */
  lastTimedStep: number;
  /** Steps counted so far. */
  timedSteps: number;
  /** Mean step ms of the counted steps (timed ms ÷ timed steps); null before any. */
  meanStepMs: number | null;
  /** Median step ms of the counted steps; null before any. */
  medianStepMs: number | null;
  /** The running means taken after each complete block, oldest first. */
  blockMeans: number[];
}

/** Software adapters need ~1 min per lesson at most: a few hundred ms per step, two to three arms. */
export const DEFAULT_TIMING = { blockSteps: 3, tolerance: 0.1, maxSteps: 40, maxMs: 25_000 } as const;

/** The rule for a config: its loader workers and prefetch decide how many steps are prefetched. */
export function timingRuleFor(
  config: { workers: number; prefetch: number },
  overrides: Partial<TimingRule> = {},
): TimingRule {
  return {
    warmupSteps: 1,
    prefetchedSteps: config.workers * config.prefetch,
    ...DEFAULT_TIMING,
    ...overrides,
  };
}

export function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** What the steps so far say: keep going, stable, or capped. Steps must come in order, one per step. */
export function timingVerdict(steps: readonly TimedStep[], rule: TimingRule): TimingVerdict {
  const firstTimedStep = rule.warmupSteps + rule.prefetchedSteps + 1;
  const timed = steps.filter((s) => s.step >= firstTimedStep).map((s) => s.stepMs);
  const blockMeans: number[] = [];
  for (let end = rule.blockSteps; end <= timed.length; end += rule.blockSteps) {
    blockMeans.push(mean(timed.slice(0, end))!);
  }
  const last = blockMeans.at(-1);
  const previous = blockMeans.at(-2);
  const stable =
    last !== undefined && previous !== undefined && Math.abs(last - previous) <= rule.tolerance * previous;
  const lastStep = steps.at(-1);
  const capped = lastStep !== undefined && (lastStep.step >= rule.maxSteps || lastStep.timeMs >= rule.maxMs);
  const state: TimingState = stable
    ? 'stable'
    : capped
      ? 'capped'
      : timed.length === 0
        ? 'warming-up'
        : 'measuring';
  return {
    state,
    firstTimedStep,
    lastTimedStep: lastStep?.step ?? 0,
    timedSteps: timed.length,
    meanStepMs: mean(timed),
    medianStepMs: median(timed),
    blockMeans,
  };
}
