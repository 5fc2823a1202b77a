/**
 * The finder job against a fake trial worker: it finds the largest batch the worker runs, and Stop (the
 * job's signal) ends a pending wait — for the worker's backend or a trial's answer — at once, terminates
 * the worker, and keeps what ran; a lost device fails the job with the error's own words.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrialReport } from '../../config/batchFinder';
import { useFinderStore } from '../../state/finderStore';
import { useAppStore } from '../../state/store';
import type { FromWorker, ToWorker } from '../trainingProtocol';
import type { TrainingWorkerHandlers } from '../spawnTrainingWorker';
import { finderJob } from './finderJob';
import { runJob, stopJob } from './runJob';
import { TEST_BACKEND, idleJobs } from '../../../test/fixtures/jobStore';

const INFO = TEST_BACKEND;

/** How the fake worker behaves: the largest batch it runs, and which answers it never sends. */
const fake = {
  largestRuns: 10,
  sendReady: true,
  /** Trials from this one on (1-based) are never answered. */
  hangFromTrial: Infinity,
  /** Trial at which the device is lost instead of answering. */
  loseDeviceAtTrial: Infinity,
  trials: 0,
  terminated: 0,
  handlers: null as TrainingWorkerHandlers | null,
};

const send = (message: FromWorker) => setTimeout(() => fake.handlers?.onMessage(message), 0);

vi.mock('../spawnTrainingWorker', () => ({
  spawnTrainingWorker: (
    _name: string,
    _backend: string,
    handlers: TrainingWorkerHandlers,
    signal?: AbortSignal,
  ) => {
    fake.handlers = handlers;
    const terminate = () => {
      fake.terminated++;
      fake.handlers = null;
    };
    signal?.addEventListener('abort', terminate, { once: true });
    if (fake.sendReady) send({ type: 'ready', info: INFO } as FromWorker);
    return {
      terminate,
      postMessage: (message: ToWorker) => {
        if (message.type !== 'trial') return;
        fake.trials++;
        if (fake.trials >= fake.hangFromTrial) return;
        if (fake.trials >= fake.loseDeviceAtTrial) {
          send({ type: 'status', status: 'device-lost', message: 'gone' } as FromWorker);
          return;
        }
        const ok = message.config.batchSize <= fake.largestRuns;
        const report: TrialReport = ok
          ? { ok: true, stepMs: 5, gpuPeakBytes: 1000, tensorsBefore: 3, tensorsAfter: 3 }
          : { ok: false, reason: 'out of memory', tensorsBefore: 3, tensorsAfter: 3 };
        send({ type: 'trial', requestId: message.requestId, report } as FromWorker);
      },
    };
  },
}));

const config = () => ({ ...useAppStore.getState().config, batchSize: 2 });
const job = () => useAppStore.getState().jobs.finder;
const until = async (ready: () => boolean) => {
  for (let i = 0; i < 1000 && !ready(); i++) await new Promise((r) => setTimeout(r, 0));
  expect(ready()).toBe(true);
};

beforeEach(() => {
  Object.assign(fake, {
    largestRuns: 10,
    sendReady: true,
    hangFromTrial: Infinity,
    loseDeviceAtTrial: Infinity,
    trials: 0,
    terminated: 0,
    handlers: null,
  });
  useAppStore.setState({
    status: 'idle',
    backendInfo: INFO,
    jobs: idleJobs(),
  });
  useFinderStore.setState({ trials: [], result: null });
});

describe('the finder job', () => {
  it('finds the largest batch the worker runs, then ends its worker', async () => {
    expect(await runJob('finder', finderJob, config())).toBe('done');
    expect(job().message).toBeNull();
    expect(useFinderStore.getState().result?.largestBatch).toBe(10);
    expect(useFinderStore.getState().trials.map((t) => t.batchSize)).toContain(11);
    expect(fake.terminated).toBe(1);
  });

  it('Stop while a trial is pending ends the job at once, keeping the largest batch that ran', async () => {
    fake.hangFromTrial = 3; // batches 2 and 4 answer; 8 never does
    const ended = runJob('finder', finderJob, config());
    await until(() => fake.trials === 3);
    stopJob('finder');
    expect(await ended).toBe('stopped');
    expect(job().message).toEqual({ code: 'stopped' });
    expect(useFinderStore.getState().result?.largestBatch).toBe(4);
    expect(fake.terminated).toBeGreaterThanOrEqual(1);
    expect(fake.handlers).toBeNull();
  });

  it('Stop while waiting for the backend ends the job without a trial', async () => {
    fake.sendReady = false;
    const ended = runJob('finder', finderJob, config());
    await until(() => fake.handlers !== null);
    stopJob('finder');
    expect(await ended).toBe('stopped');
    expect(fake.trials).toBe(0);
    expect(useFinderStore.getState().result?.largestBatch).toBe(0);
  });

  it('a lost device fails the job with the error in its words', async () => {
    fake.loseDeviceAtTrial = 2;
    expect(await runJob('finder', finderJob, config())).toBe('failed');
    expect(job().message).toEqual({ code: 'failed', detail: 'the GPU device was lost: gone' });
    expect(fake.terminated).toBe(1);
  });

  it('is refused while another measured job runs, leaving its results alone', async () => {
    useAppStore.getState().setJobStatus('sweep', { phase: 'running' });
    useFinderStore.setState({
      result: { config: config(), largestBatch: 7, predictedLargestBatch: 7, bound: { kind: 'stopped' } },
    });
    expect(await runJob('finder', finderJob, config())).toBe('idle');
    expect(job().message).toEqual({ code: 'refused', blocker: { code: 'sweepRunning' } });
    expect(useFinderStore.getState().result?.largestBatch).toBe(7);
  });
});
