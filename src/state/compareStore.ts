/**
 * The A/B comparison's own small store, apart from the app store: what the comparison job
 * (src/app/jobs/compareJob.ts) reports — which side runs, each side's config as run, its backend,
 * its telemetry rows and the timing rule's verdict on them. Its phase and message are the app store's
 * `jobs.compare`. A comparison runs a few dozen steps at most, so its rows are few and may live here
 * (updated a few times a second, never per step). Configuration B itself (as overrides of A) lives in the app store's
 * `compareOverrides`, because it travels in the URL.
 */
import { create } from 'zustand';
import type { PairedVerdict } from '../config/pairedTiming';
import type { TrainConfig } from '../config/trainConfig';
import type { ArmProgress } from './lessonStore';

export type CompareSideId = 'a' | 'b';

/**
 * One side, as a lesson's arm is: its config (run until the timing rule is satisfied), backend, rows so far,
 * the timing rule's verdict, and the steps its paired blocks timed (every figure reads only these; null
 * until it finishes).
 */
export type CompareSide = Pick<
  ArmProgress,
  'config' | 'backend' | 'rows' | 'verdict' | 'timedSteps' | 'finished'
>;

export interface CompareState {
  /** The side training now; null when none is. */
  activeSide: CompareSideId | null;
  a: CompareSide | null;
  b: CompareSide | null;
  /** B ÷ A in paired rounds (config/pairedTiming.ts): the ratio, its interval and settled or capped. */
  paired: PairedVerdict | null;
  /** Comparison workers alive now (0 once a comparison ends, however it ends). */
  liveWorkers: number;
  /** B's overrides of A as the comparison started (what the link carries as `b.*`). */
  overridesB: Partial<TrainConfig>;
  /** The link to the compared experiment as it started (A with B's overrides, no `run`). */
  link: string | null;
}

export const useCompareStore = create<CompareState>()(() => ({
  activeSide: null,
  a: null,
  b: null,
  paired: null,
  liveWorkers: 0,
  overridesB: {},
  link: null,
}));
