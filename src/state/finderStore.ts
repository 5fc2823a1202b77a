/**
 * The batch finder's small store: its phase, each trial as it comes back (batch, ran / failed / refused
 * and why, step time and peak), the result beside the estimate's prediction, and the actions Find, Stop
 * and "Use batch N". The search and its trials run in a controller that src/app attaches at boot
 * (app/finder/finderClient.ts), so this store never imports the app or the engine. Low rate: one update
 * per trial.
 */
import { create } from 'zustand';
import type { FinderBound, FinderTrial } from '../config/batchFinder';
import type { TrainConfig } from '../config/trainConfig';
import { useAppStore } from './store';

export type FinderPhase = 'idle' | 'running' | 'done' | 'stopped' | 'failed';

/** A trial as the finder shows it: the search's record plus what the step measured. */
export interface FinderTrialRow extends FinderTrial {
  /** Wall time of the trial's one step (compile included); null when nothing ran. */
  stepMs: number | null;
  /** The step's peak GPU bytes; null when nothing ran or off webgpu. */
  gpuPeakBytes: number | null;
}

export interface FinderResult {
  /** The config searched (its batch size is the one it started from). */
  config: TrainConfig;
  /** The largest batch that ran; 0 when none did. */
  largestBatch: number;
  /** The largest batch the pre-flight estimate says fits, for the same config. */
  predictedLargestBatch: number;
  /** What bounded `largestBatch`: a failed step, a pre-flight refusal, the form's maximum, or Stop. */
  bound: FinderBound;
}

export interface FinderController {
  /** Runs the search for `config`; reports through the store. Refusals (busy, booting) go to `message`. */
  find(config: TrainConfig): void;
  stop(): void;
}

export interface FinderState {
  phase: FinderPhase;
  trials: FinderTrialRow[];
  /** Set when the search ends (done or stopped with at least one trial); null before. */
  result: FinderResult | null;
  /** Plain text: why it could not start, or why it failed. */
  message: string | null;
  controller: FinderController | null;
  attachController(controller: FinderController): void;
  /** Finds the largest batch of the form's config that really runs. */
  find(): void;
  stop(): void;
  /** Applies the result's batch to the form (like the pre-flight's "Use batch N"). */
  useResult(): void;
}

export const useFinderStore = create<FinderState>()((set, get) => ({
  phase: 'idle',
  trials: [],
  result: null,
  message: null,
  controller: null,
  attachController: (controller) => set({ controller }),
  find: () => {
    const { controller, phase } = get();
    if (phase === 'running') return;
    if (!controller) {
      set({ message: 'The batch finder is not ready yet.' });
      return;
    }
    controller.find(useAppStore.getState().config);
  },
  stop: () => get().controller?.stop(),
  useResult: () => {
    const { result, phase } = get();
    if (phase === 'running' || !result || result.largestBatch < 1) return;
    useAppStore.getState().setConfig({ batchSize: result.largestBatch });
  },
}));

export const selectFinderPhase = (s: FinderState) => s.phase;
export const selectFinderTrials = (s: FinderState) => s.trials;
export const selectFinderResult = (s: FinderState) => s.result;
export const selectFinderMessage = (s: FinderState) => s.message;
