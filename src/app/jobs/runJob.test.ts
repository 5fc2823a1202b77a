/** runJob's contract: one promise that settles once, the phase and message it leaves, Stop through the signal. */
import { beforeEach, describe, expect, it } from 'vitest';
import { abortError, throwIfAborted } from '../../config/jobs';
import { useAppStore } from '../../state/store';
import { runJob, stopJob } from './runJob';
import { TEST_BACKEND, idleJobs } from '../../../test/fixtures/jobStore';

const INFO = TEST_BACKEND;

beforeEach(() => {
  useAppStore.setState({
    status: 'idle',
    backendInfo: INFO,
    jobs: idleJobs(),
  });
});

const phase = (kind: 'sweep' | 'compare' | 'export') => useAppStore.getState().jobs[kind];

describe('runJob', () => {
  it('runs the body once and ends done', async () => {
    let calls = 0;
    const ended = await runJob('sweep', { body: async () => void calls++ }, null);
    expect(ended).toBe('done');
    expect(calls).toBe(1);
    expect(phase('sweep')).toMatchObject({ phase: 'done', message: null });
    expect(phase('sweep').finishedAt).not.toBeNull();
  });

  it('shows the job running while its body runs, and refuses a second measured job meanwhile', async () => {
    let release!: () => void;
    const first = runJob('sweep', { body: () => new Promise<void>((r) => (release = r)) }, null);
    expect(phase('sweep').phase).toBe('running');
    let secondRan = false;
    const second = await runJob('compare', { body: async () => void (secondRan = true) }, null);
    expect(secondRan).toBe(false);
    expect(second).toBe('idle');
    expect(phase('compare').message).toEqual({ code: 'refused', blocker: { code: 'sweepRunning' } });
    release();
    expect(await first).toBe('done');
  });

  it('ends stopped when Stop fires the signal, whatever the body does with it', async () => {
    const job = runJob(
      'sweep',
      {
        body: (_input, signal) =>
          new Promise<void>((_resolve, reject) =>
            signal.addEventListener('abort', () => reject(abortError())),
          ),
      },
      null,
    );
    stopJob('sweep');
    expect(await job).toBe('stopped');
    expect(phase('sweep').message).toEqual({ code: 'stopped' });
    // A body that checks the signal between pieces of work stops the same way.
    const checking = runJob(
      'sweep',
      {
        body: async (_input, signal) => {
          await Promise.resolve();
          throwIfAborted(signal);
        },
      },
      null,
    );
    stopJob('sweep');
    expect(await checking).toBe('stopped');
  });

  it('ends failed with the error its body threw, in its own words', async () => {
    const ended = await runJob('sweep', { body: () => Promise.reject(new Error('device lost')) }, null);
    expect(ended).toBe('failed');
    expect(phase('sweep').message).toEqual({ code: 'failed', detail: 'device lost' });
  });

  it('checks the configurations its definition names against the pre-flight', async () => {
    const huge = { ...useAppStore.getState().config, imageSizePx: 512, batchSize: 512 };
    let ran = false;
    await runJob(
      'compare',
      { body: async () => void (ran = true), configs: () => [{ id: 'b', config: huge }] },
      null,
    );
    expect(ran).toBe(false);
    expect(phase('compare').message).toMatchObject({
      code: 'refused',
      blocker: { code: 'doesNotFit', id: 'b' },
    });
  });
});
