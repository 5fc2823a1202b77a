/**
 * Seeded randomness for the data loader: a mulberry32 stream and a `hashSeed` mixer that derives a stream
 * from (seed, sampleId, purpose). Integer math only (Math.imul, shifts) and exactly rounded IEEE operations,
 * so every engine on every machine produces the same numbers.
 */

/** Salts that keep the streams of one sample apart (rendering, augmentation, validation set, …). */
export const SEED_PURPOSE = {
  /** Drawing a sample: its shapes, colours, background and noise. */
  render: 0x5a4d_0001,
  /** Drawing a sample's augmentation parameters. */
  augment: 0x5a4d_0002,
  /** Deriving the validation set's dataset seed from the run seed. */
  validationStream: 0x5a4d_0003,
} as const;

const TWO_POW_32 = 4_294_967_296;

function mixWord(h: number, word: number): number {
  let k = Math.imul(word, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  let m = h ^ k;
  m = (m << 13) | (m >>> 19);
  return (Math.imul(m, 5) + 0xe6546b64) | 0;
}

function finalMix32(value: number): number {
  let h = value;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * Mixes integers (each taken modulo 2^64 as two 32-bit words, so sample ids above 2^32 stay distinct) into
 * one well-scrambled uint32 seed, MurmurHash3 style. Order matters: hashSeed(1, 2) ≠ hashSeed(2, 1).
 */
export function hashSeed(...values: number[]): number {
  let h = 0x9e3779b9 | 0;
  for (const value of values) {
    if (!Number.isInteger(value)) throw new Error(`hashSeed expects integers, got ${value}`);
    h = mixWord(h, value >>> 0);
    h = mixWord(h, Math.floor(value / TWO_POW_32) >>> 0);
  }
  return finalMix32(h ^ values.length);
}

/** Irwin–Hall: the sum of four uniform bytes has mean 510 and variance 4·(256² − 1)/12 = 21845. */
const IRWIN_HALL_MEAN = 510;
const IRWIN_HALL_INV_STD = 1 / Math.sqrt(21_845);

/**
 * Maps one uint32 to an approximately standard-normal value (mean 0, std 1, range ±3.45) by summing its
 * four bytes. Only +, −, × and sqrt are used, all exactly rounded, so the result is identical everywhere
 * (Math.log / Math.cos in Box–Muller are not guaranteed to be).
 */
export function normalFromUint32(u: number): number {
  const sum = (u & 0xff) + ((u >>> 8) & 0xff) + ((u >>> 16) & 0xff) + (u >>> 24);
  return (sum - IRWIN_HALL_MEAN) * IRWIN_HALL_INV_STD;
}

/** mulberry32 (Tommy Ettinger): 32-bit state, period 2^32, good enough statistics for image synthesis. */
export function createRng(seed: number) {
  let state = seed >>> 0;
  /** Uniform uint32. */
  const nextUint32 = (): number => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  };
  /** Uniform in [0, 1) with 32-bit resolution. */
  const next = (): number => nextUint32() / TWO_POW_32;
  return {
    nextUint32,
    next,
    /** Uniform integer in [minIncl, maxExcl). */
    int: (minIncl: number, maxExcl: number) => minIncl + Math.floor(next() * (maxExcl - minIncl)),
    /** Uniform real in [min, max). */
    range: (min: number, max: number) => min + next() * (max - min),
    /** True with probability p. */
    chance: (p: number) => next() < p,
    /** Approximately standard normal (see `normalFromUint32`); one uint32 per draw. */
    normal: () => normalFromUint32(nextUint32()),
  };
}

/** A deterministic random stream. */
export type Rng = ReturnType<typeof createRng>;
