/**
 * Bench driver for the multi-device lesson (issue 7, item 5): for each replica count and strategy, a short
 * run, and per device the GPU memory and the bytes moved in its last step. Memory and bytes are what this
 * records; on a software adapter every device shares the same CPU cores, so its times are no speed-up.
 */
import type { TrainConfig } from '../../config/trainConfig';
import {
  PARALLEL_STRATEGIES,
  totalBytes,
  type ParallelStepRecord,
  type ParallelStrategy,
} from '../../config/parallel';
import { startParallelRun } from './coordinator';

export interface ParallelBenchOptions {
  config: TrainConfig;
  replicaCounts?: readonly number[];
  strategies?: readonly ParallelStrategy[];
  /** Steps per run; the last one is recorded (the first includes shader compilation). */
  steps?: number;
}

export interface ParallelBenchRow {
  replicas: number;
  strategy: ParallelStrategy;
  status: 'finished' | 'stopped' | 'failed';
  message: string | null;
  /** Per device, by rank, in the last step. */
  devices: {
    rank: number;
    gpuBytesInUsePeak: number | null;
    gpuBytesAllocated: number | null;
    sentBytes: number;
    receivedBytes: number;
    outputBytesSent: number;
    busyMs: number;
    waitMs: number;
  }[];
  loss: number | null;
}

export async function runParallelBench(options: ParallelBenchOptions): Promise<ParallelBenchRow[]> {
  const { config, replicaCounts = [1, 2, 4], strategies = PARALLEL_STRATEGIES, steps = 2 } = options;
  const rows: ParallelBenchRow[] = [];
  for (const replicas of replicaCounts) {
    for (const strategy of strategies) {
      const records: ParallelStepRecord[] = [];
      const run = startParallelRun(
        { config, replicas, strategy, allReduce: 'ring', steps },
        { onStep: (record) => records.push(record) },
      );
      const outcome = await run.done;
      const record = records.at(-1);
      rows.push({
        replicas,
        strategy,
        status: outcome.status,
        message: outcome.message,
        loss: record?.loss ?? null,
        devices: (record?.reports ?? []).map((r) => ({
          rank: r.rank,
          gpuBytesInUsePeak: r.memory.gpuBytesInUsePeak,
          gpuBytesAllocated: r.memory.gpuBytesAllocated,
          sentBytes: totalBytes(r.sentBytes),
          receivedBytes: totalBytes(r.receivedBytes),
          outputBytesSent: r.sentBytes.outputs,
          busyMs: r.busyMs,
          waitMs: r.waitMs,
        })),
      });
    }
  }
  return rows;
}
