// The profile job: it asks the worker for a profile of the config it was started with, keeps the profile
// it gets, makes that config the run's config only when nothing trains, fails with the worker's words, and
// a refused prof=1 link leaves a coded refusal and nothing running.
import { beforeEach, describe, expect, it } from 'vitest';
import type { StepProfile } from '../../config/stepProfile';
import { DEFAULT_CONFIG, type TrainConfig } from '../../config/trainConfig';
import { useProfileStore } from '../../state/profileStore';
import { useAppStore } from '../../state/store';
import { createProfileJob, refuseLinkProfile } from './profileJob';
import { runJob } from './runJob';
import { idleJobs } from '../../../test/fixtures/jobStore';

const asked: TrainConfig[] = [];
const made = { backend: 'webgpu', memoryStep: 3, timingStep: 4 } as unknown as StepProfile;
let answer: () => Promise<StepProfile>;
const job = createProfileJob((config) => {
  asked.push(config);
  return answer();
});
const status = () => useAppStore.getState().jobs.profile;

beforeEach(() => {
  asked.length = 0;
  answer = async () => made;
  useAppStore.setState({
    status: 'idle',
    config: DEFAULT_CONFIG,
    runConfig: null,
    jobs: idleJobs(),
  });
  useProfileStore.setState({ profile: null });
});

describe('profile job', () => {
  it('asks for a profile of its config, keeps it, and makes that config the run’s config when idle', async () => {
    const config = { ...DEFAULT_CONFIG, batchSize: 4 };
    expect(await runJob('profile', job, config)).toBe('done');
    expect(asked).toEqual([config]);
    expect(useProfileStore.getState().profile).toBe(made);
    expect(useAppStore.getState().runConfig).toBe(config);
  });

  it('leaves the running run’s config alone', async () => {
    const trained = { ...DEFAULT_CONFIG, batchSize: 2 };
    useAppStore.setState({ status: 'running', runConfig: trained });
    expect(await runJob('profile', job, DEFAULT_CONFIG)).toBe('done');
    expect(useAppStore.getState().runConfig).toBe(trained);
  });

  it('fails with the worker’s words and keeps the previous profile', async () => {
    useProfileStore.setState({ profile: made });
    answer = () => Promise.reject(new Error('the training worker crashed before the profile was made'));
    expect(await runJob('profile', job, DEFAULT_CONFIG)).toBe('failed');
    expect(status().message).toEqual({
      code: 'failed',
      detail: 'the training worker crashed before the profile was made',
    });
    expect(useProfileStore.getState().profile).toBe(made);
  });

  it('records a refused link as a coded refusal, with nothing running', () => {
    refuseLinkProfile(null);
    expect(status()).toMatchObject({
      phase: 'idle',
      message: { code: 'refused', blocker: { code: 'booting' } },
    });
    expect(asked).toEqual([]);
  });
});
