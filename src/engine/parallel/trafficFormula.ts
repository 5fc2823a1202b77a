/**
 * Expected bytes between devices per training step, per device and payload kind, from the strategy and
 * the sizes alone — the formulas the measured counters are tested against. Pure: no tfjs.
 *
 * P = trainable parameters, O = output elements of one shard (s·H·W·K logits under dp-gather, 1 loss
 * scalar under dp-loss-in-forward), N replicas, 4 bytes per float32:
 * - dp-*: device 0 sends weights (N−1)·P·4 and output gradients (N−1)·O·4, receives outputs (N−1)·O·4 and
 *   weight gradients (N−1)·P·4; every other device the mirror image, once.
 * - ddp ring: rank r sends 4·(2P − |chunk r+1| − |chunk r+2|), receives 4·(2P − |chunk r| − |chunk r+1|).
 * - ddp tree: rank r sends P·4 to its parent and to each child, receives as many.
 */
import { ringChunkLength, treeChildren } from './allReduce';
import {
  zeroBytesByKind,
  type AllReduceAlgorithm,
  type DeviceTraffic,
  type ParallelStrategy,
} from '../../config/parallel';

const F32 = Float32Array.BYTES_PER_ELEMENT;

export interface TrafficSizes {
  replicas: number;
  /** Trainable parameters P. */
  parameterCount: number;
  /** Samples per shard s = B / N. */
  shardSize: number;
  heightPx: number;
  widthPx: number;
  numClasses: number;
}

/** Output elements one replica returns: logits under dp-gather, a scalar under the other strategies. */
function outputElementsPerReplica(strategy: ParallelStrategy, sizes: TrafficSizes): number {
  return strategy === 'dp-gather' ? sizes.shardSize * sizes.heightPx * sizes.widthPx * sizes.numClasses : 1;
}

/** Bytes of all replicas' outputs gathered on device 0 under dp-gather: B·H·W·K·4. */
export function gatheredOutputBytes(sizes: TrafficSizes): number {
  return sizes.replicas * sizes.shardSize * sizes.heightPx * sizes.widthPx * sizes.numClasses * F32;
}

function ddpTraffic(algorithm: AllReduceAlgorithm, rank: number, n: number, p: number): DeviceTraffic {
  const sentBytes = zeroBytesByKind();
  const receivedBytes = zeroBytesByKind();
  if (n > 1 && algorithm === 'ring') {
    const len = (c: number) => ringChunkLength(p, n, c);
    sentBytes.grads = F32 * (2 * p - len(rank + 1) - len(rank + 2));
    receivedBytes.grads = F32 * (2 * p - len(rank) - len(rank + 1));
  } else if (n > 1) {
    const links = treeChildren(rank, n).length + (rank === 0 ? 0 : 1);
    sentBytes.grads = links * p * F32;
    receivedBytes.grads = links * p * F32;
  }
  return { sentBytes, receivedBytes };
}

/** Expected bytes device `rank` sends and receives in one step. */
export function expectedTraffic(
  strategy: ParallelStrategy,
  algorithm: AllReduceAlgorithm,
  rank: number,
  sizes: TrafficSizes,
): DeviceTraffic {
  const n = sizes.replicas;
  const p = sizes.parameterCount;
  if (strategy === 'ddp') return ddpTraffic(algorithm, rank, n, p);
  const o = outputElementsPerReplica(strategy, sizes);
  const sentBytes = zeroBytesByKind();
  const receivedBytes = zeroBytesByKind();
  if (rank === 0) {
    sentBytes.weights = (n - 1) * p * F32;
    sentBytes['output-grads'] = (n - 1) * o * F32;
    receivedBytes.outputs = (n - 1) * o * F32;
    receivedBytes.grads = (n - 1) * p * F32;
  } else {
    receivedBytes.weights = p * F32;
    receivedBytes['output-grads'] = o * F32;
    sentBytes.outputs = o * F32;
    sentBytes.grads = p * F32;
  }
  return { sentBytes, receivedBytes };
}
