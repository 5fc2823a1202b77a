/**
 * The step profile's own small store, apart from the app store: the last profile the training worker
 * sent (one object per request: low rate), written only by the profile job (app/jobs/profileJob.ts), and
 * whether the page's link asked for one. The request's phase and a failure's words are the app store's
 * `jobs.profile`. A view mounts the profile panel anywhere; it reads this store and that status.
 */
import { create } from 'zustand';
import type { StepProfile } from '../config/stepProfile';

export interface ProfileState {
  profile: StepProfile | null;
  /** The page's link asked for a profile (`prof=1`); honoured once, under the same guard as `run=1`. */
  requestedByLink: boolean;
}

export const useProfileStore = create<ProfileState>()(() => ({
  profile: null,
  requestedByLink: false,
}));
