/**
 * Case g: how close the training step gets to the adapter's limit. Achieved GFLOP/s of a step
 * (trainingStepFlops, the analytic count of src/engine/flops.ts, ÷ the median step of case b) beside the
 * GFLOP/s of an n×n · n×n tf.matMul on the same backend in the same run, and where the step's kernel time
 * goes, today and before issue 9's changes (one profiled step each, recorded and summed by the app's own
 * step-profile code; kernel times come from GPU timestamps where the adapter has them).
 * No DOM.
 */
import * as tf from '@tensorflow/tfjs';
import { buildHostBatch } from '../../data/buildBatch';
import { trainingStepFlops } from '../../engine/flops';
import { profiledKernels } from '../../engine/buildStepProfile';
import { kernelTimingAvailable } from '../../engine/kernelTiming';
import { summarizeKernels } from '../../engine/profileSummary';
import { NO_KNOWN_TENSORS, recordRun } from '../../engine/stepRecorder';
import type { StepRecording } from '../../engine/stepRecording';
import { createTrainer } from '../../engine/trainer';
import { stepFigureKey, type BenchContext } from '../benchContext';
import type { CaseResult, Cell } from '../benchTypes';
import { createReferenceStep } from '../referenceStep';
import { round, timeReps } from '../timing';
import { batchLabStepFigure } from './trainVsFit';

const TOP_KERNELS = 6;

async function matmulGflops(ctx: BenchContext): Promise<{ gflops: number; medianMs: number }> {
  const n = ctx.plan.matmulSize;
  const a = tf.randomNormal([n, n], 0, 1, 'float32', 1) as tf.Tensor2D;
  const b = tf.randomNormal([n, n], 0, 1, 'float32', 2) as tf.Tensor2D;
  try {
    const timing = await timeReps(ctx.plan.reps, async () => {
      const c = tf.matMul(a, b);
      const corner = tf.slice(c, [n - 1, n - 1], [1, 1]);
      await corner.data();
      c.dispose();
      corner.dispose();
    });
    return { gflops: (2 * n ** 3) / (timing.medianMs * 1e6), medianMs: timing.medianMs };
  } finally {
    a.dispose();
    b.dispose();
  }
}

interface KernelTotal {
  name: string;
  ms: number;
  count: number;
}

/**
 * Kernel rows of one recorded run, summed by kernel name: the app's profile code (recordRun,
 * profiledKernels, summarizeKernels), so the bench and the app's kernel table read the same numbers.
 */
function byName(recording: StepRecording): KernelTotal[] {
  const rows = summarizeKernels(profiledKernels(recording, 0, true));
  const totals = new Map<string, KernelTotal>();
  for (const r of rows) {
    const t = totals.get(r.name) ?? { name: r.name, ms: 0, count: 0 };
    t.ms += r.ms ?? 0;
    t.count += r.count;
    totals.set(r.name, t);
  }
  return [...totals.values()].sort((x, y) => y.ms - x.ms);
}

/** Today's step (the app's profileStep) and the pre-issue-9 step, one profiled step each after a warm one. */
async function kernelBreakdowns(ctx: BenchContext): Promise<{ after: KernelTotal[]; before: KernelTotal[] }> {
  const config = ctx.plan.train;
  const batch = buildHostBatch(config, 0);
  const trainer = createTrainer(config, ctx.backend);
  const after = await (async () => {
    await trainer.step(batch); // compile outside the profile
    return byName((await trainer.profileStep(batch)).recording);
  })().finally(() => trainer.dispose());
  const reference = createReferenceStep(config, ctx.backend);
  const before = await (async () => {
    await reference.step(batch);
    const timing = kernelTimingAvailable(ctx.backend);
    const run = await recordRun(NO_KNOWN_TENSORS, timing, () => reference.step(batch), 'forward');
    return byName(run.recording);
  })().finally(() => reference.dispose());
  return { after, before };
}

export async function runGflops(ctx: BenchContext): Promise<CaseResult> {
  const t0 = performance.now();
  const config = ctx.plan.train;
  ctx.log('g: training step (reuses case b when it ran)');
  const step = await batchLabStepFigure(ctx);
  const beforeStep = ctx.stepFigures.get(`before-issue-9:${stepFigureKey(ctx.backend, config)}`);
  ctx.log(`g: ${ctx.plan.matmulSize}² matmul`);
  const mm = await matmulGflops(ctx);
  ctx.log('g: kernel breakdown of one step, today and before issue 9');
  const { after: kernels, before } = await kernelBreakdowns(ctx);
  const beforeMs = (name: string) => before.find((k) => k.name === name);
  const shown = [
    ...new Set([...kernels.slice(0, TOP_KERNELS), ...before.slice(0, TOP_KERNELS)].map((k) => k.name)),
  ];
  const flops = trainingStepFlops(config);
  const stepGflops = flops.total / (step.timing.medianMs * 1e6);
  const totalKernelMs = kernels.reduce((s, k) => s + k.ms, 0);
  const rows: Record<string, Cell>[] = [
    {
      what: `training step (${config.imageSizePx} px, batch ${config.batchSize})`,
      mflop: round(flops.total / 1e6),
      medianMs: round(step.timing.medianMs),
      gflops: round(stepGflops),
      share: null,
    },
    ...(beforeStep
      ? [
          {
            what: 'the same step before issue 9 (case b)',
            mflop: round(flops.total / 1e6),
            medianMs: round(beforeStep.timing.medianMs),
            gflops: round(flops.total / (beforeStep.timing.medianMs * 1e6)),
            share: null,
          },
        ]
      : []),
    {
      what: `matMul ${ctx.plan.matmulSize}×${ctx.plan.matmulSize} · ${ctx.plan.matmulSize}×${ctx.plan.matmulSize}`,
      mflop: round((2 * ctx.plan.matmulSize ** 3) / 1e6),
      medianMs: round(mm.medianMs),
      gflops: round(mm.gflops),
      share: null,
    },
    ...shown.map((name) => {
      const k = kernels.find((x) => x.name === name);
      const b = beforeMs(name);
      return {
        what: `  kernel ${name}`,
        mflop: null,
        medianMs: k ? round(k.ms) : 0,
        gflops: null,
        share: k && totalKernelMs > 0 ? round(k.ms / totalKernelMs) : 0,
        count: k?.count ?? 0,
        beforeMs: b ? round(b.ms) : 0,
        beforeCount: b?.count ?? 0,
      };
    }),
  ];
  return {
    letter: 'g',
    id: 'gflops',
    title: `achieved GFLOP/s: training step vs the adapter's matmul (${ctx.backend})`,
    columns: [
      { key: 'what', label: 'what' },
      { key: 'mflop', label: 'MFLOP' },
      { key: 'medianMs', label: 'median ms' },
      { key: 'gflops', label: 'GFLOP/s' },
      { key: 'share', label: 'share of kernel ms' },
      { key: 'count', label: 'kernels' },
      { key: 'beforeMs', label: 'ms before issue 9' },
      { key: 'beforeCount', label: 'kernels before' },
    ],
    rows,
    ratios: [{ label: 'step GFLOP/s ÷ matmul GFLOP/s', value: round(stepGflops / mm.gflops) }],
    notes: [
      `step FLOPs (src/engine/flops.ts): forward ${round(flops.forward / 1e6)} M, backward ${round(flops.backward / 1e6)} M, optimizer ${round(flops.optimizer / 1e6)} M`,
      `kernel rows: one profiled step each, today ${kernels.reduce((s, k) => s + k.count, 0)} kernels / ${round(totalKernelMs)} kernel ms, before issue 9 ${before.reduce((s, k) => s + k.count, 0)} kernels / ${round(before.reduce((s, k) => s + k.ms, 0))} kernel ms (GPU timestamps on webgpu when available; profiling slows a step); "median ms" of a kernel row = its summed kernel ms in that one step`,
    ],
    durationMs: performance.now() - t0,
  };
}
