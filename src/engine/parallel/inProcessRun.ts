/**
 * N replicas in one thread, wired by in-process queues: the strategies' own code, with the transport
 * swapped, so tests (and Node experiments on the cpu backend) can check what the browser runs across
 * workers. All replicas share the one tfjs engine here, so memory figures are not per device.
 */
import type { TrainConfig } from '../../config/trainConfig';
import { buildHostBatch } from '../../data/buildBatch';
import { shardHostBatch } from '../../data/shardBatch';
import type { BackendName } from '../backend';
import { createReplica, needsWholeBatch, type Replica } from './replica';
import { createInProcessNetwork, meteredLink } from './transport';
import type { AllReduceAlgorithm, ParallelStrategy, ReplicaStepReport } from '../../config/parallel';

export interface InProcessRunOptions {
  config: TrainConfig;
  backend: BackendName;
  replicas: number;
  strategy: ParallelStrategy;
  allReduce: AllReduceAlgorithm;
  steps: number;
}

export interface InProcessRunResult {
  /** reports[step][rank]. */
  reports: ReplicaStepReport[][];
  /** Each replica's weights after the last step, flat. */
  weights: Float32Array[];
  parameterCount: number;
}

/** Trains `steps` batches (0 … steps−1 of the config's stream) and disposes the replicas. */
export async function runInProcess(options: InProcessRunOptions): Promise<InProcessRunResult> {
  const { config, backend, replicas: n, strategy, allReduce, steps } = options;
  const links = createInProcessNetwork(n).map((raw) => meteredLink(raw));
  const replicas: Replica[] = Array.from({ length: n }, (_, rank) =>
    createReplica({ config, backend, rank, size: n, strategy, allReduce }),
  );
  try {
    const reports: ReplicaStepReport[][] = [];
    for (let i = 0; i < steps; i++) {
      const batch = buildHostBatch(config, i);
      const shards = shardHostBatch(batch, n);
      reports.push(
        await Promise.all(
          replicas.map((r) =>
            r.step(links[r.rank]!, {
              shard: shards[r.rank]!,
              batch: needsWholeBatch(strategy, r.rank) ? batch : null,
            }),
          ),
        ),
      );
    }
    const weights = await Promise.all(replicas.map((r) => r.readWeights()));
    return { reports, weights, parameterCount: replicas[0]!.parameterCount };
  } finally {
    replicas.forEach((r) => r.dispose());
  }
}
