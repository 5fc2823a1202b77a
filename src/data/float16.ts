/**
 * IEEE 754 binary16 ("half") conversion without Float16Array (Node 20 has none): number → half bit pattern
 * with round-to-nearest-even, subnormals, ±0, ±Infinity and NaN; half bits → number; and half bits → a float32 array.
 */

const POW2_M24 = 2 ** -24; // value of one step of a subnormal half (and of the lowest mantissa bit at 2^-14)
const POW2_P24 = 2 ** 24;
const MIN_NORMAL = 2 ** -14; // 6.103515625e-5
/** Halfway between the largest half (65504) and 2^16: from here up, rounding gives Infinity. */
const OVERFLOW_THRESHOLD = 65_520;
const CANONICAL_NAN = 0x7e00;

// One shared scratch double, read as two 32-bit words, to take the exponent and mantissa bits directly.
const scratchF64 = new Float64Array(1);
const scratchU32 = new Uint32Array(scratchF64.buffer);
const HI = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0; // word holding sign + exponent
const LO = 1 - HI;

/** Rounds a non-negative real to the nearest integer, ties to even. */
function roundHalfEven(m: number): number {
  const f = Math.floor(m);
  const d = m - f;
  if (d > 0.5) return f + 1;
  if (d < 0.5) return f;
  return f + (f & 1);
}

/**
 * Half bit pattern (0–0xffff) of `x`, rounded to nearest, ties to even, directly from the double (so a
 * float32 input, which is exactly a double, converts as hardware f32→f16 does). NaN → 0x7e00 (quiet).
 */
export function float32ToFloat16Bits(x: number): number {
  if (Number.isNaN(x)) return CANONICAL_NAN;
  const sign = x < 0 || Object.is(x, -0) ? 0x8000 : 0;
  const a = Math.abs(x);
  if (a >= OVERFLOW_THRESHOLD) return sign | 0x7c00; // includes Infinity
  if (a < MIN_NORMAL) {
    // Subnormal (or zero): a / 2^-24 is exact (power-of-two scaling); rounding up to 1024 yields the smallest
    // normal, whose encoding 0x0400 is the same integer.
    return sign | roundHalfEven(a * POW2_P24);
  }
  scratchF64[0] = a;
  const hi = scratchU32[HI]!;
  const lo = scratchU32[LO]!;
  const exponent = ((hi >>> 20) & 0x7ff) - 1023; // -14..15 here
  const mantissa10 = (hi >>> 10) & 0x3ff; // top 10 of the 52 mantissa bits
  const roundBit = (hi >>> 9) & 1;
  const sticky = (hi & 0x1ff) !== 0 || lo !== 0;
  const roundUp = roundBit === 1 && (sticky || (mantissa10 & 1) === 1);
  // A carry out of the mantissa bumps the exponent, which is the correct result (and 0x7c00 cannot be
  // reached: a < 65520).
  return sign | (((exponent + 15) << 10) + mantissa10 + (roundUp ? 1 : 0));
}

/** The value of half bit pattern `bits` (low 16 bits used); exactly representable as a float32. */
export function float16BitsToFloat32(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const exponent = (bits >>> 10) & 0x1f;
  const mantissa = bits & 0x3ff;
  if (exponent === 0) return sign * mantissa * POW2_M24;
  if (exponent === 0x1f) return mantissa === 0 ? sign * Infinity : NaN;
  return sign * (1024 + mantissa) * 2 ** (exponent - 25);
}

let decodeTable: Float32Array | undefined;

/** All 65536 half values, built on first use (256 KiB). */
function halfDecodeTable(): Float32Array {
  if (decodeTable === undefined) {
    decodeTable = new Float32Array(65_536);
    for (let bits = 0; bits < 65_536; bits++) decodeTable[bits] = float16BitsToFloat32(bits);
  }
  return decodeTable;
}

/** Decodes half bit patterns to float32 values. */
export function float16BitsToFloat32Array(bits: Uint16Array): Float32Array {
  const target = new Float32Array(bits.length);
  const table = halfDecodeTable();
  for (let i = 0; i < bits.length; i++) target[i] = table[bits[i]!]!;
  return target;
}
