/**
 * Runs N configurations ("arms") in paired rounds (config/pairedTiming.ts): one training worker per arm,
 * each with its own tfjs engine and GPU device, kept alive for the whole measurement so that no block
 * recompiles; the arms train one at a time, never two at once, in timed blocks A, B, A, B…
 *
 * A block is one `start` of the arm's worker with an absolute `maxSteps`: the worker's session keeps the
 * trained model across Stop and continues it at the next `start` when no model-defining setting changed
 * (trainingSession.ts), and ends the run at `maxSteps` with status 'stopped'. At every `start` the session
 * restarts the loader workers, which prefetch `workers × prefetch` batches again: those steps are never
 * timed, in any block; nor is the compile step of the first block (untimedStepsOfBlock). A block's figure is
 * its last `blockSteps` steps.
 *
 * Abort (the signal): every worker is terminated at once and the promise rejects with a DOMException
 * 'AbortError'. Any failure terminates every worker too.
 */
import type { BackendInfo } from '../../config/backendInfo';
import { abortError } from '../../config/jobs';
import {
  DEFAULT_PAIRED_RULE,
  pairedVerdict,
  untimedStepsOfBlock,
  type ArmBlock,
  type PairedRule,
  type PairedVerdict,
} from '../../config/pairedTiming';
import type { TelemetryRow } from '../../config/telemetry';
import { LIMITS, type TrainConfig } from '../../config/trainConfig';
import { spawnTrainingWorker, type TrainingWorkerHandlers } from '../spawnTrainingWorker';
import type { ToWorker } from '../trainingProtocol';

export interface PairedArm {
  id: string;
  config: TrainConfig;
}

interface PairedArmRow {
  id: string;
  /** Every row the arm's worker sent, untimed steps included, in step order. */
  rows: TelemetryRow[];
  /** Its timed blocks, one per round. */
  blocks: ArmBlock[];
  /** The steps its blocks timed, in order (every other step compiled or drained a prefetch). */
  timedSteps: number[];
  backend: BackendInfo | null;
}

export interface PairedArmsResult {
  arms: PairedArmRow[];
  /** Per round, per arm: samples/s ÷ the first arm's in that round. */
  roundRatios: number[][];
  verdict: PairedVerdict;
}

export interface PairedEvents {
  onBackend?(arm: number, info: BackendInfo): void;
  /** Rows of arm `arm` as they arrive (a few times a second). */
  onRows?(arm: number, rows: readonly TelemetryRow[]): void;
  /** After each complete round. */
  onRound?(verdict: PairedVerdict): void;
}

/** Spawns a worker: spawnTrainingWorker in the app; a fake in tests. */
export type SpawnWorker = (
  name: string,
  backend: TrainConfig['backend'],
  handlers: TrainingWorkerHandlers,
) => Pick<Worker, 'postMessage' | 'terminate'>;

/** One arm's worker: waits until it is ready, then runs blocks to an absolute step. */
function armWorker(
  name: string,
  config: TrainConfig,
  spawn: SpawnWorker,
  onRows: (rows: TelemetryRow[]) => void,
) {
  let backend: BackendInfo | null = null;
  let waiting: { resolve(): void; reject(e: Error): void } | null = null;
  let failure: Error | null = null;
  let ready = false;
  const settle = (error: Error | null) => {
    if (error && !failure) failure = error;
    const w = waiting;
    waiting = null;
    if (!w) return;
    if (failure) w.reject(failure);
    else w.resolve();
  };
  const worker = spawn(name, config.backend, {
    onMessage: (m) => {
      switch (m.type) {
        case 'ready':
          backend = m.info;
          return;
        case 'status':
          if (m.status === 'idle' && !ready) {
            ready = true;
            settle(null);
          } else if (m.status === 'stopped') settle(null);
          else if (m.status === 'failed' || m.status === 'device-lost')
            settle(new Error(`${name} ${m.status}: ${m.message ?? ''}`));
          return;
        case 'telemetry':
          onRows(m.rows);
          return;
      }
    },
    onCrash: (text) => settle(new Error(`${name}'s training worker crashed: ${text}`)),
  });
  const next = () =>
    new Promise<void>((resolve, reject) => {
      if (failure) reject(failure);
      else waiting = { resolve, reject };
    });
  const readyPromise = next();
  // Awaited later, in arm order: a failure meanwhile must not count as unhandled.
  readyPromise.catch(() => undefined);
  return {
    backend: () => backend,
    ready: readyPromise,
    /** Trains until the worker's step count reaches `maxSteps`; resolves when it has stopped. */
    runTo(maxSteps: number): Promise<void> {
      const done = next();
      // Validation would cost as much as a step or more on a software adapter: only the one before step 1.
      const runConfig = { ...config, maxSteps, validateEverySteps: LIMITS.validateEverySteps.max };
      worker.postMessage({ type: 'start', config: runConfig } satisfies ToWorker);
      return done;
    },
    terminate: () => worker.terminate(),
  };
}

/** The timed block of an arm: its last `blockSteps` rows, which must be the steps up to `toStep`. */
function blockOf(rows: readonly TelemetryRow[], fromStep: number, toStep: number): ArmBlock {
  const timed = rows.filter((r) => r.step > fromStep && r.step <= toStep);
  if (timed.length !== toStep - fromStep) {
    throw new Error(`a block expected steps ${fromStep + 1}..${toStep}, got ${timed.length} of them`);
  }
  const batchSize = timed[0]?.batchSize ?? 0;
  return { steps: timed.length, batchSize, timedMs: timed.reduce((sum, r) => sum + r.stepMs, 0) };
}

/**
 * Measures `arms` in paired rounds until `rule` says settled or capped. The first arm is the baseline
 * every ratio divides by. Rejects with an AbortError on `signal`, with the failure otherwise.
 */
export async function runPairedArms(
  arms: readonly PairedArm[],
  signal: AbortSignal,
  rule: PairedRule = DEFAULT_PAIRED_RULE,
  events: PairedEvents = {},
  spawn: SpawnWorker = spawnTrainingWorker,
  nowMs: () => number = () => performance.now(),
): Promise<PairedArmsResult> {
  if (signal.aborted) throw abortError();
  const rows: TelemetryRow[][] = arms.map(() => []);
  const workers = arms.map((arm, i) =>
    armWorker(`arm ${arm.id}`, arm.config, spawn, (batch) => {
      rows[i]!.push(...batch);
      events.onRows?.(i, rows[i]!);
    }),
  );
  let aborted: (() => void) | null = null;
  const abortPromise = new Promise<never>((_, reject) => {
    aborted = () => reject(abortError());
  });
  const onAbort = () => aborted?.();
  signal.addEventListener('abort', onAbort, { once: true });
  /** Waits for `work` unless the signal fires first. */
  const guarded = <T>(work: Promise<T>): Promise<T> => Promise.race([work, abortPromise]);
  try {
    const startMs = nowMs();
    for (const [i, w] of workers.entries()) {
      await guarded(w.ready);
      const info = w.backend();
      if (info) events.onBackend?.(i, info);
    }
    const stepsDone = arms.map(() => 0);
    const timedSteps: number[][] = arms.map(() => []);
    const rounds: ArmBlock[][] = [];
    let verdict = pairedVerdict(rounds, 0, rule);
    while (verdict.state === 'measuring') {
      const round: ArmBlock[] = [];
      for (const [i, w] of workers.entries()) {
        const config = arms[i]!.config;
        const from = stepsDone[i]!;
        // The first block also compiles; every block's start refills the loader's prefetch.
        const untimed = untimedStepsOfBlock(config, from === 0);
        const timedFrom = from + untimed;
        const to = timedFrom + rule.blockSteps;
        await guarded(w.runTo(to));
        stepsDone[i] = to;
        round.push(blockOf(rows[i]!, timedFrom, to));
        for (let step = timedFrom + 1; step <= to; step++) timedSteps[i]!.push(step);
      }
      rounds.push(round);
      verdict = pairedVerdict(rounds, nowMs() - startMs, rule);
      events.onRound?.(verdict);
    }
    return {
      arms: arms.map((arm, i) => ({
        id: arm.id,
        rows: rows[i]!,
        blocks: rounds.map((r) => r[i]!),
        timedSteps: timedSteps[i]!,
        backend: workers[i]!.backend(),
      })),
      roundRatios: verdict.roundRatios,
      verdict,
    };
  } finally {
    signal.removeEventListener('abort', onAbort);
    for (const w of workers) w.terminate();
  }
}
