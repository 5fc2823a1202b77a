/**
 * The step profile's own small store, apart from the app store: whether a profile was asked for, the last
 * profile the training worker sent (one object per request: low rate), and the action that asks for one.
 * The request reaches the worker through a ProfileController that src/app attaches at boot, so this store
 * never imports the app. A view mounts the profile panel anywhere; it reads only this store.
 */
import { create } from 'zustand';
import type { StepProfile } from '../config/stepProfile';
import type { TrainConfig } from '../config/trainConfig';
import { useAppStore } from './store';

export interface ProfileController {
  /** Profile the next steps of the run, or train with `config` until a profile is made and stop. */
  profile(config: TrainConfig): void;
}

export type ProfileStatus = 'idle' | 'waiting' | 'ready' | 'failed';

export interface ProfileState {
  status: ProfileStatus;
  profile: StepProfile | null;
  /** Plain text: why the last request gave no profile. */
  message: string | null;
  /** The page's link asked for a profile (`prof=1`); honoured once, under the same guard as `run=1`. */
  requestedByLink: boolean;
  controller: ProfileController | null;
  attachController(controller: ProfileController): void;
  /** Asks the training worker for a profile of the current config (or of the running run). */
  requestProfile(): void;
  /** The worker's answer. */
  received(profile: StepProfile): void;
  failed(message: string): void;
}

export const useProfileStore = create<ProfileState>()((set, get) => ({
  status: 'idle',
  profile: null,
  message: null,
  requestedByLink: false,
  controller: null,
  attachController: (controller) => set({ controller }),
  requestProfile: () => {
    const { controller, status } = get();
    if (!controller || status === 'waiting') return;
    const app = useAppStore.getState();
    // Profiling while idle starts a short run of this config: like Start, it becomes the run's config.
    if (app.status !== 'running') useAppStore.setState({ runConfig: app.config });
    set({ status: 'waiting', message: null });
    controller.profile(app.config);
  },
  received: (profile) => set({ status: 'ready', profile, message: null }),
  failed: (message) => set({ status: 'failed', message }),
}));

/** Selectors, defined once. */
export const selectProfile = (s: ProfileState) => s.profile;
export const selectProfileStatus = (s: ProfileState) => s.status;
