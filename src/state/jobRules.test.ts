/** The one start rule for jobs, on hand-written activities (no store, no workers). */
import { describe, expect, it } from 'vitest';
import { JOB_KINDS, type JobKind, type JobPhase } from '../config/jobs';
import { DEFAULT_CONFIG, type TrainConfig } from '../config/trainConfig';
import { jobBlocker, type Activity } from './jobRules';
import { TEST_BACKEND } from '../../test/fixtures/jobStore';

const A: TrainConfig = { ...DEFAULT_CONFIG, imageSizePx: 16, batchSize: 2 };
const INFO = TEST_BACKEND;
const idleJobs = Object.fromEntries(JOB_KINDS.map((k) => [k, 'idle'])) as Record<JobKind, JobPhase>;
const activity = (main: Activity['main'], jobs: Partial<Record<JobKind, JobPhase>> = {}): Activity => ({
  main,
  jobs: { ...idleJobs, ...jobs },
});
const ok = {
  activity: activity('idle'),
  backendInfo: INFO,
  skipPreflight: false,
  configs: [{ id: 'a', config: A }],
};

describe('jobBlocker', () => {
  it('lets a fitting measured job start when nothing else runs, and after others ended', () => {
    expect(jobBlocker('compare', ok)).toBeNull();
    const ended = activity('stopped', { compare: 'done', lesson: 'failed', finder: 'stopped' });
    expect(jobBlocker('lesson', { ...ok, activity: ended })).toBeNull();
  });

  it('never lets two measured jobs, or one and the main run, run at once', () => {
    const busy = (kind: JobKind, a: Activity) => jobBlocker(kind, { ...ok, activity: a });
    expect(busy('compare', activity('running'))).toEqual({ code: 'mainRunning' });
    expect(busy('compare', activity('booting'))).toEqual({ code: 'booting' });
    expect(busy('lesson', activity('idle', { compare: 'running' }))).toEqual({ code: 'compareRunning' });
    expect(busy('sweep', activity('idle', { parallel: 'running' }))).toEqual({ code: 'parallelRunning' });
    expect(busy('finder', activity('idle', { lesson: 'running' }))).toEqual({ code: 'lessonRunning' });
    expect(busy('compare', activity('idle', { sweep: 'running' }))).toEqual({ code: 'sweepRunning' });
    expect(busy('parallel', activity('idle', { finder: 'running' }))).toEqual({ code: 'finderRunning' });
    // A kind already running refuses a second start of itself too.
    expect(busy('sweep', activity('idle', { sweep: 'running' }))).toEqual({ code: 'sweepRunning' });
  });

  it('lets short jobs run beside measured ones and the main run, but never twice at once', () => {
    const a = activity('running', { lesson: 'running' });
    expect(jobBlocker('export', { ...ok, activity: a })).toBeNull();
    expect(jobBlocker('profile', { ...ok, activity: a })).toBeNull();
    expect(jobBlocker('export', { ...ok, activity: activity('idle', { export: 'running' }) })).toEqual({
      code: 'alreadyRunning',
    });
    // A short job is not refused for an unknown backend: it says so itself when it needs one.
    expect(jobBlocker('profile', { ...ok, backendInfo: null })).toBeNull();
  });

  it('waits for the backend before a measured job', () => {
    expect(jobBlocker('compare', { ...ok, backendInfo: null })).toEqual({ code: 'booting' });
  });

  it('refuses a configuration that does not fit, by name, unless the pre-flight is skipped', () => {
    const configs = [
      { id: 'a', config: A },
      { id: 'b', config: { ...A, imageSizePx: 512, batchSize: 512 } },
    ];
    expect(jobBlocker('compare', { ...ok, configs })).toMatchObject({ code: 'doesNotFit', id: 'b' });
    expect(jobBlocker('compare', { ...ok, configs, skipPreflight: true })).toBeNull();
  });
});
