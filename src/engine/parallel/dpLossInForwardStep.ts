/**
 * DataParallel with the loss inside forward: device 0 broadcasts its weights; each replica computes its
 * shard's mean loss and weight gradients in one pass and returns only the loss scalar; device 0 averages
 * the scalars into the batch loss and sends each replica dBatchLoss/dShardLoss (1/N, one scalar), which
 * the replica multiplies into its gradients before sending them; device 0 sums and steps the optimizer.
 * Outputs never travel: 4 bytes up and 4 bytes down per replica instead of s·H·W·K·4.
 */
import * as tf from '../tf';
import { shardLossAndGrads } from './lossGrads';
import {
  readOwned,
  readScalar,
  shareWeights,
  sumGradientsAndStep,
  uploadShard,
  type ReplicaContext,
  type StepInputs,
  type StrategyOutcome,
} from './replicaContext';

async function master(ctx: ReplicaContext, inputs: StepInputs): Promise<StrategyOutcome> {
  const { link } = ctx;
  const n = link.size;
  await shareWeights(ctx);
  const held: tf.Tensor[] = [];
  const shard = uploadShard(ctx, inputs.shard);
  try {
    const { loss, grads } = shardLossAndGrads(ctx, shard);
    held.push(loss, grads);
    ctx.sample();
    const shardLoss = await readScalar(loss);
    // Equal shards: the batch mean is the mean of the shard means, so dBatch/dShard = 1/N for every shard.
    const weight = 1 / n;
    let batchLossSum = shardLoss;
    for (let r = 1; r < n; r++) batchLossSum += (await link.receive(r, 'outputs'))[0] ?? Number.NaN;
    for (let r = 1; r < n; r++) link.send(r, 'output-grads', Float32Array.of(weight));
    const scaled = n > 1 ? tf.mul(grads, weight) : grads;
    if (scaled !== grads) held.push(scaled);
    await sumGradientsAndStep(ctx, scaled as tf.Tensor1D, held);
    return { shardLoss, batchLoss: batchLossSum / n };
  } finally {
    held.forEach((t) => t.dispose());
    shard.dispose();
  }
}

async function replica(ctx: ReplicaContext, inputs: StepInputs): Promise<StrategyOutcome> {
  const { link } = ctx;
  await shareWeights(ctx);
  const shard = uploadShard(ctx, inputs.shard);
  const held: tf.Tensor[] = [];
  try {
    const { loss, grads } = shardLossAndGrads(ctx, shard);
    held.push(loss, grads);
    ctx.sample();
    const shardLoss = await readScalar(loss);
    link.send(0, 'outputs', Float32Array.of(shardLoss));
    const dLoss = (await link.receive(0, 'output-grads'))[0] ?? Number.NaN;
    const scaled = tf.mul(grads, dLoss);
    held.push(scaled);
    link.send(0, 'grads', await readOwned(scaled));
    ctx.sample();
    return { shardLoss, batchLoss: null };
  } finally {
    held.forEach((t) => t.dispose());
    shard.dispose();
  }
}

export function dpLossInForwardStep(ctx: ReplicaContext, inputs: StepInputs): Promise<StrategyOutcome> {
  return ctx.rank === 0 ? master(ctx, inputs) : replica(ctx, inputs);
}
