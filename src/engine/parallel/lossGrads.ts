/**
 * One replica's loss and weight gradients on its shard, in one tape (forward, loss, backward).
 */
import * as tf from '../tf';
import { softmaxCrossEntropy } from '../loss';
import { flattenNamed } from './flatParams';
import type { DeviceShard, ReplicaContext } from './replicaContext';

/** Mean loss of the shard (scalar) and dLoss/dweights flat [P]. Caller disposes both. */
export function shardLossAndGrads(
  ctx: ReplicaContext,
  shard: DeviceShard,
): { loss: tf.Scalar; grads: tf.Tensor1D } {
  const vars = ctx.model.variables;
  const { value, grads } = tf.variableGrads(
    () => softmaxCrossEntropy(ctx.model.forward(shard.x), shard.labels),
    vars,
  );
  const flat = flattenNamed(vars, grads);
  for (const g of Object.values(grads)) g.dispose();
  return { loss: value, grads: flat };
}
