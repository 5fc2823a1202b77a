/**
 * Messages between the coordinator (UI thread) and a replica worker: control and reports only. Weights,
 * outputs and gradients travel between replicas over their own MessagePorts (portLink.ts), never here.
 */
import type { BackendInfo } from '../../config/backendInfo';
import type { TrainConfig } from '../../config/trainConfig';
import type {
  AllReduceAlgorithm,
  ParallelStrategy,
  ReplicaMemory,
  ReplicaStepReport,
} from '../../config/parallel';

export type ToReplica =
  /** Start the backend and the replica; `event.ports[i]` is the port to rank `peers[i]`. */
  | {
      type: 'init';
      rank: number;
      size: number;
      config: TrainConfig;
      strategy: ParallelStrategy;
      allReduce: AllReduceAlgorithm;
      peers: number[];
    }
  /** Train on batch `step` (0-based). Every replica gets the same step; they synchronise among themselves. */
  | { type: 'step'; step: number }
  /** Read this replica's weights back (after the last step, to check replicas agree). */
  | { type: 'read-weights' };

export type FromReplica =
  | { type: 'ready'; rank: number; info: BackendInfo; parameterCount: number; memory: ReplicaMemory }
  | { type: 'step-done'; rank: number; report: ReplicaStepReport }
  | { type: 'weights'; rank: number; weights: Float32Array }
  | { type: 'failed'; rank: number; message: string };
