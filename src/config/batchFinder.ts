/**
 * The measured batch-size finder's search, like Lightning's BatchSizeFinder in its power-then-binary
 * mode: double the batch from the current one until the first failure (or the largest batch a config
 * allows), then bisect between the last success and the first failure. A batch the pre-flight refuses
 * counts as a failure without running: the caller's `refuse` is asked before every `trial`, so no trial
 * ever runs a batch past the device's limits. Assumes "runs" holds for a prefix of batch sizes (memory
 * grows with the batch), so it needs O(log n) trials. Also owns the trial's report, which the training
 * worker sends back. Pure: no tfjs, no DOM, no store.
 */
import type { BackendInfo } from './backendInfo';
import { runPreflight, type PreflightLimits, type PreflightRefusal } from './preflight';
import { LIMITS, type TrainConfig } from './trainConfig';

/** What one real trial step reports (the training worker's answer to a `trial` request). */
export type TrialReport =
  | {
      ok: true;
      /** Wall time of the step, compile included (the trial is the config's first step). */
      stepMs: number;
      /** The step's allocator high-water mark; null off webgpu. */
      gpuPeakBytes: number | null;
      /** Live tensors before the trial and after everything it made was freed. */
      tensorsBefore: number;
      tensorsAfter: number;
    }
  | { ok: false; reason: string; tensorsBefore: number; tensorsAfter: number };

/** The outcome of a trial as the search sees it. */
export type TrialOutcome = 'ok' | { failed: string };

/** One batch the search tried, in order. */
export interface FinderTrial {
  batchSize: number;
  /** 'refused': the pre-flight said no, nothing ran. */
  outcome: 'ok' | 'failed' | 'refused';
  /** Why it failed or was refused; null when it ran. */
  reason: string | null;
}

/**
 * The search's state: every batch ≤ `largestOk` ran (0: none yet), every batch ≥ `smallestFailed`
 * failed or was refused (`max + 1`: none yet). `doubling` while no failure was seen.
 */
export interface SearchState {
  max: number;
  largestOk: number;
  smallestFailed: number;
  doubling: boolean;
  /** The next batch to try; null when the search is done. */
  next: number | null;
}

const clampBatch = (batch: number, max: number) => Math.min(max, Math.max(1, Math.floor(batch)));

/** The search starting at `start` (the current batch), bounded by `max` (LIMITS.batchSize.max by default). */
export function startSearch(start: number, max: number = LIMITS.batchSize.max): SearchState {
  const bound = Math.max(1, Math.floor(max));
  return {
    max: bound,
    largestOk: 0,
    smallestFailed: bound + 1,
    doubling: true,
    next: clampBatch(start, bound),
  };
}

/** The state after trying `state.next` with outcome `ran` (true: it ran). */
export function recordTrial(state: SearchState, ran: boolean): SearchState {
  const batch = state.next;
  if (batch === null) return state;
  const largestOk = ran ? Math.max(state.largestOk, batch) : state.largestOk;
  const smallestFailed = ran ? state.smallestFailed : Math.min(state.smallestFailed, batch);
  const doubling = state.doubling && ran;
  let next: number | null;
  if (doubling && batch < state.max) next = Math.min(state.max, batch * 2);
  else if (smallestFailed - largestOk > 1) next = Math.floor((largestOk + smallestFailed) / 2);
  else next = null;
  return { max: state.max, largestOk, smallestFailed, doubling, next };
}

export interface FinderInput {
  /** The batch to start from (the config's). */
  start: number;
  /** The largest batch to try; LIMITS.batchSize.max by default. */
  max?: number;
  /**
   * Every batch tried is a multiple of this (the config's micro-batch count k: "the largest batch with k
   * micro-batches"); 1 by default. The search runs over the number of micro-batch-sized steps.
   */
  multipleOf?: number;
  /** Why the pre-flight refuses `batch` (nothing runs), or null when it may run. */
  refuse(batch: number): string | null;
  /** Runs one real step at `batch`. */
  trial(batch: number): Promise<TrialOutcome>;
  /** Called after each trial, refused ones included. */
  onTrial?(trial: FinderTrial): void;
  /** Asked before each trial: true ends the search early (Stop). */
  stopped?(): boolean;
  /** Where the limit refusing `batch` comes from (preflightGuard's `limitSource`); 'assumed' when not given. */
  limitSource?(batch: number): LimitSource;
}

/**
 * Where the limit a pre-flight refusal rests on comes from: a per-buffer limit the device reported
 * (WebGPU's limits), a budget assumed (the total budget, the host's, or any limit off WebGPU, where nothing
 * is reported), or the estimator itself rejecting the shapes.
 */
export type LimitSource = 'reported' | 'assumed' | 'estimator';

/**
 * What bounded the search's answer: the four outcomes the result names.
 * - 'failed': a step at `batchSize` failed on the device: the answer is exact.
 * - 'refused': the pre-flight refused `batchSize` (nothing ran), by a limit `source`: the answer is ≥.
 * - 'form-max': every batch up to the form's maximum `max` ran: the answer is ≥; `nextBatch` is the batch
 *   the doubling would have tried next, beyond the form.
 * - 'stopped': Stop ended the search: the answer is ≥ (or nothing when no batch ran).
 */
export type FinderBound =
  | { kind: 'failed'; batchSize: number }
  | { kind: 'refused'; batchSize: number; source: LimitSource }
  | { kind: 'form-max'; max: number; nextBatch: number }
  | { kind: 'stopped' };

export interface FinderResult {
  /** The largest batch that ran; 0 when none did. */
  largestBatch: number;
  trials: FinderTrial[];
  /** What bounded `largestBatch` (`stopped`: the search ended before it was done). */
  bound: FinderBound;
}

/**
 * The bound of a finished search (not stopped): the smallest batch that failed or was refused, or the
 * form's maximum when every batch ran. `source` says where a refusal's limit came from.
 */
export function finderBound(
  trials: readonly FinderTrial[],
  max: number,
  source: (batch: number) => LimitSource = () => 'assumed',
): FinderBound {
  const notRun = trials.filter((t) => t.outcome !== 'ok');
  if (notRun.length === 0) {
    const largest = Math.max(0, ...trials.map((t) => t.batchSize));
    return { kind: 'form-max', max, nextBatch: Math.max(max + 1, largest * 2) };
  }
  const smallest = notRun.reduce((a, b) => (b.batchSize < a.batchSize ? b : a));
  return smallest.outcome === 'failed'
    ? { kind: 'failed', batchSize: smallest.batchSize }
    : { kind: 'refused', batchSize: smallest.batchSize, source: source(smallest.batchSize) };
}

/** Runs the search with real (injected) trials; refused batches never reach `trial`. */
export async function findLargestBatch(input: FinderInput): Promise<FinderResult> {
  const unit = input.multipleOf ?? 1;
  let state = startSearch(
    Math.ceil(input.start / unit),
    Math.floor((input.max ?? LIMITS.batchSize.max) / unit),
  );
  const trials: FinderTrial[] = [];
  while (state.next !== null) {
    if (input.stopped?.()) {
      return { largestBatch: state.largestOk * unit, trials, bound: { kind: 'stopped' } };
    }
    const batchSize = state.next * unit;
    const refusal = input.refuse(batchSize);
    let trial: FinderTrial;
    if (refusal !== null) {
      trial = { batchSize, outcome: 'refused', reason: refusal };
    } else {
      const outcome = await input.trial(batchSize);
      trial =
        outcome === 'ok'
          ? { batchSize, outcome: 'ok', reason: null }
          : { batchSize, outcome: 'failed', reason: outcome.failed };
    }
    trials.push(trial);
    input.onTrial?.(trial);
    state = recordTrial(state, trial.outcome === 'ok');
  }
  return {
    largestBatch: state.largestOk * unit,
    trials,
    bound: finderBound(trials, state.max * unit, input.limitSource),
  };
}

/**
 * The pre-flight as the finder's guard, for `config` at any batch on the backend `info` describes: why a
 * batch is refused (config/preflight.ts's rule, the same that keeps Start disabled), and the largest batch
 * the estimate says fits (its prediction, which the measured result is set beside). Always applied, even
 * with `?skipPreflight=1`: a trial never runs past the device's limits.
 */
export function preflightGuard(config: TrainConfig, info: BackendInfo) {
  const at = (batchSize: number) => runPreflight({ ...config, batchSize }, info);
  const max = LIMITS.batchSize.max;
  const top = at(max);
  return {
    refuse: (batchSize: number): string | null => {
      const result = at(batchSize);
      return result.verdict === 'refused' ? result.reason : null;
    },
    limitSource: (batchSize: number): LimitSource => {
      const result = at(batchSize);
      return result.verdict === 'refused' ? refusalLimitSource(result.refusal, result.limits) : 'assumed';
    },
    predictedLargestBatch: top.verdict === 'refused' ? top.largestBatchThatFits : max,
  };
}

/** measured ÷ predicted, or null when the estimate predicts nothing fits. */
export function finderRatio(largestBatch: number, predictedLargestBatch: number): number | null {
  return predictedLargestBatch > 0 ? largestBatch / predictedLargestBatch : null;
}

/**
 * A refusal rests on a reported limit only when WebGPU reported the per-buffer limit that refused it and
 * neither the assumed total budget nor the assumed host budget was exceeded too.
 */
function refusalLimitSource(refusal: PreflightRefusal, limits: PreflightLimits): LimitSource {
  if (refusal.kind === 'estimator') return 'estimator';
  const reported =
    limits.sourceKind !== 'unreported' &&
    refusal.host === null &&
    refusal.gpu !== null &&
    refusal.gpu.perBufferBytes !== null &&
    refusal.gpu.budget === null;
  return reported ? 'reported' : 'assumed';
}
