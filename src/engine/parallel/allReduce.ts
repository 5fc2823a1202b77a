/**
 * All-reduce (sum) of one float32 vector held by every rank, over a metered Link, in place: afterwards
 * every rank holds the same element-wise sum. Two algorithms:
 * - ring: reduce-scatter then all-gather over N chunks (chunk c = [⌊c·L/N⌋, ⌊(c+1)·L/N⌋), so any length
 *   works, shorter than N included); each rank sends about 2·(N−1)/N·L floats, the same on every rank.
 * - tree: binary-tree reduce to rank 0, then broadcast back down; rank 0 sends and receives the most.
 * Every rank ends with bit-identical values (each sum is computed once and copied). Pure: no tfjs.
 */
import type { Link } from './transport';
import type { AllReduceAlgorithm } from '../../config/parallel';

const mod = (a: number, n: number) => ((a % n) + n) % n;

/** Start offsets of the ring's N chunks plus the end: chunk c is [bounds[c], bounds[c+1]). */
export function ringChunkBounds(length: number, size: number): number[] {
  return Array.from({ length: size + 1 }, (_, c) => Math.floor((c * length) / size));
}

/** Elements of ring chunk `c`. */
export function ringChunkLength(length: number, size: number, c: number): number {
  const b = ringChunkBounds(length, size);
  return b[mod(c, size) + 1]! - b[mod(c, size)]!;
}

function addInto(target: Float32Array, incoming: Float32Array): void {
  if (incoming.length !== target.length) {
    throw new Error(`all-reduce chunk of ${incoming.length} floats, expected ${target.length}`);
  }
  for (let i = 0; i < target.length; i++) target[i]! += incoming[i]!;
}

async function ringAllReduce(link: Link, data: Float32Array): Promise<Float32Array> {
  const n = link.size;
  const r = link.rank;
  if (n === 1) return data;
  const bounds = ringChunkBounds(data.length, n);
  const chunk = (c: number) => data.subarray(bounds[mod(c, n)]!, bounds[mod(c, n) + 1]!);
  const next = mod(r + 1, n);
  const prev = mod(r - 1, n);
  // Reduce-scatter: after N−1 steps rank r holds the full sum of chunk r+1.
  for (let s = 0; s < n - 1; s++) {
    link.send(next, 'grads', chunk(r - s));
    addInto(chunk(r - s - 1), await link.receive(prev, 'grads'));
  }
  // All-gather: pass the finished chunks around the ring.
  for (let s = 0; s < n - 1; s++) {
    link.send(next, 'grads', chunk(r + 1 - s));
    const incoming = await link.receive(prev, 'grads');
    const target = chunk(r - s);
    if (incoming.length !== target.length) throw new Error('all-gather chunk has the wrong length');
    target.set(incoming);
  }
  return data;
}

/** Largest power of two below n (0 for n = 1). */
function topStride(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return n > 1 ? k : 0;
}

/** Ranks that send their partial sums to `rank` in the tree: rank + k for powers of two k below rank's lowest set bit. */
export function treeChildren(rank: number, size: number): number[] {
  const children: number[] = [];
  for (let k = 1; k < size; k *= 2) {
    if (rank % (2 * k) !== 0) break;
    if (rank + k < size) children.push(rank + k);
  }
  return children;
}

async function treeAllReduce(link: Link, data: Float32Array): Promise<Float32Array> {
  const n = link.size;
  const r = link.rank;
  if (n === 1) return data;
  // Reduce: at stride k, ranks ≡ 0 (mod 2k) add the partial sum of rank + k; ranks ≡ k send and stop.
  for (let k = 1; k < n; k *= 2) {
    if (r % (2 * k) === 0) {
      if (r + k < n) addInto(data, await link.receive(r + k, 'grads'));
    } else {
      link.send(r - k, 'grads', data);
      break;
    }
  }
  // Broadcast: the same tree, from the root down.
  for (let k = topStride(n); k >= 1; k /= 2) {
    if (r % (2 * k) === k) {
      const incoming = await link.receive(r - k, 'grads');
      if (incoming.length !== data.length) throw new Error('broadcast vector has the wrong length');
      data.set(incoming);
    } else if (r % (2 * k) === 0 && r + k < n) {
      link.send(r + k, 'grads', data);
    }
  }
  return data;
}

/** Sums `data` across all ranks in place with the chosen algorithm. */
export function allReduceSum(
  algorithm: AllReduceAlgorithm,
  link: Link,
  data: Float32Array,
): Promise<Float32Array> {
  return algorithm === 'ring' ? ringAllReduce(link, data) : treeAllReduce(link, data);
}
