/**
 * nn.DataParallel, executed: device 0 broadcasts its weights; every replica runs forward on its shard and
 * sends its full logits [s, H, W, K] to device 0, which holds all of them as one [B, H, W, K] tensor,
 * computes the batch's mean loss and dLoss/dlogits, and sends each replica its slice; replicas backprop
 * with that output gradient and send their weight gradients to device 0, which sums them and steps the
 * optimizer. Device 0 keeps the gathered outputs and their gradients until the step is done, as the
 * autograd graph of nn.DataParallel holds them through backward.
 *
 * tfjs records a gradient tape only inside one synchronous call, so a replica cannot keep its forward
 * graph alive while it waits for device 0: it runs forward again inside the backward call (activation
 * recomputation, as gradient checkpointing does). The gradient of sum(logits · dy) with respect to the
 * weights, dy a constant, is exactly the vector-Jacobian product with dy.
 */
import * as tf from '../tf';
import { softmaxCrossEntropy } from '../loss';
import { flattenNamed } from './flatParams';
import {
  readOwned,
  readScalar,
  shareWeights,
  sumGradientsAndStep,
  syncDevice,
  uploadBatchLabels,
  uploadShard,
  type ReplicaContext,
  type StepInputs,
  type StrategyOutcome,
} from './replicaContext';

/** Weight gradients of one replica for output gradient dy, flat [P]. Caller disposes. */
function backwardWithOutputGrad(ctx: ReplicaContext, x: tf.Tensor4D, dy: tf.Tensor4D): tf.Tensor1D {
  const vars = ctx.model.variables;
  const { value, grads } = tf.variableGrads(
    () => tf.sum(tf.mul(ctx.model.forward(x, ctx.config.recompute), dy)) as tf.Scalar,
    vars,
  );
  value.dispose();
  const flat = flattenNamed(vars, grads);
  for (const g of Object.values(grads)) g.dispose();
  return flat;
}

async function master(ctx: ReplicaContext, inputs: StepInputs): Promise<StrategyOutcome> {
  const { link, model } = ctx;
  const n = link.size;
  if (!inputs.batch) throw new Error('device 0 needs the whole batch under dp-gather');
  await shareWeights(ctx);
  const held: tf.Tensor[] = [];
  const shard = uploadShard(ctx, inputs.shard);
  try {
    const own = model.forward(shard.x);
    ctx.sample();
    // Finish our own work before waiting, so the time split into busy and waiting is honest.
    await syncDevice(ctx);
    const parts: tf.Tensor4D[] = [own];
    for (let r = 1; r < n; r++) parts.push(tf.tensor4d(await link.receive(r, 'outputs'), own.shape));
    const gathered = tf.concat(parts, 0);
    parts.forEach((t) => t.dispose());
    held.push(gathered);
    ctx.sample();
    const labels = uploadBatchLabels(inputs.batch);
    held.push(labels.tensor);
    const { value, grad } = tf.valueAndGrad((g: tf.Tensor) => softmaxCrossEntropy(g as tf.Tensor4D, labels))(
      gathered,
    );
    held.push(value, grad);
    ctx.sample();
    const batchLoss = await readScalar(value);
    if (n > 1) {
      const dyHost = await readOwned(grad);
      const perShard = own.size;
      for (let r = 1; r < n; r++) {
        link.send(r, 'output-grads', dyHost.subarray(r * perShard, (r + 1) * perShard));
      }
    }
    const ownDy = tf.slice(grad, 0, own.shape[0]) as tf.Tensor4D;
    held.push(ownDy);
    const ownGrads = backwardWithOutputGrad(ctx, shard.x, ownDy);
    held.push(ownGrads);
    ctx.sample();
    await syncDevice(ctx);
    await sumGradientsAndStep(ctx, ownGrads, held);
    return { shardLoss: null, batchLoss };
  } finally {
    held.forEach((t) => t.dispose());
    shard.dispose();
  }
}

async function replica(ctx: ReplicaContext, inputs: StepInputs): Promise<StrategyOutcome> {
  const { link, model } = ctx;
  await shareWeights(ctx);
  const shard = uploadShard(ctx, inputs.shard);
  try {
    const logits = model.forward(shard.x);
    const shape = logits.shape;
    ctx.sample();
    const out = await readOwned(logits);
    logits.dispose();
    link.send(0, 'outputs', out);
    const dy = tf.tensor4d(await link.receive(0, 'output-grads'), shape);
    try {
      const grads = backwardWithOutputGrad(ctx, shard.x, dy);
      ctx.sample();
      const host = await readOwned(grads);
      grads.dispose();
      link.send(0, 'grads', host);
    } finally {
      dy.dispose();
    }
    ctx.sample();
    return { shardLoss: null, batchLoss: null };
  } finally {
    shard.dispose();
  }
}

export function dpGatherStep(ctx: ReplicaContext, inputs: StepInputs): Promise<StrategyOutcome> {
  return ctx.rank === 0 ? master(ctx, inputs) : replica(ctx, inputs);
}
