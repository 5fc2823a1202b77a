/**
 * Lesson 5's pretend GPU, proved from the pre-flight's estimate: under FIT_MEMORY_BUDGET_BYTES the batch
 * at once is refused, and the batch as FIT_MICRO_BATCHES micro-batches, with recomputation, and with both
 * fits — with tfjs's conv kernels and with BatchLab's own — while the device's own budget takes all four.
 */
import { describe, expect, it } from 'vitest';
import {
  armConfig,
  FIT_MEMORY_BUDGET_BYTES,
  FIT_MICRO_BATCHES,
  gradientCheckConfig,
  LESSONS,
  lessonConfigs,
  preflightUnderLessonBudget,
} from './lessons';
import { estimateTrainingMemory, pooledBytes } from './memoryEstimate';
import { runPreflight } from './preflight';
import { SWIFTSHADER } from '../../test/fixtures/backends';

const swiftShader = SWIFTSHADER;
const fit = LESSONS.fit;
const config = (id: string) => armConfig(fit, fit.arms.find((a) => a.id === id)!);

describe('lesson 5: the pretend GPU', () => {
  it('has a budget only where a lesson sets one', () => {
    expect(preflightUnderLessonBudget(LESSONS.bytes, LESSONS.bytes.config, swiftShader)).toBeNull();
  });

  it('runs the batch at once, as k micro-batches, with recomputation and with both', () => {
    expect(fit.memoryBudgetBytes).toBe(FIT_MEMORY_BUDGET_BYTES);
    expect(fit.arms.map((a) => a.id)).toEqual(['at-once', 'micro', 'recompute', 'both']);
    expect(config('micro').microBatches).toBe(FIT_MICRO_BATCHES);
    expect(config('micro').batchSize % FIT_MICRO_BATCHES).toBe(0);
    expect(config('recompute')).toMatchObject({ recompute: 'block', microBatches: 1 });
    expect(config('both')).toMatchObject({ recompute: 'block', microBatches: FIT_MICRO_BATCHES });
  });

  for (const ownConvKernels of [false, true]) {
    it(`refuses the batch at once and fits every other arm (own conv kernels: ${ownConvKernels})`, () => {
      const info = { ...swiftShader, ownConvKernels };
      const atOnce = preflightUnderLessonBudget(fit, config('at-once'), info)!;
      expect(atOnce.verdict).toBe('refused');
      if (atOnce.verdict !== 'refused' || atOnce.refusal.kind !== 'memory') throw new Error('not refused');
      const shortfall = atOnce.refusal.gpu!;
      expect(shortfall.budget).toEqual({
        budgetBytes: FIT_MEMORY_BUDGET_BYTES,
        pooledBytes: pooledBytes(atOnce.estimate!),
        headroom: expect.any(Number) as number,
      });
      expect(shortfall.budget!.pooledBytes).toBeGreaterThan(FIT_MEMORY_BUDGET_BYTES);
      for (const id of ['micro', 'recompute', 'both']) {
        const r = preflightUnderLessonBudget(fit, config(id), info)!;
        expect(r.verdict, id).toBe('fits');
        if (r.verdict === 'fits')
          expect(pooledBytes(r.estimate), id).toBeLessThanOrEqual(FIT_MEMORY_BUDGET_BYTES);
      }
      // The device's own budget (1 GiB on a software adapter) takes all four: only the lesson's refuses.
      for (const { id, config: c } of lessonConfigs(fit))
        expect(runPreflight(c, info).verdict, id).toBe('fits');
    });
  }

  it('gives the micro-batch arm about a quarter of the activations: the estimate the card quotes', () => {
    const once = estimateTrainingMemory(config('at-once'));
    const micro = estimateTrainingMemory(config('micro'));
    expect(micro.activationBytes).toBeCloseTo(once.activationBytes / FIT_MICRO_BATCHES, -1);
    expect(micro.totalBytes).toBeLessThan(0.6 * once.totalBytes);
  });

  it('compares gradients with plain SGD at learning rate 1, every other setting the arm’s', () => {
    expect(gradientCheckConfig(config('both'))).toEqual({
      ...config('both'),
      optimizer: 'sgd',
      learningRate: 1,
    });
  });
});
