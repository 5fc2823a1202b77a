/**
 * How every bench figure is taken: warm-up runs first (shader compilation, buffer pools), then ≥ 5 timed
 * repetitions, each ending with an awaited readback inside `run` (tfjs queues GPU work; only a readback
 * proves it finished), summarised by the median. No tfjs, no DOM.
 */

const MIN_REPS = 5;

export interface Timing {
  medianMs: number;
  /** Every timed repetition, in run order. */
  samplesMs: number[];
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export interface RepPlan {
  warmup: number;
  reps: number;
}

/**
 * Times several variants with their repetitions interleaved, the order rotating every round
 * (A B C, B C A, C A B, …), so that slow drift of a shared machine, and whatever a variant leaves behind
 * for the next one (garbage, queued work), hits all of them alike. Warm-ups run per variant first.
 * A variant is timed with performance.now() around the awaited call; it gets the repetition index
 * (warm-ups are negative) and may return its own ms instead, for regions that exclude set-up done inside
 * the call.
 */
export async function timeInterleaved(
  plan: RepPlan,
  variants: readonly ((rep: number) => Promise<number | void>)[],
): Promise<Timing[]> {
  if (plan.reps < MIN_REPS) throw new Error(`a bench figure needs at least ${MIN_REPS} repetitions`);
  for (const run of variants) for (let i = -plan.warmup; i < 0; i++) await run(i);
  const samples: number[][] = variants.map(() => []);
  for (let i = 0; i < plan.reps; i++) {
    for (let j = 0; j < variants.length; j++) {
      const v = (i + j) % variants.length;
      const t0 = performance.now();
      const own = await variants[v]!(i);
      samples[v]!.push(typeof own === 'number' ? own : performance.now() - t0);
    }
  }
  return samples.map((samplesMs) => ({ medianMs: median(samplesMs), samplesMs }));
}

/** Runs `run` warmup + reps times: timeInterleaved with one variant. */
export async function timeReps(plan: RepPlan, run: (rep: number) => Promise<number | void>): Promise<Timing> {
  const [timing] = await timeInterleaved(plan, [run]);
  return timing!;
}

/** Rounds for display and JSON: 3 significant digits below 1000, whole numbers above. */
export function round(value: number, digits = 3): number {
  if (!Number.isFinite(value) || value === 0) return value;
  const magnitude = Math.floor(Math.log10(Math.abs(value)));
  const decimals = Math.max(0, digits - 1 - magnitude);
  return Number(value.toFixed(Math.min(decimals, 6)));
}
