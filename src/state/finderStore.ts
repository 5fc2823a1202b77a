/**
 * The batch finder's small store: each trial as it comes back (batch, ran / failed / refused and why, step
 * time and peak) and the result beside the estimate's prediction. Written only by the finder job
 * (app/jobs/finderJob.ts); its phase and message are the app store's `jobs.finder`. "Use batch N" is the
 * app store's own setConfig, called by the UI. Imports config only. Low rate: one update per trial.
 */
import { create } from 'zustand';
import type { FinderBound, FinderTrial } from '../config/batchFinder';
import type { TrainConfig } from '../config/trainConfig';

/** A trial as the finder shows it: the search's record plus what the step measured. */
export interface FinderTrialRow extends FinderTrial {
  /** Wall time of the trial's one step (compile included); null when nothing ran. */
  stepMs: number | null;
  /** The step's peak GPU bytes; null when nothing ran or off webgpu. */
  gpuPeakBytes: number | null;
}

interface FinderResult {
  /** The config searched (its batch size is the one it started from). */
  config: TrainConfig;
  /** The largest batch that ran; 0 when none did. */
  largestBatch: number;
  /** The largest batch the pre-flight estimate says fits, for the same config. */
  predictedLargestBatch: number;
  /** What bounded `largestBatch`: a failed step, a pre-flight refusal, the form's maximum, or Stop. */
  bound: FinderBound;
}

export interface FinderState {
  trials: FinderTrialRow[];
  /** Set when the search ends (done, or stopped: what ran so far); null before. */
  result: FinderResult | null;
}

export const useFinderStore = create<FinderState>()(() => ({ trials: [], result: null }));

export const selectFinderTrials = (s: FinderState) => s.trials;
export const selectFinderResult = (s: FinderState) => s.result;
