/**
 * Case k: BatchLab's fused kernels (the optimizer update, src/engine/fusedOptimizers.ts, and the loss,
 * src/gpu/crossEntropyKernels.ts) against the step on tfjs's ops (its optimizer, the loss as ops), in the
 * same trainer at the bench's training config (BatchLab's default model): kernels per step (the count every
 * step reports, src/engine/kernelCounter.ts) and samples/s, the two arms' steps interleaved in one run, and
 * their losses compared step by step (same weights, batches and arithmetic, so they must agree). Off webgpu
 * both arms run tfjs's ops and the case says so. No DOM.
 */
import { createTrainer } from '../../engine/trainer';
import type { BenchContext } from '../benchContext';
import { goalRatio, type CaseBody } from '../benchTypes';
import { buildStepBatches, timeStepsInterleaved, type StepFigure } from '../stepTiming';
import { round } from '../timing';

export async function runFusedUpdate(ctx: BenchContext): Promise<CaseBody> {
  const config = ctx.plan.train;
  const batches = buildStepBatches(config);
  ctx.log('k: trainer.step with the fused kernels and on tfjs’s ops, interleaved');
  const fused = createTrainer(config, ctx.backend);
  const today = createTrainer(config, ctx.backend, { fused: false });
  const kernels = { fused: 0, today: 0 };
  const [f, t] = await timeStepsInterleaved(ctx.plan.reps, batches, [
    async (b) => {
      const r = await fused.step(b);
      kernels.fused = r.kernels;
      return r.loss;
    },
    async (b) => {
      const r = await today.step(b);
      kernels.today = r.kernels;
      return r.loss;
    },
  ]).finally(() => {
    fused.dispose();
    today.dispose();
  });
  if (!f || !t) throw new Error('missing step figures');
  const row = (label: string, figure: StepFigure, count: number) => ({
    update: label,
    kernelsPerStep: count,
    medianMs: round(figure.timing.medianMs),
    samplesPerSec: round(figure.samplesPerSec),
  });
  const lossGap = Math.max(...f.losses.map((l, i) => Math.abs(l - (t.losses[i] ?? Number.NaN))));
  return {
    title: `fused update and loss vs tfjs's ops (${ctx.backend}, ${config.imageSizePx} px, batch ${config.batchSize}, ${config.optimizer})`,
    columns: [
      { key: 'update', label: 'optimizer update and loss' },
      { key: 'kernelsPerStep', label: 'kernels/step' },
      { key: 'medianMs', label: 'median ms/step' },
      { key: 'samplesPerSec', label: 'samples/s' },
    ],
    rows: [row('fused (BatchLab WGSL)', f, kernels.fused), row("tfjs's ops (today)", t, kernels.today)],
    ratios: [
      goalRatio('kernels per step, today ÷ fused', kernels.today / kernels.fused, '≥', '2.5'),
      goalRatio('step samples/s, fused ÷ today', f.samplesPerSec / t.samplesPerSec, '≥', '1.0'),
      goalRatio('largest |loss gap| fused vs today', lossGap, '≤', '1e-6'),
    ],
    notes: [
      `median of ${ctx.plan.reps.reps} steps after ${ctx.plan.reps.warmup} warm-ups per arm, the arms interleaved step by step; every step ends with an awaited loss readback`,
      'kernels: tfjs ops run through the engine in one step (what the step profile lists); each costs a dispatch whatever its size',
      ctx.backend === 'webgpu'
        ? 'fused only on webgpu: Adam 2 kernels per variable (tfjs: 14, plus 4 for the β powers); the loss 1 kernel and a mean forward, 1 backward (tfjs ops: ~25)'
        : `on ${ctx.backend} both arms run tfjs's ops: the ratios are 1 by construction`,
    ],
  };
}
