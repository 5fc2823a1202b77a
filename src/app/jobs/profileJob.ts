/**
 * The step profile as a job: asks the main training worker (through the main training client) for a
 * profile of the running run's next steps, or, while nothing trains, of a short run of `config` — which,
 * like Start, becomes the run's config. Resolves when the profile arrives (it goes to the profile store),
 * rejects with the worker's words when it fails or the worker crashes first. The worker's short run is
 * not interrupted by Stop: the job only stops waiting for it.
 */
import { abortError } from '../../config/jobs';
import type { PreflightRefusal } from '../../config/preflight';
import type { StepProfile } from '../../config/stepProfile';
import type { TrainConfig } from '../../config/trainConfig';
import { useProfileStore } from '../../state/profileStore';
import { useAppStore } from '../../state/store';
import { mainTrainingClient } from '../trainingClient';
import type { JobDefinition } from './runJob';

/** Resolves or rejects with `work`, or rejects with the abort error once `signal` fires. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError());
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The profile job around `profileStep` (the main training client's in the app; a stand-in in tests). */
export function createProfileJob(
  profileStep: (config: TrainConfig) => Promise<StepProfile>,
): JobDefinition<'profile'> {
  return {
    body: async (config, signal) => {
      const app = useAppStore.getState();
      // Profiling while idle starts a short run of this config: like Start, it becomes the run's config.
      if (app.status !== 'running') useAppStore.setState({ runConfig: config });
      const profile = await untilAborted(profileStep(config), signal);
      useProfileStore.setState({ profile });
    },
  };
}

export const profileJob = createProfileJob((config) => mainTrainingClient().profileStep(config));

/**
 * A `prof=1` link whose config fails the pre-flight on this device (`refusal`), or came before the backend
 * was known (null): nothing runs, and the profile job's status says why, as a refused start does.
 */
export function refuseLinkProfile(refusal: PreflightRefusal | null): void {
  useAppStore.getState().setJobStatus('profile', {
    message: {
      code: 'refused',
      blocker: refusal === null ? { code: 'booting' } : { code: 'doesNotFit', id: 'link', refusal },
    },
  });
}
