import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allReduceSum, ringChunkBounds } from './allReduce';
import { expectedTraffic } from './trafficFormula';
import { meteredLink } from './transport';
import { createInProcessNetwork } from '../../../test/fixtures/inProcessRun';
import { ALL_REDUCE_ALGORITHMS, type AllReduceAlgorithm } from '../../config/parallel';

/** Runs one all-reduce over N in-process ranks; returns each rank's result and its meter. */
async function reduce(algorithm: AllReduceAlgorithm, inputs: Float32Array[]) {
  const links = createInProcessNetwork(inputs.length).map((raw) => meteredLink(raw));
  const outputs = inputs.map((v) => v.slice());
  await Promise.all(links.map((link, r) => allReduceSum(algorithm, link, outputs[r]!)));
  return { outputs, meters: links.map((l) => l.meter) };
}

/** Integer-valued floats: every partial sum is exact in float32, whatever the order. */
const integerVectors = (n: number, length: number, seed: number) =>
  Array.from({ length: n }, (_, r) =>
    Float32Array.from({ length }, (_, i) => ((i * 7919 + r * 104729 + seed * 31) % 2001) - 1000),
  );

const LENGTHS = [0, 1, 2, 3, 4, 5, 7, 8, 13, 64, 101];

describe('all-reduce', () => {
  it('splits any length into N ring chunks that cover it exactly', () => {
    for (let n = 1; n <= 4; n++) {
      for (const length of LENGTHS) {
        const b = ringChunkBounds(length, n);
        expect(b[0]).toBe(0);
        expect(b[n]).toBe(length);
        for (let c = 0; c < n; c++) expect(b[c + 1]! - b[c]!).toBeGreaterThanOrEqual(Math.floor(length / n));
      }
    }
  });

  for (const algorithm of ALL_REDUCE_ALGORITHMS) {
    it(`${algorithm}: every rank holds the exact sum, N = 1…4, any length`, async () => {
      for (let n = 1; n <= 4; n++) {
        for (const length of LENGTHS) {
          const inputs = integerVectors(n, length, length);
          const expected = Float32Array.from({ length }, (_, i) => inputs.reduce((s, v) => s + v[i]!, 0));
          const { outputs } = await reduce(algorithm, inputs);
          for (const out of outputs) expect(Array.from(out)).toEqual(Array.from(expected));
        }
      }
    });

    it(`${algorithm}: random floats sum within float32 rounding and agree bit for bit across ranks`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 1, max: 4 }),
          fc.integer({ min: 0, max: 40 }),
          fc.integer({ min: 0, max: 1000 }),
          async (n, length, seed) => {
            let s = seed + 1;
            const rand = () => ((s = (s * 16807) % 2147483647) / 2147483647) * 2 - 1;
            const inputs = Array.from({ length: n }, () => Float32Array.from({ length }, rand));
            const { outputs } = await reduce(algorithm, inputs);
            for (let i = 0; i < length; i++) {
              const exact = inputs.reduce((sum, v) => sum + v[i]!, 0);
              expect(Math.abs(outputs[0]![i]! - exact)).toBeLessThanOrEqual(4 * 2 ** -23 * n);
            }
            for (const out of outputs) expect(out).toEqual(outputs[0]);
          },
        ),
        { numRuns: 60 },
      );
    });

    it(`${algorithm}: bytes sent and received per rank match the formula`, async () => {
      for (let n = 1; n <= 4; n++) {
        for (const length of LENGTHS) {
          const { meters } = await reduce(algorithm, integerVectors(n, length, 1));
          meters.forEach((meter, rank) => {
            const expected = expectedTraffic('ddp', algorithm, rank, {
              replicas: n,
              parameterCount: length,
              shardSize: 1,
              heightPx: 1,
              widthPx: 1,
              numClasses: 1,
            });
            expect(meter.sentBytes).toEqual(expected.sentBytes);
            expect(meter.receivedBytes).toEqual(expected.receivedBytes);
          });
          const sent = meters.reduce((s, m) => s + m.sentBytes.grads, 0);
          const received = meters.reduce((s, m) => s + m.receivedBytes.grads, 0);
          expect(sent).toBe(received);
        }
      }
    });
  }

  it('ring traffic is balanced; tree traffic follows the tree (ranks 0 and 2 carry two links)', async () => {
    const length = 1000;
    const ring = await reduce('ring', integerVectors(4, length, 2));
    for (const m of ring.meters) expect(m.sentBytes.grads).toBe(2 * (3 / 4) * length * 4);
    const tree = await reduce('tree', integerVectors(4, length, 2));
    expect(tree.meters.map((m) => m.sentBytes.grads)).toEqual(
      [2, 1, 2, 1].map((links) => links * length * 4),
    );
  });
});
