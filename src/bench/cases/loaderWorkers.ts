/**
 * Case d: loader workers 0 / 1 / 2 (PyTorch's num_workers) on a loader-heavy config (blur, augmentation,
 * the smallest model), through createBatchSource as the training worker uses it. Two figures per worker
 * count:
 *  - loader alone: samples/s of the batch source drained as fast as it delivers (its building capacity);
 *  - training: samples/s of next() + trainer.step, and the data-wait fraction (time in next() ÷ step time).
 * Each worker count has its own source (and trainer); their rounds are interleaved, order rotating, median of
 * ≥ 5 rounds after warm-up rounds. Loader workers are started from this page's thread (in the app, from
 * the training worker); batches arrive by transfer either way.
 * Browser only (module Workers).
 */
import type { TrainConfig } from '../../config/trainConfig';
import { createBatchSource } from '../../data/loader/createBatchSource';
import { createTrainer } from '../../engine/trainer';
import type { BenchContext } from '../benchContext';
import type { CaseResult, Cell } from '../benchTypes';
import { round, timeInterleaved } from '../timing';

/** Batches per timed round: loader alone (cheap) and training (a step is ~1 s here). */
const LOADER_BATCHES_PER_ROUND = 8;
const TRAIN_BATCHES_PER_ROUND = 2;
const WORKER_COUNTS = [0, 1, 2] as const;

/** Samples/s of each worker count's batch source drained as fast as it delivers, rounds interleaved. */
async function loaderAlone(ctx: BenchContext, configs: readonly TrainConfig[]): Promise<number[]> {
  const sources = configs.map((config) => createBatchSource(config, 0));
  try {
    const timings = await timeInterleaved(
      ctx.plan.reps,
      sources.map((source) => async () => {
        for (let i = 0; i < LOADER_BATCHES_PER_ROUND; i++) await source.next();
      }),
    );
    return timings.map((t, i) => (LOADER_BATCHES_PER_ROUND * configs[i]!.batchSize * 1000) / t.medianMs);
  } finally {
    sources.forEach((s) => s.dispose());
  }
}

interface TrainingFigure {
  samplesPerSec: number;
  dataWaitFraction: number;
  firstLoss: number;
}

/** next() + trainer.step for each worker count, one trainer and source each, rounds interleaved. */
async function training(ctx: BenchContext, configs: readonly TrainConfig[]): Promise<TrainingFigure[]> {
  const runs = configs.map((config) => ({
    config,
    source: createBatchSource(config, 0),
    trainer: createTrainer(config, ctx.backend),
    waitMs: [] as number[],
    firstLoss: Number.NaN,
  }));
  try {
    const timings = await timeInterleaved(
      ctx.plan.reps,
      runs.map((run) => async (rep: number) => {
        let wait = 0;
        for (let i = 0; i < TRAIN_BATCHES_PER_ROUND; i++) {
          const { batch, dataWaitMs } = await run.source.next();
          wait += dataWaitMs;
          const r = await run.trainer.step(batch);
          if (Number.isNaN(run.firstLoss)) run.firstLoss = r.loss;
        }
        if (rep >= 0) run.waitMs.push(wait);
      }),
    );
    return timings.map((timing, i) => {
      const run = runs[i]!;
      const totalMs = timing.samplesMs.reduce((a, b) => a + b, 0);
      return {
        samplesPerSec: (TRAIN_BATCHES_PER_ROUND * run.config.batchSize * 1000) / timing.medianMs,
        dataWaitFraction: run.waitMs.reduce((a, b) => a + b, 0) / totalMs,
        firstLoss: run.firstLoss,
      };
    });
  } finally {
    runs.forEach((run) => {
      run.trainer.dispose();
      run.source.dispose();
    });
  }
}

export async function runLoaderWorkers(ctx: BenchContext): Promise<CaseResult> {
  const t0 = performance.now();
  const configs = WORKER_COUNTS.map((workers): TrainConfig => ({ ...ctx.plan.loader, workers }));
  ctx.log('d: loader alone, 0/1/2 workers interleaved');
  const alone = await loaderAlone(ctx, configs);
  ctx.log('d: training, 0/1/2 workers interleaved');
  const train = await training(ctx, configs);
  const figures = new Map<number, { alone: number; train: number }>();
  const rows: Record<string, Cell>[] = WORKER_COUNTS.map((workers, i) => {
    const a = alone[i]!;
    const t = train[i]!;
    figures.set(workers, { alone: a, train: t.samplesPerSec });
    return {
      workers,
      loaderSamplesPerSec: round(a),
      trainSamplesPerSec: round(t.samplesPerSec),
      dataWaitFraction: round(t.dataWaitFraction),
      firstLoss: round(t.firstLoss, 6),
    };
  });
  const zero = figures.get(0);
  const two = figures.get(2);
  const trainRatio = zero && two ? two.train / zero.train : Number.NaN;
  const c = ctx.plan.loader;
  return {
    letter: 'd',
    id: 'loaderWorkers',
    title: `loader workers 0/1/2 (${c.imageSizePx} px, batch ${c.batchSize}, blur ${c.blurRadiusPx} px, augment, width ${c.baseWidth}, prefetch ${c.prefetch}, ${ctx.backend})`,
    columns: [
      { key: 'workers', label: 'workers' },
      { key: 'loaderSamplesPerSec', label: 'loader alone samples/s' },
      { key: 'trainSamplesPerSec', label: 'training samples/s' },
      { key: 'dataWaitFraction', label: 'data-wait fraction' },
      { key: 'firstLoss', label: 'first loss' },
    ],
    rows,
    ratios: [
      {
        label: 'training samples/s, 2 workers ÷ 0 workers',
        value: round(trainRatio),
        goal: '≥ 1.6',
        met: trainRatio >= 1.6,
      },
      ...(zero && two
        ? [{ label: 'loader alone samples/s, 2 workers ÷ 0 workers', value: round(two.alone / zero.alone) }]
        : []),
    ],
    notes: [
      `a figure = median over ${ctx.plan.reps.reps} rounds (loader alone: ${LOADER_BATCHES_PER_ROUND} batches, training: ${TRAIN_BATCHES_PER_ROUND} steps) after ${ctx.plan.reps.warmup} warm-up rounds; the three worker counts run side by side, rounds interleaved`,
      'same first loss for every worker count = the same batch bytes whatever the worker count',
    ],
    durationMs: performance.now() - t0,
  };
}
