/**
 * The lesson job over scripted workers: arms and strategies run in order into the lesson store, Stop (the
 * job's signal) reaches the running arm or the several-GPU coordinator and nothing after it starts, a
 * failure keeps its own words, and moving to another lesson clears a run that did not finish.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { abortError } from '../../config/jobs';
import { armConfig, FIT_MEMORY_BUDGET_BYTES, gradientCheckConfig, LESSONS } from '../../config/lessons';
import type { TrainConfig } from '../../config/trainConfig';
import type { ParallelStepRecord } from '../../config/parallel';
import { emptyLessonRun, useLessonStore } from '../../state/lessonStore';
import { useAppStore } from '../../state/store';
import type { ParallelRunOutcome } from '../parallel/coordinator';
import { runJob, stopJob } from './runJob';
import { lessonJob } from './lessonJob';
import { TEST_BACKEND, idleJobs } from '../../../test/fixtures/jobStore';

/** How each scripted call behaves; a test sets these before running the job. */
const script = {
  /** Arms (by name) that wait for Stop instead of finishing. */
  armWaits: new Set<string>(),
  armFails: new Set<string>(),
  /** Strategies that step once, then wait for their signal (the coordinator's stop) instead of finishing. */
  strategyWaits: new Set<string>(),
  /** The same-gradients check waits for Stop instead of answering. */
  compareWaits: false,
};
const calls = {
  arms: [] as string[],
  pairs: [] as string[][],
  strategies: [] as string[],
  signals: [] as (AbortSignal | undefined)[],
  compared: [] as { reference: TrainConfig; others: TrainConfig[] }[],
};

vi.mock('../runs/armRunner', () => ({
  runArm: (name: string, _config: unknown, _rule: unknown, signal: AbortSignal) => {
    calls.arms.push(name);
    if (script.armFails.has(name)) return Promise.reject(new Error(`${name} lost its GPU device: test`));
    if (script.armWaits.has(name))
      return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(abortError())));
    const verdict = { state: 'stable', firstTimedStep: 2, timedSteps: 6 };
    return Promise.resolve({ rows: [], verdict, profile: null });
  },
}));

vi.mock('../runs/pairedArms', () => ({
  runPairedArms: (arms: { id: string }[], signal: AbortSignal) => {
    calls.pairs.push(arms.map((a) => a.id));
    if (script.armWaits.has(arms[0]!.id))
      return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(abortError())));
    const interval = (median: number) => ({ median, low: median, high: median, coverage: 0.97, rounds: 6 });
    const verdict = { state: 'settled', rounds: 6, ratios: [interval(1), interval(1.5)], roundRatios: [] };
    return Promise.resolve({
      arms: arms.map((a) => ({ id: a.id, rows: [], blocks: [], timedSteps: [4, 5, 6], backend: null })),
      roundRatios: [],
      verdict,
    });
  },
}));

vi.mock('../askEngineWorker', () => ({
  askEngineWorker: (
    role: string,
    _label: string,
    { reference, others }: { reference: TrainConfig; others: TrainConfig[] },
    signal: AbortSignal,
  ) => {
    if (role !== 'gradients') throw new Error(`unexpected ${role} worker`);
    calls.compared.push({ reference, others });
    if (script.compareWaits)
      return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(abortError())));
    return Promise.resolve({
      type: 'done',
      differences: others.map((_, i) => ({
        maxWeightDifference: i * 1e-8,
        relativeUpdateDifference: i * 2e-8,
      })),
    });
  },
}));

vi.mock('../parallel/coordinator', () => ({
  startParallelRun: (
    options: { strategy: string },
    events: { onStep?(record: ParallelStepRecord): void },
    signal?: AbortSignal,
  ) => {
    calls.strategies.push(options.strategy);
    calls.signals.push(signal);
    events.onStep?.({ step: 1, loss: 1, reports: [], expected: [] });
    const outcome = (status: ParallelRunOutcome['status']): ParallelRunOutcome => ({
      status,
      message: null,
      stepsDone: 1,
      weightDigests: [],
    });
    const done = script.strategyWaits.has(options.strategy)
      ? new Promise<ParallelRunOutcome>((resolve) =>
          // Like the coordinator: a stop finishes the step in flight and resolves, it does not reject.
          signal?.addEventListener('abort', () => resolve(outcome('stopped'))),
        )
      : Promise.resolve(outcome('finished'));
    return { done, stop: () => undefined, liveWorkers: () => 0 };
  },
}));

const INFO = TEST_BACKEND;

beforeEach(() => {
  useAppStore.setState({
    status: 'idle',
    backendInfo: INFO,
    skipPreflight: true,
    jobs: idleJobs(),
  });
  useLessonStore.setState({
    activeLesson: null,
    runs: {
      bytes: emptyLessonRun(),
      loaders: emptyLessonRun(),
      gpus: emptyLessonRun(),
      fit: emptyLessonRun(),
    },
  });
  script.armWaits.clear();
  script.armFails.clear();
  script.strategyWaits.clear();
  script.compareWaits = false;
  calls.compared = [];
  calls.arms = [];
  calls.pairs = [];
  calls.strategies = [];
  calls.signals = [];
});

const lesson = (id: 'bytes' | 'loaders' | 'gpus' | 'fit') => useLessonStore.getState().runs[id];
const job = () => useAppStore.getState().jobs.lesson;

describe('lessonJob', () => {
  it('trains every arm in order, then marks the lesson finished', async () => {
    expect(await runJob('lesson', lessonJob, 'bytes')).toBe('done');
    expect(calls.arms).toEqual(LESSONS.bytes.arms.map((a) => `lesson-bytes-${a.id}`));
    const run = lesson('bytes');
    expect(run.arms.every((a) => a.finished)).toBe(true);
    expect(run.finishedAt).not.toBeNull();
    expect(run.activeArm).toBeNull();
    expect(useLessonStore.getState().activeLesson).toBe('bytes');
  });

  it('under the pretend GPU records the refused arm’s figures without training it, then compares one step of each other arm with it', async () => {
    expect(await runJob('lesson', lessonJob, 'fit')).toBe('done');
    const fit = LESSONS.fit;
    expect(calls.arms).toEqual(['lesson-fit-micro', 'lesson-fit-recompute', 'lesson-fit-both']);
    const [atOnce, ...trained] = lesson('fit').arms;
    expect(atOnce!.id).toBe('at-once');
    expect(atOnce!.rows).toEqual([]);
    expect(atOnce!.finished).toBe(true);
    expect(atOnce!.refusal!.budget!.budgetBytes).toBe(FIT_MEMORY_BUDGET_BYTES);
    expect(atOnce!.refusal!.budget!.pooledBytes).toBeGreaterThan(FIT_MEMORY_BUDGET_BYTES);
    expect(trained.every((a) => a.refusal === null)).toBe(true);
    // One request: the batch at once as the reference, the others in order, all as SGD at learning rate 1.
    expect(calls.compared).toEqual([
      {
        reference: gradientCheckConfig(armConfig(fit, fit.arms[0]!)),
        others: fit.arms.slice(1).map((a) => gradientCheckConfig(armConfig(fit, a))),
      },
    ]);
    expect(atOnce!.sameGradients).toBeNull();
    expect(trained.map((a) => a.sameGradients?.relativeUpdateDifference)).toEqual([0, 2e-8, 4e-8]);
    expect(lesson('fit').checkingGradients).toBe(false);
    expect(lesson('fit').finishedAt).not.toBeNull();
  });

  it('Stop during the same-gradients check ends it; the lesson does not finish', async () => {
    script.compareWaits = true;
    const ended = runJob('lesson', lessonJob, 'fit');
    await vi.waitFor(() => expect(calls.compared).toHaveLength(1));
    expect(lesson('fit').checkingGradients).toBe(true);
    stopJob('lesson');
    expect(await ended).toBe('stopped');
    expect(lesson('fit').checkingGradients).toBe(false);
    expect(lesson('fit').finishedAt).toBeNull();
  });

  it('runs the three strategies with the job’s signal, one record each', async () => {
    expect(await runJob('lesson', lessonJob, 'gpus')).toBe('done');
    expect(calls.strategies).toEqual(['dp-gather', 'dp-loss-in-forward', 'ddp']);
    expect(calls.signals.every((s) => s instanceof AbortSignal)).toBe(true);
    expect(Object.keys(lesson('gpus').strategies)).toEqual(['dp-gather', 'dp-loss-in-forward', 'ddp']);
    expect(lesson('gpus').activeStrategy).toBeNull();
  });

  it('Stop ends the several-GPU lesson through the coordinator’s signal; no later strategy starts', async () => {
    script.strategyWaits.add('dp-gather');
    const ended = runJob('lesson', lessonJob, 'gpus');
    await vi.waitFor(() => expect(calls.strategies).toEqual(['dp-gather']));
    stopJob('lesson');
    expect(await ended).toBe('stopped');
    expect(job().message).toEqual({ code: 'stopped' });
    expect(calls.strategies).toEqual(['dp-gather']);
    expect(lesson('gpus').finishedAt).toBeNull();
    expect(lesson('gpus').activeStrategy).toBeNull();
  });

  it('Stop ends the running arm; the next arm never starts', async () => {
    const [first] = LESSONS.bytes.arms;
    script.armWaits.add(`lesson-bytes-${first!.id}`);
    const ended = runJob('lesson', lessonJob, 'bytes');
    await vi.waitFor(() => expect(calls.arms).toHaveLength(1));
    stopJob('lesson');
    expect(await ended).toBe('stopped');
    expect(calls.arms).toEqual([`lesson-bytes-${first!.id}`]);
    expect(lesson('bytes').activeArm).toBeNull();
  });

  it('measures paired arms in paired rounds, pair by pair, and keeps each pair’s verdict', async () => {
    expect(await runJob('lesson', lessonJob, 'loaders')).toBe('done');
    const pairIds = [...new Set(LESSONS.loaders.arms.map((a) => a.pair))];
    expect(calls.pairs).toEqual(
      pairIds.map((pair) => LESSONS.loaders.arms.filter((a) => a.pair === pair).map((a) => a.id)),
    );
    expect(calls.arms).toEqual([]);
    expect(Object.keys(lesson('loaders').pairs).sort()).toEqual([...pairIds].sort());
    expect(lesson('loaders').pairs.storage!.ratios[1]!.median).toBe(1.5);
    expect(lesson('loaders').arms.every((a) => a.finished && a.timedSteps?.length === 3)).toBe(true);
  });

  it('Stop ends a paired measurement; the next pair never starts', async () => {
    const [first] = LESSONS.loaders.arms;
    script.armWaits.add(first!.id);
    const ended = runJob('lesson', lessonJob, 'loaders');
    await vi.waitFor(() => expect(calls.pairs).toHaveLength(1));
    stopJob('lesson');
    expect(await ended).toBe('stopped');
    expect(calls.pairs).toHaveLength(1);
    expect(lesson('loaders').finishedAt).toBeNull();
  });

  it('a failed arm fails the lesson with its own words', async () => {
    const [, second] = LESSONS.bytes.arms;
    script.armFails.add(`lesson-bytes-${second!.id}`);
    expect(await runJob('lesson', lessonJob, 'bytes')).toBe('failed');
    expect(job().message).toEqual({
      code: 'failed',
      detail: `lesson-bytes-${second!.id} lost its GPU device: test`,
    });
    expect(lesson('bytes').finishedAt).toBeNull();
  });

  it('moving to another lesson clears a run that did not finish and keeps one that did', async () => {
    await runJob('lesson', lessonJob, 'loaders');
    script.strategyWaits.add('dp-gather');
    const stopped = runJob('lesson', lessonJob, 'gpus');
    await vi.waitFor(() => expect(calls.strategies).toHaveLength(1));
    stopJob('lesson');
    await stopped;
    expect(Object.keys(lesson('gpus').strategies)).toHaveLength(1);
    await runJob('lesson', lessonJob, 'bytes');
    expect(lesson('gpus')).toEqual(emptyLessonRun());
    expect(lesson('loaders').finishedAt).not.toBeNull();
    expect(lesson('loaders').arms.length).toBe(LESSONS.loaders.arms.length);
  });
});
