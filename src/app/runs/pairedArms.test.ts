import { describe, expect, it } from 'vitest';
import { makeRow } from '../../../test/fixtures/testRows';
import { DEFAULT_CONFIG, type TrainConfig } from '../../config/trainConfig';
import type { TrainingWorkerHandlers } from '../spawnTrainingWorker';
import type { ToWorker } from '../trainingProtocol';
import { runPairedArms, type SpawnWorker } from './pairedArms';

const BACKEND = {
  backend: 'webgpu' as const,
  adapterDescription: 'fake',
  isSoftwareAdapter: true,
  limits: null,
  fallbackReasons: [],
  ownConvKernels: false,
};

/**
 * Fake training workers: each continues its model across starts (steps count on), trains to the absolute
 * `maxSteps` it is given, at `stepMs` per step, except the compile step (5 s) and the steps its loader
 * prefetched at each start (1 ms): timing either would spoil the ratio. Records whether two ever train at
 * once, every start, and which were terminated.
 */
function fakeWorkers(stepMsById: Record<string, number>) {
  let training = 0;
  let overlapped = false;
  const terminated: string[] = [];
  const starts: { name: string; from: number; to: number }[] = [];
  let onStart: ((name: string) => void) | null = null;
  const spawn: SpawnWorker = (name: string, _backend, handlers: TrainingWorkerHandlers) => {
    let steps = 0;
    let dead = false;
    const stepMs = stepMsById[name.replace('arm ', '')]!;
    const later = (f: () => void) => setTimeout(() => !dead && f(), 0);
    later(() => {
      handlers.onMessage({ type: 'ready', info: BACKEND });
      handlers.onMessage({ type: 'status', status: 'idle' });
    });
    return {
      postMessage: (message: ToWorker) => {
        if (message.type !== 'start') return;
        const config: TrainConfig = message.config;
        if (training > 0) overlapped = true;
        training += 1;
        starts.push({ name, from: steps, to: config.maxSteps });
        onStart?.(name);
        later(() => {
          const prefetched = config.workers * config.prefetch;
          const rows = [];
          const from = steps;
          while (steps < config.maxSteps) {
            steps += 1;
            const ms = steps === 1 ? 5000 : steps - from <= prefetched ? 1 : stepMs;
            rows.push(makeRow(steps, { stepMs: ms, batchSize: config.batchSize }));
          }
          handlers.onMessage({ type: 'telemetry', rows });
          training -= 1;
          handlers.onMessage({ type: 'status', status: 'stopped' });
        });
      },
      terminate: () => {
        dead = true;
        terminated.push(name);
      },
    } as Pick<Worker, 'postMessage' | 'terminate'>;
  };
  return {
    spawn,
    starts,
    terminated,
    overlapped: () => overlapped,
    setOnStart: (f: (name: string) => void) => (onStart = f),
  };
}

const config = (workers: number): TrainConfig => ({ ...DEFAULT_CONFIG, workers, prefetch: 2, batchSize: 4 });

describe('paired arms on fake workers', () => {
  it('alternates blocks one arm at a time, skips compile and prefetch, and finds the ratio', async () => {
    const fake = fakeWorkers({ a: 100, b: 80 });
    const result = await runPairedArms(
      [
        { id: 'a', config: config(0) },
        { id: 'b', config: config(2) },
      ],
      new AbortController().signal,
      undefined,
      {},
      fake.spawn,
    );
    expect(fake.overlapped()).toBe(false);
    expect(result.verdict.state).toBe('settled');
    expect(result.verdict.rounds).toBe(5);
    // 80 ms vs 100 ms per step: 1.25× the samples per second, in every round.
    expect(result.roundRatios.map((r) => r[1])).toEqual(Array(5).fill(expect.closeTo(1.25, 12)));
    expect(result.verdict.ratios[1]).toMatchObject({
      low: expect.closeTo(1.25, 12),
      high: expect.closeTo(1.25, 12),
    });
    // A, B, A, B…; each worker continues its own steps; b's blocks skip its 2 × 2 prefetched steps.
    expect(fake.starts.map((s) => s.name)).toEqual(Array(5).fill(['arm a', 'arm b']).flat());
    const b = fake.starts.filter((s) => s.name === 'arm b');
    expect(b.map((s) => [s.from, s.to])).toEqual([
      [0, 8],
      [8, 15],
      [15, 22],
      [22, 29],
      [29, 36],
    ]);
    expect(result.arms[1]!.blocks.every((blk) => blk.steps === 3 && blk.timedMs === 240)).toBe(true);
    expect(fake.terminated.sort()).toEqual(['arm a', 'arm b']);
  });

  it('on abort terminates every worker and rejects with an AbortError', async () => {
    const fake = fakeWorkers({ a: 100, b: 80 });
    const controller = new AbortController();
    let startsSeen = 0;
    fake.setOnStart(() => {
      startsSeen += 1;
      if (startsSeen === 3) controller.abort();
    });
    const run = runPairedArms(
      [
        { id: 'a', config: config(0) },
        { id: 'b', config: config(2) },
      ],
      controller.signal,
      undefined,
      {},
      fake.spawn,
    );
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(fake.terminated.sort()).toEqual(['arm a', 'arm b']);
    expect(fake.starts.length).toBe(3);
  });
});
