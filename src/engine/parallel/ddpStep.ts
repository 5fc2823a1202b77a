/**
 * DistributedDataParallel, executed: every replica computes its shard's loss and weight gradients, reads
 * the gradients back, all-reduces them with the other replicas (ring or tree, replica to replica), divides
 * by N (equal shards: the mean of shard-mean gradients is the batch-mean gradient) and applies the same
 * optimizer step to its own weights. No master: every device does the same work and holds the same bytes.
 * Browsers have no GPU-to-GPU path, so gradients cross through each worker's host memory.
 */
import * as tf from '../tf';
import { allReduceSum } from './allReduce';
import { shardLossAndGrads } from './lossGrads';
import {
  applyFlatGradients,
  readOwned,
  readScalar,
  syncDevice,
  uploadShard,
  type ReplicaContext,
  type StepInputs,
  type StrategyOutcome,
} from './replicaContext';

export async function ddpStep(ctx: ReplicaContext, inputs: StepInputs): Promise<StrategyOutcome> {
  const n = ctx.link.size;
  const shard = uploadShard(ctx, inputs.shard);
  let averaged: tf.Tensor1D | null = null;
  try {
    const { loss, grads } = shardLossAndGrads(ctx, shard);
    ctx.sample();
    let host: Float32Array;
    let shardLoss: number;
    try {
      shardLoss = await readScalar(loss);
      host = await readOwned(grads);
    } finally {
      loss.dispose();
      grads.dispose();
    }
    await allReduceSum(ctx.allReduce, ctx.link, host);
    if (n > 1) for (let i = 0; i < host.length; i++) host[i] = host[i]! / n;
    averaged = tf.tensor1d(host);
    applyFlatGradients(ctx, averaged);
    await syncDevice(ctx);
    ctx.sample();
    return { shardLoss, batchLoss: n === 1 ? shardLoss : null };
  } finally {
    averaged?.dispose();
    shard.dispose();
  }
}
