/**
 * One replica's loss and weight gradients on its shard, in one tape (forward, loss, backward) per
 * micro-batch: with k = config.microBatches > 1 the shard runs as k equal parts (fewer when the shard is
 * smaller than k or does not split into k), each differentiated on
 * loss ÷ k, their gradients summed (the trainer's gradient accumulation; the shard itself stays uploaded).
 * The forward recomputes its blocks when config.recompute asks.
 */
import * as tf from '../tf';
import { softmaxCrossEntropy, type DeviceLabels } from '../loss';
import { flattenNamed } from './flatParams';
import type { DeviceShard, ReplicaContext } from './replicaContext';

/** Mean loss of the shard (scalar) and dLoss/dweights flat [P]. Caller disposes both. */
export function shardLossAndGrads(
  ctx: ReplicaContext,
  shard: DeviceShard,
): { loss: tf.Scalar; grads: tf.Tensor1D } {
  const vars = ctx.model.variables;
  const { microBatches, recompute } = ctx.config;
  // A shard of B/N samples may not split into k (B does): then into the largest count that divides both.
  let k: number = microBatches;
  while (shard.x.shape[0] % k !== 0) k /= 2;
  // Samples are contiguous along the first axis of the images and of every label layout.
  const xs = k === 1 ? [shard.x] : (tf.split(shard.x, k, 0) as tf.Tensor4D[]);
  const ls = k === 1 ? [shard.labels.tensor] : tf.split(shard.labels.tensor, k, 0);
  let loss: tf.Scalar | null = null;
  let flat: tf.Tensor1D | null = null;
  xs.forEach((x, i) => {
    const { value, grads } = tf.variableGrads(() => {
      const mean = softmaxCrossEntropy(ctx.model.forward(x, recompute), {
        ...shard.labels,
        tensor: ls[i]!,
      } as DeviceLabels);
      return k === 1 ? mean : (tf.div(mean, k) as tf.Scalar);
    }, vars);
    const part = flattenNamed(vars, grads);
    for (const g of Object.values(grads)) g.dispose();
    const [lossBefore, flatBefore] = [loss, flat];
    loss = lossBefore ? (tf.add(lossBefore, value) as tf.Scalar) : value;
    flat = flatBefore ? (tf.add(flatBefore, part) as tf.Tensor1D) : part;
    if (lossBefore) tf.dispose([lossBefore, value]);
    if (flatBefore) tf.dispose([flatBefore, part]);
  });
  if (k > 1) tf.dispose([...xs, ...ls]);
  return { loss: loss!, grads: flat! };
}
