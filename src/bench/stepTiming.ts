/**
 * Times training steps the same way for every implementation the bench compares: batches built before
 * the timed region (loader work is case a's and d's business), the same batch sequence for everyone
 * (step k gets batch k mod n), each step ending with its awaited loss readback.
 * No DOM.
 */
import type { TrainConfig } from '../config/trainConfig';
import { buildHostBatch } from '../data/buildBatch';
import type { HostBatch } from '../data/hostBatch';
import { timeInterleaved, type RepPlan, type Timing } from './timing';

export interface StepFigure {
  timing: Timing;
  /** Samples per second at the median step time. */
  samplesPerSec: number;
  /** Loss of every step run, warm-ups first (the loss curve, for comparing implementations). */
  losses: number[];
}

/** Distinct batches the timed steps cycle through. */
const STEP_BATCHES = 4;

export function buildStepBatches(config: TrainConfig, count = STEP_BATCHES): HostBatch[] {
  return Array.from({ length: count }, (_, i) => buildHostBatch(config, i));
}

/** One training-step implementation: `step` resolves with the loss after its awaited readback. */
export type StepFn = (batch: HostBatch) => Promise<number>;

/**
 * Several implementations side by side: warm-ups per implementation, then their timed steps interleaved
 * (A B C A B C …) so that the load of a shared machine drifts over all of them alike.
 */
export async function timeStepsInterleaved(
  plan: RepPlan,
  batches: readonly HostBatch[],
  steps: readonly StepFn[],
): Promise<StepFigure[]> {
  const losses = steps.map((): number[] => []);
  // The k-th call of an implementation gets batch k mod n; its losses are recorded.
  const runs = steps.map((step, i) => {
    let k = 0;
    return async () => {
      const batch = batches[k++ % batches.length];
      if (!batch) throw new Error('no batches to step on');
      losses[i]!.push(await step(batch));
    };
  });
  const timings = await timeInterleaved(plan, runs);
  return timings.map((timing, i) => ({
    timing,
    samplesPerSec: ((batches[0]?.batchSize ?? 0) * 1000) / timing.medianMs,
    losses: losses[i]!,
  }));
}

/** Runs warmup + reps steps of `step` over `batches` in order. */
export async function timeSteps(
  plan: RepPlan,
  batches: readonly HostBatch[],
  step: StepFn,
): Promise<StepFigure> {
  const [figure] = await timeStepsInterleaved(plan, batches, [step]);
  return figure!;
}
