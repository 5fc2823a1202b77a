// BatchLab's fused kernels on real WebGPU: Dawn in a child Node process (test/dawn/runOnDawn.ts), SwiftShader
// here. The Adam and SGD updates (src/engine/fusedOptimizers.ts, src/gpu/optimizerKernels.ts) against tfjs's
// own AdamOptimizer and SGDOptimizer on the same device (test/dawn/optimizerParity.ts); the cross-entropy
// (src/gpu/crossEntropyKernels.ts) against the loss as tfjs ops compute it (test/dawn/lossParity.ts); and
// training steps with both against the step as tfjs's ops ran it.
import { beforeAll, describe, expect, it } from 'vitest';
import type { LossCase } from './dawn/lossParity';
import type { LossParity, UpdateParity } from './dawn/optimizerParity';
import { runOnDawn } from './dawn/runOnDawn';

const ENTRY = new URL('./dawn/optimizerParity.ts', import.meta.url);
type Run<T> = { results: T[]; tensorsBefore: number; tensorsAfter: number; problems: string[] };

describe('fused optimizer updates on Dawn', () => {
  let updates: Run<UpdateParity>;
  let losses: Run<LossParity>;
  let crossEntropy: { cases: LossCase[]; tensorsBefore: number; tensorsAfter: number; problems: string[] };

  beforeAll(async () => {
    updates = await runOnDawn(ENTRY, 'updates');
    losses = await runOnDawn(ENTRY, 'losses');
    crossEntropy = await runOnDawn(new URL('./dawn/lossParity.ts', import.meta.url), 'crossEntropy');
  }, 300_000);

  it("equal tfjs's Adam and SGD within 1e-6 on random variables over 10 updates, with the same state bytes", () => {
    expect(updates.problems).toEqual([]);
    expect(updates.results.map((r) => r.optimizer)).toEqual(['adam', 'sgd']);
    for (const r of updates.results) {
      expect(r.maxAbsDiffPerUpdate, r.optimizer).toHaveLength(10);
      for (const d of r.maxAbsDiffPerUpdate) expect(d, r.optimizer).toBeLessThanOrEqual(1e-6);
      expect(r.maxMove, r.optimizer).toBeGreaterThan(0.01); // the variables did move
      expect(r.stateBytes.fused, r.optimizer).toBe(r.stateBytes.tfjs);
    }
    // Adam's state: two moments per element of the 5 variables (3·3·5·8 + 1·1·8·3 + 8 + 7 + 2·3·5) and β1ᵗ, β2ᵗ.
    expect(updates.results[0]!.stateBytes.fused).toBe((2 * (360 + 24 + 8 + 7 + 30) + 2) * 4);
    expect(updates.results[1]!.stateBytes.fused).toBe(0);
    expect(updates.tensorsAfter).toBe(updates.tensorsBefore);
  });

  it('run two fused kernels per variable for Adam and one for SGD, and none of tfjs’s elementwise ones', () => {
    const [adam, sgd] = updates.results;
    expect(adam!.kernels.fused).toEqual({ BatchLabAdamMoments: 5, BatchLabAdamWeights: 5 });
    expect(sgd!.kernels.fused).toEqual({ BatchLabSgdUpdate: 5 });
    // tfjs's Adam: 14 elementwise kernels per variable and 4 for the β powers.
    const total = (k: Record<string, number>) => Object.values(k).reduce((a, b) => a + b, 0);
    expect(total(adam!.kernels.tfjs)).toBe(14 * 5 + 4);
  });

  it('give the cross-entropy and its gradient of tfjs’s ops within 1e-6 in fewer kernels', () => {
    expect(crossEntropy.problems).toEqual([]);
    expect(crossEntropy.cases).toHaveLength(3);
    for (const c of crossEntropy.cases) {
      const label = JSON.stringify(c);
      expect(c.valueDiff, label).toBeLessThanOrEqual(1e-6);
      expect(c.gradientRelative, label).toBeLessThanOrEqual(1e-6);
      // The ops' chain (max-pool, exp, avg-pool, log, mean…) becomes one kernel and a mean, one backward.
      expect(c.kernels.fused, label).toBeLessThan(c.kernels.ops);
    }
    expect(crossEntropy.tensorsAfter).toBe(crossEntropy.tensorsBefore);
  });

  it('train (fused update and loss) to the losses of the step on tfjs’s ops within 1e-6 over 20 steps, with a flat tensor count', () => {
    expect(losses.problems).toEqual([]);
    for (const r of losses.results) {
      expect(r.fusedLosses, r.optimizer).toHaveLength(20);
      for (let i = 0; i < 20; i++) {
        expect(
          Math.abs(r.fusedLosses[i]! - r.tfjsLosses[i]!),
          `${r.optimizer} step ${i + 1}`,
        ).toBeLessThanOrEqual(1e-6);
      }
      expect(r.fusedLosses[19]!, r.optimizer).toBeLessThan(r.fusedLosses[0]!);
      expect(new Set(r.tensorsAfterSteps).size, r.optimizer).toBe(1);
      expect(r.kernelsPerStep.fused, r.optimizer).toBeLessThan(r.kernelsPerStep.tfjs);
    }
    expect(losses.tensorsAfter).toBe(losses.tensorsBefore);
  });
});
