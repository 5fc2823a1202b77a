/**
 * The sweep job with a fake arm per point: a failed point is marked and the sweep goes on; Stop (the job's
 * signal) ends the running point and marks it and the rest stopped, by status alone (the UI words it); an
 * empty sweep trains nothing and says so as a flag, not a sentence.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { abortError } from '../../config/jobs';
import type { SweepValue } from '../../config/sweep';
import type { TrainConfig } from '../../config/trainConfig';
import { useAppStore } from '../../state/store';
import { emptySweepRun, useSweepStore } from '../../state/sweepStore';
import { runJob, stopJob } from './runJob';
import { sweepJob } from './sweepJob';
import { TEST_BACKEND, idleJobs } from '../../../test/fixtures/jobStore';

const INFO = TEST_BACKEND;

/** Per batch size: how its arm ends ('hang' waits for the signal). */
const arms = new Map<number, 'ok' | 'fail' | 'hang'>();
const started: number[] = [];

vi.mock('../runs/armRunner', () => ({
  runArm: (_name: string, config: TrainConfig, _rule: unknown, signal: AbortSignal) => {
    started.push(config.batchSize);
    const how = arms.get(config.batchSize) ?? 'ok';
    if (how === 'fail') return Promise.reject(new Error('the GPU device was lost'));
    if (how === 'hang')
      return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(abortError())));
    return Promise.resolve({ rows: [], verdict: {}, profile: null });
  },
}));

const sweepOf = (values: readonly SweepValue[]) =>
  useAppStore.getState().setSweep({ setting: 'batchSize', values });
const statuses = () => useSweepStore.getState().points.map((p) => [p.value, p.status, p.reason]);
const job = () => useAppStore.getState().jobs.sweep;

beforeEach(() => {
  vi.stubGlobal('window', { location: { search: '' } });
  arms.clear();
  started.length = 0;
  useAppStore.setState({
    status: 'idle',
    backendInfo: INFO,
    config: { ...useAppStore.getState().config, imageSizePx: 16 },
    jobs: idleJobs(),
  });
  useSweepStore.setState(emptySweepRun());
});

describe('the sweep job', () => {
  it('marks a failed point with its error and goes on to the next', async () => {
    sweepOf([1, 2, 4]);
    arms.set(2, 'fail');
    expect(await runJob('sweep', sweepJob, null)).toBe('done');
    expect(started).toEqual([1, 2, 4]);
    expect(statuses()).toEqual([
      [1, 'done', null],
      [2, 'failed', 'the GPU device was lost'],
      [4, 'done', null],
    ]);
    expect(useSweepStore.getState().activeIndex).toBeNull();
  });

  it('Stop ends the running point and marks it and the rest stopped, with no sentence', async () => {
    sweepOf([1, 2, 4]);
    arms.set(2, 'hang');
    const ended = runJob('sweep', sweepJob, null);
    for (let i = 0; i < 100 && started.length < 2; i++) await new Promise((r) => setTimeout(r, 0));
    expect(useSweepStore.getState().activeIndex).toBe(1);
    stopJob('sweep');
    expect(await ended).toBe('stopped');
    expect(job().message).toEqual({ code: 'stopped' });
    expect(started).toEqual([1, 2]);
    expect(statuses()).toEqual([
      [1, 'done', null],
      [2, 'stopped', null],
      [4, 'stopped', null],
    ]);
    expect(useSweepStore.getState().activeIndex).toBeNull();
  });

  it('an empty sweep trains nothing and says so by a flag', async () => {
    sweepOf([]);
    expect(await runJob('sweep', sweepJob, null)).toBe('done');
    expect(started).toEqual([]);
    expect(useSweepStore.getState().noValues).toBe(true);
  });

  it('is refused while the main run trains, its message the rule’s code', async () => {
    sweepOf([1]);
    useAppStore.setState({ status: 'running' });
    expect(await runJob('sweep', sweepJob, null)).toBe('idle');
    expect(job().message).toEqual({ code: 'refused', blocker: { code: 'mainRunning' } });
    expect(started).toEqual([]);
  });
});
