import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { float16BitsToFloat32, float16BitsToFloat32Array, float32ToFloat16Bits } from './float16';

const hex = (n: number) => `0x${n.toString(16).padStart(4, '0')}`;

describe('float32ToFloat16Bits', () => {
  it('encodes known values', () => {
    const cases: [number, number][] = [
      [0, 0x0000],
      [-0, 0x8000],
      [1, 0x3c00],
      [-2, 0xc000],
      [0.5, 0x3800],
      [0.1, 0x2e66],
      [1 / 3, 0x3555],
      [65504, 0x7bff], // largest finite half
      [6.103515625e-5, 0x0400], // smallest normal, 2^-14
      [6.1035e-5, 0x0400], // rounds to it
      [2 ** -24, 0x0001], // smallest subnormal
      [2 ** -15, 0x0200],
      [1023 * 2 ** -24, 0x03ff], // largest subnormal
      [Infinity, 0x7c00],
      [-Infinity, 0xfc00],
      [1e6, 0x7c00],
      [-1e-10, 0x8000], // underflow keeps the sign
    ];
    for (const [x, bits] of cases) expect(hex(float32ToFloat16Bits(x)), `x = ${x}`).toBe(hex(bits));
  });

  it('encodes NaN as a quiet NaN', () => {
    expect(float32ToFloat16Bits(NaN)).toBe(0x7e00);
  });

  it('rounds to nearest, ties to even', () => {
    const ulpAt1 = 2 ** -10;
    expect(float32ToFloat16Bits(1 + ulpAt1 / 2)).toBe(0x3c00); // tie, even is down
    expect(float32ToFloat16Bits(1 + (3 * ulpAt1) / 2)).toBe(0x3c02); // tie, even is up
    expect(float32ToFloat16Bits(1 + ulpAt1 / 2 + 2 ** -30)).toBe(0x3c01); // just above the tie
    expect(float32ToFloat16Bits(1 + ulpAt1 / 2 - 2 ** -30)).toBe(0x3c00); // just below
    expect(float32ToFloat16Bits(2047.5)).toBe(float32ToFloat16Bits(2048)); // carry into the exponent
    expect(float32ToFloat16Bits(65519)).toBe(0x7bff);
    expect(float32ToFloat16Bits(65520)).toBe(0x7c00); // the tie above 65504 goes to infinity
    // Subnormal ties
    expect(float32ToFloat16Bits(2 ** -25)).toBe(0x0000); // 0.5 ulp → 0 (even)
    expect(float32ToFloat16Bits(3 * 2 ** -25)).toBe(0x0002); // 1.5 ulp → 2 (even)
    expect(float32ToFloat16Bits(5 * 2 ** -25)).toBe(0x0002); // 2.5 ulp → 2 (even)
    expect(float32ToFloat16Bits(2 ** -25 + 2 ** -40)).toBe(0x0001);
    expect(float32ToFloat16Bits(1023.5 * 2 ** -24)).toBe(0x0400); // rounds up into the normals
  });
});

describe('float16BitsToFloat32', () => {
  it('decodes known patterns', () => {
    expect(float16BitsToFloat32(0x3c00)).toBe(1);
    expect(float16BitsToFloat32(0x3800)).toBe(0.5);
    expect(float16BitsToFloat32(0x7bff)).toBe(65504);
    expect(float16BitsToFloat32(0x0400)).toBe(2 ** -14);
    expect(float16BitsToFloat32(0x0001)).toBe(2 ** -24);
    expect(float16BitsToFloat32(0x03ff)).toBe(1023 * 2 ** -24);
    expect(float16BitsToFloat32(0xc000)).toBe(-2);
    expect(Object.is(float16BitsToFloat32(0x8000), -0)).toBe(true);
    expect(float16BitsToFloat32(0x7c00)).toBe(Infinity);
    expect(float16BitsToFloat32(0xfc00)).toBe(-Infinity);
    expect(float16BitsToFloat32(0x7e00)).toBeNaN();
    expect(float16BitsToFloat32(0xfc01)).toBeNaN();
  });

  it('round-trips every half exactly (NaNs to the canonical NaN)', () => {
    const bits = new Uint16Array(65_536).map((_, i) => i);
    const values = float16BitsToFloat32Array(bits);
    const back = Uint16Array.from(values, float32ToFloat16Bits);
    let mismatches = 0;
    for (let i = 0; i < 65_536; i++) {
      const isNaN = (i & 0x7c00) === 0x7c00 && (i & 0x3ff) !== 0;
      if (back[i] !== (isNaN ? 0x7e00 : i)) mismatches++;
      if (values[i] !== float16BitsToFloat32(i) && !isNaN) mismatches++;
      if (!isNaN && values[i] !== Math.fround(values[i]!)) mismatches++; // every half is a float32
    }
    expect(mismatches).toBe(0);
  });
});

describe('conversion properties', () => {
  it('picks the nearest half for any float32 in range', () => {
    fc.assert(
      fc.property(fc.float({ min: -65504, max: 65504, noNaN: true }), (x) => {
        const bits = float32ToFloat16Bits(x);
        const y = float16BitsToFloat32(bits);
        // Neighbours of the chosen half are never strictly closer.
        const up = float16BitsToFloat32(bits + 1);
        const down = (bits & 0x7fff) === 0 ? -y : float16BitsToFloat32(bits - 1);
        const err = Math.abs(y - x);
        return err <= Math.abs(up - x) && err <= Math.abs(down - x);
      }),
      { numRuns: 5000 },
    );
  });

  it('is monotonic', () => {
    fc.assert(
      fc.property(fc.float({ noNaN: true }), fc.float({ noNaN: true }), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        return (
          float16BitsToFloat32(float32ToFloat16Bits(lo)) <= float16BitsToFloat32(float32ToFloat16Bits(hi))
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('the array version matches the scalar one', () => {
    const xs = [0, 1, -1.5, 0.1, 65504, 1e-7, -Infinity];
    const bits = Uint16Array.from(xs, float32ToFloat16Bits);
    expect(Array.from(float16BitsToFloat32Array(bits))).toEqual(Array.from(bits, float16BitsToFloat32));
  });
});
