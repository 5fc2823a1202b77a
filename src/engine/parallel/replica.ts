/**
 * One data-parallel replica: its own U-Net copy (built from the run's seed, so every replica starts from
 * the same weights, as DDP's initial broadcast ensures), Normalize layer and — where its strategy steps
 * one — optimizer, and a step() that runs the strategy over a metered Link and reports time, bytes and
 * memory. The transport is the caller's: in-process queues in tests, MessagePorts between workers in the
 * browser. A factory, not module state; dispose() frees everything, optimizer slots included.
 */
import type { TrainConfig } from '../../config/trainConfig';
import { currentWebGpuDevice, type BackendName } from '../backend';
import { withGpuErrorScopes } from '../gpuErrorScope';
import { readMemory } from '../memoryReadout';
import { createNormalizeLayer } from '../normalizeLayer';
import { makeOptimizer } from '../optimizer';
import { NonFiniteLossError } from '../trainer';
import { createUNetForConfig } from '../unet';
import { ddpStep } from './ddpStep';
import { dpGatherStep } from './dpGatherStep';
import { dpLossInForwardStep } from './dpLossInForwardStep';
import { assignFlat, parameterCountOf, readFlat } from './flatParams';
import { releasePendingBuffers } from './releasePending';
import type { ReplicaContext, StepInputs, StrategyStep } from './replicaContext';
import { resetTrafficMeter, type Link } from './transport';
import type {
  AllReduceAlgorithm,
  ParallelStrategy,
  ReplicaMemory,
  ReplicaStepReport,
} from '../../config/parallel';

export interface ReplicaOptions {
  config: TrainConfig;
  backend: BackendName;
  rank: number;
  size: number;
  strategy: ParallelStrategy;
  allReduce: AllReduceAlgorithm;
}

export interface Replica {
  readonly rank: number;
  readonly parameterCount: number;
  /** Steps taken so far. */
  readonly steps: number;
  /** One training step over `link`; `dataMs` is the time the caller spent building `inputs`. */
  step(link: Link, inputs: StepInputs, dataMs?: number): Promise<ReplicaStepReport>;
  readWeights(): Promise<Float32Array>;
  setWeights(flat: Float32Array): void;
  dispose(): void;
}

const STEPS: Record<ParallelStrategy, StrategyStep> = {
  'dp-gather': dpGatherStep,
  'dp-loss-in-forward': dpLossInForwardStep,
  ddp: ddpStep,
};

/** Whether replica `rank` steps an optimizer under `strategy` (device 0 only, except under ddp). */
function holdsOptimizer(strategy: ParallelStrategy, rank: number): boolean {
  return strategy === 'ddp' || rank === 0;
}

/** Whether replica `rank` needs the whole batch (its labels) besides its shard. */
export function needsWholeBatch(strategy: ParallelStrategy, rank: number): boolean {
  return strategy === 'dp-gather' && rank === 0;
}

/**
 * Peak-tracking tf.memory() sampler for one step. Each sample first releases buffers of tensors already
 * disposed (see releasePending.ts), so in-use bytes are those of live tensors; transients inside one
 * tape show in the pool (allocated) figure instead.
 */
function createMemorySampler() {
  let gpuPeak: number | null = null;
  let tensorPeak = 0;
  return {
    reset() {
      gpuPeak = null;
      tensorPeak = 0;
    },
    sample() {
      releasePendingBuffers();
      const m = readMemory();
      if (m.gpuBytesInUse !== null) gpuPeak = Math.max(gpuPeak ?? 0, m.gpuBytesInUse);
      tensorPeak = Math.max(tensorPeak, m.tensorBytes);
    },
    finish(): ReplicaMemory {
      releasePendingBuffers();
      const m = readMemory();
      return {
        gpuBytesInUsePeak: gpuPeak,
        gpuBytesInUseEnd: m.gpuBytesInUse,
        gpuBytesAllocated: m.gpuBytesAllocated,
        tensorBytesPeak: tensorPeak,
        numTensors: m.numTensors,
      };
    },
  };
}

export function createReplica(options: ReplicaOptions): Replica {
  const { config, backend, rank, size, strategy, allReduce } = options;
  if (!Number.isInteger(rank) || rank < 0 || rank >= size) throw new Error(`bad replica rank ${rank}`);
  const model = createUNetForConfig(config);
  const normalize = createNormalizeLayer(config.mean255, config.std255);
  const optimizer = holdsOptimizer(strategy, rank) ? makeOptimizer(config, false) : null;
  const memory = createMemorySampler();
  const run = STEPS[strategy];
  let steps = 0;
  let disposed = false;

  async function step(link: Link, inputs: StepInputs, dataMs = 0): Promise<ReplicaStepReport> {
    if (disposed) throw new Error('replica was disposed');
    if (link.rank !== rank || link.size !== size) throw new Error('link does not belong to this replica');
    if (needsWholeBatch(strategy, rank) && !inputs.batch)
      throw new Error('this replica needs the whole batch');
    resetTrafficMeter(link.meter);
    memory.reset();
    const ctx: ReplicaContext = {
      config,
      backend,
      rank,
      size,
      model,
      normalize,
      optimizer,
      allReduce,
      link,
      sample: memory.sample,
    };
    const t0 = performance.now();
    ctx.sample();
    const outcome = await withGpuErrorScopes(currentWebGpuDevice(), () => run(ctx, inputs));
    const stepMs = performance.now() - t0;
    const stepIndex = steps++;
    for (const loss of [outcome.shardLoss, outcome.batchLoss]) {
      if (loss !== null && !Number.isFinite(loss)) throw new NonFiniteLossError(steps, loss);
    }
    const waitMs = link.meter.waitMs;
    return {
      rank,
      step: stepIndex,
      shardLoss: outcome.shardLoss,
      batchLoss: outcome.batchLoss,
      stepMs,
      waitMs,
      busyMs: Math.max(0, stepMs - waitMs),
      dataMs,
      sentBytes: { ...link.meter.sentBytes },
      receivedBytes: { ...link.meter.receivedBytes },
      memory: memory.finish(),
    };
  }

  return {
    rank,
    parameterCount: parameterCountOf(model.variables),
    get steps() {
      return steps;
    },
    step,
    readWeights: () => readFlat(model.variables),
    setWeights: (flat) => assignFlat(model.variables, flat),
    dispose: () => {
      if (disposed) return;
      disposed = true;
      model.dispose();
      optimizer?.dispose();
      normalize.dispose();
    },
  };
}
