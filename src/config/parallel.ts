/**
 * The multi-device lesson's vocabulary, declared once for the engine, the store and the UI: the three
 * strategies of the article's third lesson, the all-reduce algorithms, what travels between devices, the
 * per-step report a replica produces, the formula's expected bytes and the record of one step of a run.
 * Pure types and tables.
 */

/**
 * - `dp-gather`: nn.DataParallel. Device 0 holds the master weights, broadcasts them, gathers every
 *   replica's full output (logits), computes the loss and its gradient for all of them, scatters the
 *   output gradients, sums the weight gradients and steps the optimizer.
 * - `dp-loss-in-forward`: the same, but each replica computes its loss inside its forward pass, so only
 *   scalars travel instead of outputs (weight gradients still go to device 0).
 * - `ddp`: DistributedDataParallel. Every replica computes loss and gradients on its shard, gradients are
 *   averaged by an all-reduce between replicas, every replica applies the same optimizer step.
 */
export const PARALLEL_STRATEGIES = ['dp-gather', 'dp-loss-in-forward', 'ddp'] as const;
export type ParallelStrategy = (typeof PARALLEL_STRATEGIES)[number];

/** How ddp's all-reduce moves data: a ring (reduce-scatter + all-gather) or a binary tree (reduce + broadcast). */
export const ALL_REDUCE_ALGORITHMS = ['ring', 'tree'] as const;
export type AllReduceAlgorithm = (typeof ALL_REDUCE_ALGORITHMS)[number];

/** Replica counts the lesson supports, and steps per run. */
export const PARALLEL_LIMITS = {
  replicas: { min: 1, max: 4 },
  steps: { min: 1, max: 1000 },
} as const;

/**
 * What a message between devices carries. `outputs` and `output-grads` are the model's outputs and their
 * gradients: full logits under dp-gather, one loss scalar and its gradient under dp-loss-in-forward.
 */
export const PAYLOAD_KINDS = ['weights', 'outputs', 'output-grads', 'grads'] as const;
export type PayloadKind = (typeof PAYLOAD_KINDS)[number];

/** Bytes per payload kind. */
export type BytesByKind = Record<PayloadKind, number>;

export const zeroBytesByKind = (): BytesByKind => ({ weights: 0, outputs: 0, 'output-grads': 0, grads: 0 });

export const totalBytes = (b: BytesByKind): number => PAYLOAD_KINDS.reduce((sum, k) => sum + b[k], 0);

/** Memory of one device during one step, from tf.memory() sampled at every phase boundary. */
export interface ReplicaMemory {
  /** Highest GPU bytes held by live tensors at a phase boundary this step; null off GPU backends. */
  gpuBytesInUsePeak: number | null;
  /** GPU bytes held by live tensors once the step cleaned up; null off GPU backends. */
  gpuBytesInUseEnd: number | null;
  /** GPU bytes allocated including tfjs's reuse pool (never shrinks); null off GPU backends. */
  gpuBytesAllocated: number | null;
  /** Highest bytes of live tensors (any backend) at a phase boundary this step. */
  tensorBytesPeak: number;
  /** Live tensors once the step cleaned up (flat across steps when nothing leaks). */
  numTensors: number;
}

/** What one replica did in one step. */
export interface ReplicaStepReport {
  rank: number;
  /** 0-based index of the training batch. */
  step: number;
  /** Mean loss of this replica's shard, where it computes one (null on replicas under dp-gather). */
  shardLoss: number | null;
  /** Mean loss of the whole batch, where this replica knows it (device 0 under dp-*, null elsewhere). */
  batchLoss: number | null;
  /** Wall time of the step on this replica, ms (batch building excluded). */
  stepMs: number;
  /** Part of stepMs spent waiting for another device's message, ms. */
  waitMs: number;
  /** stepMs − waitMs: computing, reading back, uploading, summing, ms. */
  busyMs: number;
  /** Building this replica's host batch on the CPU, ms (not part of stepMs). */
  dataMs: number;
  /** Bytes this device sent to other devices this step, by kind. */
  sentBytes: BytesByKind;
  /** Bytes this device received from other devices this step, by kind. */
  receivedBytes: BytesByKind;
  memory: ReplicaMemory;
}

/** The formula's bytes for one device and step (engine/parallel/trafficFormula.ts). */
export type DeviceTraffic = Pick<ReplicaStepReport, 'sentBytes' | 'receivedBytes'>;

/** One step of a multi-device run, as the coordinator reports it. */
export interface ParallelStepRecord {
  /** Steps done, 1-based. */
  step: number;
  /** Mean loss of the whole batch (device 0's under dp-*, the mean of the shard losses under ddp). */
  loss: number;
  /** One report per device, by rank. */
  reports: ReplicaStepReport[];
  /** The formula's bytes per device, by rank (tests and the panel compare them with the reports). */
  expected: DeviceTraffic[];
}

/** Memory figure of a device in a step: GPU bytes in use at its peak where the backend has them, else live tensor bytes. */
export const deviceMemoryPeak = (r: ReplicaStepReport): number =>
  r.memory.gpuBytesInUsePeak ?? r.memory.tensorBytesPeak;
