/**
 * The fixed validation split of a file dataset, and which pair a training sample reads. The split is a
 * seeded shuffle of the pair order with a constant seed (config/ownImages.ts), so every run on the same
 * files validates on the same pairs whatever its own seed. Training sample i reads pair
 * train[perm_e(i mod n)], with a fresh seeded permutation per epoch e = ⌊i / n⌋: every pair once per
 * epoch, the same order on every worker. Pure; no DOM.
 */
import { OWN_IMAGE_LIMITS, VALIDATION_SPLIT_SEED } from '../../config/ownImages';
import { createRng, hashSeed } from '../random';

/** Salt of the per-epoch training order (apart from the rendering and augmentation salts). */
const EPOCH_ORDER_SALT = 0x5a4d_0101;

/** Fisher–Yates shuffle of 0..n−1 with a seeded stream. */
function seededPermutation(n: number, seed: number): number[] {
  const rng = createRng(seed);
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = rng.int(0, i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

export interface Split {
  /** Pair indices used for training, in pair order. */
  train: number[];
  /** Pair indices held out, in pair order. */
  validation: number[];
}

/** Holds out ⌈fraction · n⌉ pairs (at least 1, at most validationMax); needs n ≥ 2. */
export function validationSplit(pairCount: number): Split {
  if (!Number.isInteger(pairCount) || pairCount < 2) throw new Error('a split needs at least 2 pairs');
  const { validationFraction, validationMax } = OWN_IMAGE_LIMITS;
  const held = Math.min(validationMax, pairCount - 1, Math.max(1, Math.ceil(pairCount * validationFraction)));
  const order = seededPermutation(pairCount, VALIDATION_SPLIT_SEED);
  const byIndex = (a: number, b: number) => a - b;
  return { validation: order.slice(0, held).sort(byIndex), train: order.slice(held).sort(byIndex) };
}

/** The last epoch's order, kept: a batch's samples (and the next batches) mostly share one epoch. */
let cached: { key: number; n: number; order: number[] } | null = null;

/** The pair index training sample `sampleId` reads under run seed `seed`. */
export function trainingPairOf(split: Split, seed: number, sampleId: number): number {
  const n = split.train.length;
  const epoch = Math.floor(sampleId / n);
  const key = hashSeed(seed, epoch, EPOCH_ORDER_SALT);
  if (cached?.key !== key || cached.n !== n) cached = { key, n, order: seededPermutation(n, key) };
  return split.train[cached.order[sampleId % n]!]!;
}
