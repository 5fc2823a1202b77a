import { describe, expect, it } from 'vitest';
import { cosTurns, sinTurns, toByte } from './detMath';
import { createRng, hashSeed, normalFromUint32 } from './random';

describe('createRng (mulberry32)', () => {
  it('matches the reference mulberry32 stream', () => {
    const r = createRng(0);
    expect([r.nextUint32(), r.nextUint32(), r.nextUint32()]).toEqual([1144304738, 1416247, 958946056]);
    const q = createRng(123456789);
    expect([q.nextUint32(), q.nextUint32()]).toEqual([1107202814, 4169434471]);
  });

  it('repeats per seed and differs between seeds', () => {
    const draw = (seed: number) => {
      const r = createRng(seed);
      return Array.from({ length: 8 }, () => r.nextUint32());
    };
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(8));
  });

  it('draws uniform values and integers in range', () => {
    const r = createRng(3);
    let sum = 0;
    const seen = new Set<number>();
    for (let i = 0; i < 20_000; i++) {
      const u = r.next();
      expect(u >= 0 && u < 1).toBe(true);
      sum += u;
      const k = r.int(2, 6);
      seen.add(k);
    }
    expect(sum / 20_000).toBeCloseTo(0.5, 1);
    expect([...seen].sort()).toEqual([2, 3, 4, 5]);
  });

  it('draws approximately standard normal values', () => {
    const r = createRng(11);
    let sum = 0;
    let sq = 0;
    const n = 50_000;
    for (let i = 0; i < n; i++) {
      const z = r.normal();
      sum += z;
      sq += z * z;
    }
    expect(Math.abs(sum / n)).toBeLessThan(0.02);
    expect(Math.sqrt(sq / n - (sum / n) ** 2)).toBeCloseTo(1, 1);
    expect(normalFromUint32(0)).toBeCloseTo(-510 / Math.sqrt(21845), 12);
    expect(normalFromUint32(0x7f7f8080)).toBe(0); // 127 + 127 + 128 + 128 = 510
  });
});

describe('hashSeed', () => {
  it('is a pure function of its ordered inputs', () => {
    expect(hashSeed(42, 0, 1)).toBe(hashSeed(42, 0, 1));
    expect(hashSeed(1, 2)).not.toBe(hashSeed(2, 1));
    expect(hashSeed(1)).not.toBe(hashSeed(1, 0));
    expect(hashSeed(5, 2 ** 32)).not.toBe(hashSeed(5, 0)); // high words count
  });

  it('pins its values (a change here changes every dataset)', () => {
    expect(hashSeed(42, 0, 1)).toBe(4161617432);
    expect(hashSeed(1, 2)).toBe(2763590906);
  });

  it('spreads neighbouring sample ids', () => {
    const seeds = new Set(Array.from({ length: 1000 }, (_, i) => hashSeed(42, i, 7)));
    expect(seeds.size).toBe(1000);
  });

  it('rejects non-integers', () => {
    expect(() => hashSeed(0.5)).toThrow();
  });
});

describe('deterministic math', () => {
  it('approximates sine and cosine within 0.0011', () => {
    for (let i = -200; i <= 200; i++) {
      const t = i / 97;
      expect(Math.abs(sinTurns(t) - Math.sin(2 * Math.PI * t))).toBeLessThan(0.0011);
      expect(Math.abs(cosTurns(t) - Math.cos(2 * Math.PI * t))).toBeLessThan(0.0011);
    }
    expect(sinTurns(0.25)).toBe(1);
    expect(sinTurns(0)).toBe(0);
  });

  it('clamps and rounds half up to a byte', () => {
    expect([-3, 0.49, 0.5, 254.5, 300].map(toByte)).toEqual([0, 0, 1, 255, 255]);
  });
});
