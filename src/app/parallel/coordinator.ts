/**
 * Runs one data-parallel experiment in the browser: spawns N replica workers (each opens its own WebGPU
 * device), wires a MessageChannel between every pair of replicas for weights, outputs and gradients, then
 * paces the steps — "train batch i" to every replica, one report back from each — and terminates every
 * worker at the end, on stop or on failure, so their devices are released. Only control messages and
 * reports pass through this (UI) thread. Usable without the store (the bench calls it directly). The
 * caller's AbortSignal is the one way to stop a run.
 */
import type { BackendInfo } from '../../config/backendInfo';
import type { TrainConfig } from '../../config/trainConfig';
import { shardProblem } from '../../data/shardBatch';
import { expectedTraffic } from '../../engine/parallel/trafficFormula';
import type {
  AllReduceAlgorithm,
  ParallelStepRecord,
  ParallelStrategy,
  ReplicaMemory,
} from '../../config/parallel';
import { Mailbox } from '../../engine/parallel/mailbox';
import { spawnEngineWorker } from '../spawnEngineWorker';
import type { FromReplica, ToReplica } from './parallelProtocol';

export interface ParallelRunOptions {
  config: TrainConfig;
  replicas: number;
  strategy: ParallelStrategy;
  allReduce: AllReduceAlgorithm;
  steps: number;
}

export interface ParallelReady {
  backends: BackendInfo[];
  parameterCount: number;
  /** Each device's memory after building its replica, before the first step. */
  baseline: ReplicaMemory[];
}

export interface ParallelRunOutcome {
  status: 'finished' | 'stopped' | 'failed';
  message: string | null;
  stepsDone: number;
  /** FNV-1a of each replica's final weights (bytes), by rank; empty when the run failed. */
  weightDigests: string[];
}

export interface ParallelRunEvents {
  onReady?(ready: ParallelReady): void;
  onStep?(record: ParallelStepRecord): void;
}

export interface ParallelRun {
  /** Settles once every replica worker has been terminated, however the run ended. */
  readonly done: Promise<ParallelRunOutcome>;
  /** Replica workers not yet terminated. */
  liveWorkers(): number;
}

/** FNV-1a over the bytes of a float32 vector: equal digests mean bit-identical weights. */
function digestWeights(weights: Float32Array): string {
  const bytes = new Uint8Array(weights.buffer, weights.byteOffset, weights.byteLength);
  let h = 0x811c9dc5;
  for (const b of bytes) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
}

class RunFailure extends Error {}

/** Replica messages by rank; a 'failed' message fails every wait, and a message of the wrong type is a protocol error. */
class Inbox {
  private readonly mailbox = new Mailbox<FromReplica>();

  deliver(m: FromReplica): void {
    if (m.type === 'failed') this.fail(`replica ${m.rank}: ${m.message}`);
    else this.mailbox.deliver(m.rank, m);
  }

  fail(message: string): void {
    this.mailbox.fail(new RunFailure(message));
  }

  async take<T extends FromReplica['type']>(
    rank: number,
    type: T,
  ): Promise<Extract<FromReplica, { type: T }>> {
    const m = await this.mailbox.take(rank);
    if (m.type !== type) throw new RunFailure(`replica ${rank} sent ${m.type}, expected ${type}`);
    return m as Extract<FromReplica, { type: T }>;
  }
}

/**
 * Starts a run. When `signal` fires, every replica worker is terminated at once (their devices are
 * released) and the outcome says 'stopped'; without a signal the run goes to its last step.
 */
export function startParallelRun(
  options: ParallelRunOptions,
  events: ParallelRunEvents = {},
  signal?: AbortSignal,
): ParallelRun {
  const { config, replicas: n, strategy, allReduce, steps } = options;
  let stepsSeen = 0;
  const workers: Worker[] = [];
  const inbox = new Inbox();
  const terminateAll = () => {
    for (const w of workers.splice(0)) w.terminate();
  };
  const abort = () => {
    terminateAll();
    inbox.fail('stopped');
  };
  signal?.addEventListener('abort', abort, { once: true });

  async function run(): Promise<ParallelRunOutcome> {
    if (signal?.aborted) throw new RunFailure('stopped');
    const problem = shardProblem(config.batchSize, n);
    if (problem) throw new RunFailure(problem);
    if (n > 4 || n < 1) throw new RunFailure(`${n} replicas: the lesson supports 1 to 4`);
    // One MessageChannel per pair of replicas.
    const ports: { peers: number[]; ports: MessagePort[] }[] = Array.from({ length: n }, () => ({
      peers: [],
      ports: [],
    }));
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const channel = new MessageChannel();
        ports[i]!.peers.push(j);
        ports[i]!.ports.push(channel.port1);
        ports[j]!.peers.push(i);
        ports[j]!.ports.push(channel.port2);
      }
    }
    for (let rank = 0; rank < n; rank++) {
      const worker = spawnEngineWorker('replica', String(rank));
      worker.onmessage = (event: MessageEvent<FromReplica>) => inbox.deliver(event.data);
      worker.onerror = (event) => {
        event.preventDefault();
        inbox.fail(`replica ${rank} crashed: ${event.message || 'unknown error'}`);
      };
      workers.push(worker);
      const init: ToReplica = {
        type: 'init',
        rank,
        size: n,
        config,
        strategy,
        allReduce,
        peers: ports[rank]!.peers,
      };
      worker.postMessage(init, ports[rank]!.ports);
    }
    const ready = await Promise.all(workers.map((_, rank) => inbox.take(rank, 'ready')));
    const parameterCount = ready[0]!.parameterCount;
    events.onReady?.({
      backends: ready.map((r) => r.info),
      parameterCount,
      baseline: ready.map((r) => r.memory),
    });
    const sizes = {
      replicas: n,
      parameterCount,
      shardSize: config.batchSize / n,
      heightPx: config.imageSizePx,
      widthPx: config.imageSizePx,
      numClasses: config.numClasses,
    };
    const expected = Array.from({ length: n }, (_, rank) =>
      expectedTraffic(strategy, allReduce, rank, sizes),
    );
    let stepsDone = 0;
    while (stepsDone < steps && !signal?.aborted) {
      const message: ToReplica = { type: 'step', step: stepsDone };
      workers.forEach((w) => w.postMessage(message));
      const reports = (await Promise.all(workers.map((_, rank) => inbox.take(rank, 'step-done')))).map(
        (m) => m.report,
      );
      stepsDone++;
      const loss =
        strategy === 'ddp'
          ? reports.reduce((s, r) => s + (r.shardLoss ?? Number.NaN), 0) / n
          : (reports[0]!.batchLoss ?? Number.NaN);
      stepsSeen = stepsDone;
      events.onStep?.({ step: stepsDone, loss, reports, expected });
    }
    workers.forEach((w) => w.postMessage({ type: 'read-weights' } satisfies ToReplica));
    const weights = await Promise.all(workers.map((_, rank) => inbox.take(rank, 'weights')));
    return {
      status: stepsDone >= steps ? 'finished' : 'stopped',
      message: null,
      stepsDone,
      weightDigests: weights.map((w) => digestWeights(w.weights)),
    };
  }

  const done = run()
    .catch(
      (error: unknown): ParallelRunOutcome => ({
        status: signal?.aborted ? 'stopped' : 'failed',
        message: signal?.aborted ? null : error instanceof Error ? error.message : String(error),
        stepsDone: stepsSeen,
        weightDigests: [],
      }),
    )
    .finally(() => {
      signal?.removeEventListener('abort', abort);
      terminateAll();
    });

  return {
    done,
    liveWorkers: () => workers.length,
  };
}
