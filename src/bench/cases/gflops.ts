/**
 * Case g: how close the training step gets to the adapter's limit. Achieved GFLOP/s of a step
 * (trainingStepFlops, the analytic count of src/engine/flops.ts, ÷ its median step time) beside the
 * GFLOP/s of an n×n · n×n tf.matMul on the same backend, timed interleaved with the step (and with the step
 * before issue 17), so that a shared machine's drift hits both sides of the ratio alike; where the step's kernel time
 * goes, today, before issue 17's own conv kernels and before issue 9's changes (a few profiled steps each,
 * recorded and summed by the app's own step-profile code; kernel times come from GPU timestamps where the
 * adapter has them); and, on webgpu, the own conv
 * kernels against tfjs's direction by direction (./convKernelTiming.ts), beside the engine's choice.
 * No DOM.
 */
import * as tf from '@tensorflow/tfjs';
import { buildHostBatch } from '../../data/buildBatch';
import { trainingStepFlops } from '../../engine/flops';
import type { HostBatch } from '../../data/hostBatch';
import { currentWebGpuCapabilities } from '../../engine/backend';
import { chooseConvKernel, tilingOf, type ConvChoice } from '../../engine/convChoice';
import { CONV_DIRECTIONS, type ConvChoiceReport } from '../../config/convKernels';
import { medianInterval } from '../../config/pairedTiming';
import { ratioVerdict } from '../../config/ratioVerdict';
import { profiledKernels } from '../../engine/buildStepProfile';
import { kernelTimingAvailable } from '../../engine/kernelTiming';
import { summarizeKernels } from '../../engine/profileSummary';
import { NO_KNOWN_TENSORS, recordRun } from '../../engine/stepRecorder';
import { createTrainer, type Trainer } from '../../engine/trainer';
import { GPU_TILING } from '../../gpu/convGeometry';
import { convSame } from '../../gpu/convKernels';
import { stepFigureKey, type BenchContext } from '../benchContext';
import { goalRatio, type BenchRatio, type CaseBody, type Cell } from '../benchTypes';
import { timeConvKernels, type ConvKernelFigure } from '../convKernelTiming';
import { createReferenceStep } from '../referenceStep';
import { buildStepBatches, timeStepsInterleaved, type StepFigure } from '../stepTiming';
import { median, round } from '../timing';
import { convBeforeIssue17 } from './trainVsFit';

const TOP_KERNELS = 6;

interface Figures {
  /** Today's step: the conv kernels chosen by measurement (the trainer measures before its first step). */
  step: StepFigure;
  /** The same step on the rule's fixed choice (the own kernels, the rule's tiling, every direction). */
  fixed: StepFigure;
  /**
   * The measured and the fixed step again, timed as a pair on their own (A B, B A, …), so that each round's
   * ratio compares two neighbours that follow the same work: the ratio and its interval come from these.
   */
  pair: { measured: StepFigure; fixed: StepFigure };
  measuredChoice: ConvChoiceReport | null;
  before17: StepFigure;
  matmul: { gflops: number; medianMs: number };
  /** The same product on the own forward conv kernel (a 1×1 conv over a 1 × n image of n channels). */
  ownMatmul: { gflops: number; medianMs: number } | null;
}

/**
 * Today's step, the step before issue 17, the n×n matmul and (with the own kernels) the same product as a
 * 1×1 conv on the own forward kernel, interleaved (the order rotating).
 */
async function stepsAndMatmul(ctx: BenchContext, choice: ConvChoice): Promise<Figures> {
  const config = ctx.plan.train;
  const n = ctx.plan.matmulSize;
  const a = tf.randomNormal([n, n], 0, 1, 'float32', 1) as tf.Tensor2D;
  const b = tf.randomNormal([n, n], 0, 1, 'float32', 2) as tf.Tensor2D;
  // a · b as a 1×1 conv: the n rows of a are n pixels of n channels, b the [1, 1, n, n] filter.
  const a4 = tf.reshape(a, [1, 1, n, n]) as tf.Tensor4D;
  const b4 = tf.reshape(b, [1, 1, n, n]) as tf.Tensor4D;
  const zeros = tf.zeros([n]) as tf.Tensor1D;
  const trainer = createTrainer(config, ctx.backend);
  const old = createTrainer(config, ctx.backend, { unet: { convKernel: convBeforeIssue17() } });
  const fixedChoice = choice.path === 'wgsl' ? 'wgsl' : 'tiled';
  const fixed = createTrainer(config, ctx.backend, { unet: { convKernel: fixedChoice } });
  /** Waits for the product `c` with a readback of its last element (at `corner`), then frees it. */
  const readCorner = async (c: tf.Tensor, corner: number[]) => {
    const last = tf.slice(c, corner, new Array<number>(corner.length).fill(1));
    await last.data();
    tf.dispose([c, last]);
    return 0;
  };
  const matmul = () => readCorner(tf.matMul(a, b), [n - 1, n - 1]);
  const tiling = choice.kernels ? tilingOf(choice.kernels.forward) : null;
  const ownMatmul = async () =>
    tiling ? readCorner(convSame(a4, b4, zeros, false, tiling), [0, 0, n - 1, n - 1]) : 0;
  const lossOf = (t: Trainer) => async (batch: HostBatch) => (await t.step(batch)).loss;
  const gflops = (f: StepFigure) => ({
    gflops: (2 * n ** 3) / (f.timing.medianMs * 1e6),
    medianMs: f.timing.medianMs,
  });
  try {
    const [step, before17, mm, fixedStep, own] = await timeStepsInterleaved(
      ctx.plan.reps,
      buildStepBatches(config),
      [lossOf(trainer), lossOf(old), matmul, lossOf(fixed), ...(tiling ? [ownMatmul] : [])],
    );
    if (!step || !before17 || !mm || !fixedStep) throw new Error('missing figures');
    const [pairMeasured, pairFixed] = await timeStepsInterleaved(
      { ...ctx.plan.reps, reps: Math.max(ctx.plan.reps.reps, PAIR_ROUNDS) },
      buildStepBatches(config),
      [lossOf(trainer), lossOf(fixed)],
    );
    if (!pairMeasured || !pairFixed) throw new Error('missing figures');
    return {
      step,
      fixed: fixedStep,
      pair: { measured: pairMeasured, fixed: pairFixed },
      measuredChoice: trainer.convChoice,
      before17,
      matmul: gflops(mm),
      ownMatmul: own ? gflops(own) : null,
    };
  } finally {
    tf.dispose([a, b, a4, b4, zeros]);
    trainer.dispose();
    old.dispose();
    fixed.dispose();
  }
}

interface KernelTotal {
  name: string;
  ms: number;
  count: number;
}

/** Profiled steps per breakdown: a kernel's figure is its median over them (one step is noisy here). */
const PROFILED_STEPS = 3;

/**
 * Kernel ms of profiled steps of `step`, summed by kernel name (median of PROFILED_STEPS), largest first.
 * Recorded and summed by the app's own step-profile code (recordRun, profiledKernels, summarizeKernels),
 * so the bench and the app's kernel table read the same numbers.
 */
async function kernelBreakdown(
  ctx: BenchContext,
  step: (batch: HostBatch) => Promise<unknown>,
  batch: HostBatch,
): Promise<KernelTotal[]> {
  await step(batch); // compile outside the profile
  const timing = kernelTimingAvailable(ctx.backend);
  const byName = new Map<string, { ms: number[]; count: number }>();
  for (let i = 0; i < PROFILED_STEPS; i++) {
    const run = await recordRun(NO_KNOWN_TENSORS, timing, () => step(batch), 'forward');
    const sums = new Map<string, { ms: number; count: number }>();
    for (const r of summarizeKernels(profiledKernels(run.recording, 0, true))) {
      const entry = sums.get(r.name) ?? { ms: 0, count: 0 };
      entry.ms += r.ms ?? 0;
      entry.count += r.count;
      sums.set(r.name, entry);
    }
    for (const [name, e] of sums) {
      const entry = byName.get(name) ?? { ms: [], count: e.count };
      entry.ms.push(e.ms);
      byName.set(name, entry);
    }
  }
  return [...byName.entries()]
    .map(([name, e]) => ({ name, ms: median(e.ms), count: e.count }))
    .sort((x, y) => y.ms - x.ms);
}

/** Today's step, the step before issue 17 and the pre-issue-9 step (referenceStep.ts), profiled in turn. */
async function kernelBreakdowns(ctx: BenchContext) {
  const config = ctx.plan.train;
  const batch = buildHostBatch(config, 0);
  const profiled = (model: { step(batch: HostBatch): Promise<unknown>; dispose(): void }) =>
    kernelBreakdown(ctx, (b) => model.step(b), batch).finally(() => model.dispose());
  return {
    today: await profiled(createTrainer(config, ctx.backend)),
    before17: await profiled(
      createTrainer(config, ctx.backend, { unet: { convKernel: convBeforeIssue17() } }),
    ),
    before9: await profiled(createReferenceStep(config, ctx.backend)),
  };
}

/** Case g's rows and ratios for the own conv kernels against tfjs's, or nothing off the own kernels. */
async function convKernelRows(
  ctx: BenchContext,
  choice: ConvChoice,
): Promise<{ rows: Record<string, Cell>[]; ratios: BenchRatio[]; figures: ConvKernelFigure[] }> {
  if (ctx.backend !== 'webgpu') return { rows: [], ratios: [], figures: [] };
  // Off the own kernels (a GPU whose limits fit no tiling) the comparison still runs, on the GPU tiling.
  const tiling = (choice.kernels && tilingOf(choice.kernels.forward)) ?? GPU_TILING;
  const figures = await timeConvKernels(ctx.plan.train, ctx.plan.reps, tiling);
  const own = (d: ConvKernelFigure['direction']) =>
    figures.find((f) => f.direction === d && f.implementation === 'own');
  const rows = figures.map((f) => {
    const mine = own(f.direction);
    return {
      what: `  ${f.direction}: ${f.implementation} (${f.kernels})`,
      mflop: round(f.flops / 1e6),
      medianMs: round(f.kernelMs),
      gflops: f.kernelMs > 0 ? round(f.flops / (f.kernelMs * 1e6)) : null,
      share: null,
      count: f.kernelCount,
      wallMs: round(f.wallMs),
      tfjsOverOwn: mine && mine !== f && mine.kernelMs > 0 ? round(f.kernelMs / mine.kernelMs) : null,
    };
  });
  const usesOwn = choice.path === 'wgsl';
  const ratios = figures
    .filter((f) => f.implementation === 'tfjs')
    .map((f) =>
      goalRatio(
        `${f.direction}: tfjs kernel ms ÷ own kernel ms (the engine runs ${usesOwn ? 'own' : "tfjs's"} here)`,
        f.kernelMs / (own(f.direction)?.kernelMs ?? Number.NaN),
        usesOwn ? '>' : '≤',
        '1',
      ),
    );
  return { rows, ratios, figures };
}

/** Rounds of the measured/fixed pair: enough for a 95 % interval of the paired ratio's median. */
const PAIR_ROUNDS = 11;

const VERDICT_WORDS = {
  faster: 'the measured choice faster',
  slower: 'the measured choice slower',
  'no-difference': 'no difference measurable here',
} as const;

/**
 * The measured choice's step against the rule's fixed one: per round of the pair's timing, fixed ms ÷
 * measured ms (> 1: the measured choice faster), their median with its interval and the verdict it allows.
 * Where both ran the same kernels the label says so instead of a verdict: the spread is then the machine's
 * noise, whatever side of 1 it falls.
 */
function measuredOverFixed(
  step: StepFigure,
  fixed: StepFigure,
  measured: ConvChoiceReport | null,
  rule: ConvChoice,
): BenchRatio {
  const perRound = fixed.timing.samplesMs.map((f, i) => f / step.timing.samplesMs[i]!);
  const interval = medianInterval(perRound);
  if (!interval) return { label: 'step speed, measured choice ÷ fixed choice: no rounds', value: Number.NaN };
  const verdict = ratioVerdict(interval, 'settled').code;
  const same =
    measured !== null &&
    rule.kernels !== null &&
    CONV_DIRECTIONS.every((d) => measured.kernels[d] === rule.kernels![d]);
  const coverage = Math.round(interval.coverage * 1000) / 10;
  return goalRatio(
    `step speed, conv kernels chosen by measurement ÷ the rule's fixed choice (fixed ms ÷ measured ms per round of the two timed as a pair on their own, median of ${interval.rounds}; ${coverage} % interval ${round(interval.low)}–${round(interval.high)}: ${same ? "the same kernels as the fixed choice here, so no difference to measure: the spread is this machine's noise" : VERDICT_WORDS[verdict]})`,
    interval.median,
    '≥',
    '0.95',
  );
}

export async function runGflops(ctx: BenchContext): Promise<CaseBody> {
  const config = ctx.plan.train;
  const choice = chooseConvKernel(ctx.backend, currentWebGpuCapabilities());
  ctx.log(
    `g: training step, the step before issue 17 and a ${ctx.plan.matmulSize}² matmul (tfjs's, own), interleaved`,
  );
  const {
    step,
    fixed,
    pair,
    measuredChoice,
    before17: before17Step,
    matmul: mm,
    ownMatmul,
  } = await stepsAndMatmul(ctx, choice);
  const before9Step = ctx.stepFigures.get(`before-issue-9:${stepFigureKey(ctx.backend, config)}`);
  ctx.log('g: kernel breakdown of one step, today, before issue 17 and before issue 9');
  const { today: kernels, before17, before9 } = await kernelBreakdowns(ctx);
  ctx.log('g: own conv kernels vs tfjs, direction by direction');
  const own = await convKernelRows(ctx, choice);
  const shown = [
    ...new Set(
      [
        ...kernels.slice(0, TOP_KERNELS),
        ...before17.slice(0, TOP_KERNELS),
        ...before9.slice(0, TOP_KERNELS),
      ].map((k) => k.name),
    ),
  ];
  const flops = trainingStepFlops(config);
  const stepGflops = flops.total / (step.timing.medianMs * 1e6);
  const total = (list: KernelTotal[]) => list.reduce((s, k) => s + k.ms, 0);
  const count = (list: KernelTotal[]) => list.reduce((s, k) => s + k.count, 0);
  const totalKernelMs = total(kernels);
  const flopRow = (what: string, flop: number, medianMs: number) => ({
    what,
    mflop: round(flop / 1e6),
    medianMs: round(medianMs),
    gflops: round(flop / (medianMs * 1e6)),
    share: null,
  });
  const stepRow = (what: string, medianMs: number) => flopRow(what, flops.total, medianMs);
  const n = ctx.plan.matmulSize;
  const rows: Record<string, Cell>[] = [
    stepRow(`training step (${config.imageSizePx} px, batch ${config.batchSize})`, step.timing.medianMs),
    stepRow("the same step on the rule's fixed conv kernels (before measurement)", fixed.timing.medianMs),
    stepRow("the same step before issue 17 (tfjs's conv kernels)", before17Step.timing.medianMs),
    ...(before9Step ? [stepRow('the same step before issue 9 (case b)', before9Step.timing.medianMs)] : []),
    flopRow(`matMul ${n}×${n} · ${n}×${n}`, 2 * n ** 3, mm.medianMs),
    ...(ownMatmul
      ? [
          flopRow(
            'the same matMul as a 1×1 conv on the own forward kernel (BatchLabConv2D)',
            2 * n ** 3,
            ownMatmul.medianMs,
          ),
        ]
      : []),
    ...shown.map((name) => {
      const k = kernels.find((x) => x.name === name);
      const b17 = before17.find((x) => x.name === name);
      const b9 = before9.find((x) => x.name === name);
      return {
        what: `  kernel ${name}`,
        mflop: null,
        medianMs: k ? round(k.ms) : 0,
        gflops: null,
        share: k && totalKernelMs > 0 ? round(k.ms / totalKernelMs) : 0,
        count: k?.count ?? 0,
        before17Ms: b17 ? round(b17.ms) : 0,
        before17Count: b17?.count ?? 0,
        beforeMs: b9 ? round(b9.ms) : 0,
        beforeCount: b9?.count ?? 0,
      };
    }),
    ...own.rows,
  ];
  return {
    title: `achieved GFLOP/s: training step vs the adapter's matmul (${ctx.backend})`,
    columns: [
      { key: 'what', label: 'what' },
      { key: 'mflop', label: 'MFLOP' },
      { key: 'medianMs', label: 'median ms' },
      { key: 'gflops', label: 'GFLOP/s' },
      { key: 'share', label: 'share of kernel ms' },
      { key: 'count', label: 'kernels' },
      { key: 'before17Ms', label: 'ms before issue 17' },
      { key: 'before17Count', label: 'kernels before 17' },
      { key: 'beforeMs', label: 'ms before issue 9' },
      { key: 'beforeCount', label: 'kernels before 9' },
      { key: 'wallMs', label: 'wall ms' },
      { key: 'tfjsOverOwn', label: 'kernel ms ÷ own' },
    ],
    rows,
    ratios: [
      goalRatio('step GFLOP/s ÷ matmul GFLOP/s', stepGflops / mm.gflops, '≥', '0.8'),
      measuredOverFixed(pair.measured, pair.fixed, measuredChoice, choice),
      {
        label: 'step GFLOP/s ÷ matmul GFLOP/s before issue 17',
        value: round(flops.total / (before17Step.timing.medianMs * 1e6) / mm.gflops),
      },
      ...(ownMatmul
        ? [
            {
              label: 'step GFLOP/s ÷ GFLOP/s of the same matmul on the own forward kernel',
              value: round(stepGflops / ownMatmul.gflops),
            },
          ]
        : []),
      ...own.ratios,
    ],
    notes: [
      `conv kernels the rule gives this adapter: ${choice.path}: ${choice.reason}`,
      measuredChoice
        ? `conv kernels chosen by measurement (${measuredChoice.source}, ${round(measuredChoice.tuningMs)} ms, probes at batch ${measuredChoice.probeBatch} over ${measuredChoice.probeConvs} conv(s)): ${JSON.stringify(measuredChoice.kernels)}; candidate ms: ${measuredChoice.candidates.map((c) => `${c.direction} ${c.candidate} ${round(c.ms)} (${c.runs} runs, ${round(c.minMs)}–${round(c.maxMs)})`).join(', ')}`
        : 'conv kernels: no measurement on this backend',
      `step FLOPs (src/engine/flops.ts): forward ${round(flops.forward / 1e6)} M, backward ${round(flops.backward / 1e6)} M, optimizer ${round(flops.optimizer / 1e6)} M`,
      `kernel rows: per kernel name, the median over ${PROFILED_STEPS} profiled steps of its summed kernel ms; today ${count(kernels)} kernels / ${round(totalKernelMs)} kernel ms, before issue 17 ${count(before17)} / ${round(total(before17))}, before issue 9 ${count(before9)} / ${round(total(before9))} (GPU timestamps on webgpu when available; profiling slows a step)`,
      ...(own.figures.length
        ? [
            `own vs tfjs rows: every conv of the case's U-Net (${config.imageSizePx} px, batch ${config.batchSize}), per direction: "median ms" = median over ${ctx.plan.reps.reps} runs of the summed GPU kernel ms of one run, "wall ms" = median of separate runs up to an awaited readback; variants interleaved; "kernel ms ÷ own" = that row's kernel ms ÷ the own kernel's`,
          ]
        : []),
    ],
  };
}
