/**
 * Case d: loader workers 0 / 1 / 2 (PyTorch's num_workers) on a loader-bound config (large source images,
 * blur, augmentation, the smallest model), through createBatchSource as the training worker uses it. Two
 * figures per worker count:
 *  - loader alone: samples/s of the batch source drained as fast as it delivers (its building capacity);
 *  - training: samples/s of next() + trainer.step, and the data-wait fraction (time in next() ÷ time).
 * Timed in blocks, not interleaved rounds: a pool keeps building while it is idle, so interleaving would
 * hand the pooled variants free work (and slow the others down with it). A block has its own fresh source,
 * first takes workers × prefetch + 1 untimed steps (the initial prefetch is drained: what follows is steady
 * state), then times `steps` steps; the source is disposed (its workers stop) before the next block starts.
 * A round runs one block per worker count, the order rotating between rounds; a figure is the median over
 * rounds, and a ratio the median of the ratios within each round (this machine's speed drifts by tens of
 * percent from minute to minute; the blocks of a round run back to back). Loader workers
 * are started from this page's thread (in the app, from the training worker); batches arrive by transfer
 * either way. Browser only (module Workers). A "decode" variant does the same for 0 and 2 workers on the
 * "photos" preset: JPEG sources decoded in the loader workers (createImageBitmap + OffscreenCanvas).
 */
import { PHOTOS_PRESET } from '../../config/ownImages';
import type { TrainConfig } from '../../config/trainConfig';
import type { FileDataset } from '../../data/files/fileDataset';
import { drawPhotoSet } from '../../data/files/photoSet';
import { validationSplit } from '../../data/files/validationSplit';
import type { HostBatch } from '../../data/hostBatch';
import { createBatchSource } from '../../data/loader/createBatchSource';
import { createTrainer, type Trainer } from '../../engine/trainer';
import type { BenchContext } from '../benchContext';
import { goalRatio, type CaseBody, type Cell } from '../benchTypes';
import { median, round } from '../timing';

const WORKER_COUNTS = [0, 1, 2] as const;

interface BlockFigure {
  samplesPerSec: number;
  dataWaitFraction: number;
  batchBuildMs: number;
}

/** One block: a fresh source, untimed steady-state warm-up, then `steps` timed next() + `consume`. */
async function runBlock(
  config: TrainConfig,
  steps: number,
  consume: (batch: HostBatch) => Promise<unknown>,
  files: FileDataset | null,
): Promise<BlockFigure> {
  const source = createBatchSource(config, 0, undefined, files);
  try {
    const warmup = config.workers * config.prefetch + 1;
    for (let i = 0; i < warmup; i++) await consume((await source.next()).batch);
    let waitMs = 0;
    const buildMs: number[] = [];
    const t0 = performance.now();
    for (let i = 0; i < steps; i++) {
      const { batch, dataWaitMs } = await source.next();
      waitMs += dataWaitMs;
      buildMs.push(batch.buildMs);
      await consume(batch);
    }
    const elapsedMs = performance.now() - t0;
    return {
      samplesPerSec: (steps * config.batchSize * 1000) / elapsedMs,
      dataWaitFraction: waitMs / elapsedMs,
      batchBuildMs: median(buildMs),
    };
  } finally {
    source.dispose();
  }
}

interface CountFigures extends BlockFigure {
  /** samples/s of each block, in round order (round b holds one block of every worker count). */
  perRound: number[];
}

/**
 * Rounds of one block per worker count, the order rotated each round; medians per worker count, and each
 * round's samples/s kept so that ratios can be paired within a round (the machine's speed drifts between
 * rounds; a round's blocks run back to back).
 */
async function blocks(
  ctx: BenchContext,
  configs: readonly TrainConfig[],
  consume: (index: number, batch: HostBatch) => Promise<unknown>,
  files: FileDataset | null = null,
): Promise<CountFigures[]> {
  const { blocks: count, steps } = ctx.plan.loaderBlocks;
  const figures: BlockFigure[][] = configs.map(() => []);
  for (let b = 0; b < count; b++) {
    for (let k = 0; k < configs.length; k++) {
      const i = (k + b) % configs.length;
      figures[i]!.push(await runBlock(configs[i]!, steps, (batch) => consume(i, batch), files));
    }
  }
  return figures.map((list) => ({
    samplesPerSec: median(list.map((f) => f.samplesPerSec)),
    dataWaitFraction: median(list.map((f) => f.dataWaitFraction)),
    batchBuildMs: median(list.map((f) => f.batchBuildMs)),
    perRound: list.map((f) => f.samplesPerSec),
  }));
}

/** Per round, samples/s of config `i` ÷ config 0's (0 workers); in WORKER_COUNTS, config i has i workers. */
function roundRatios(list: readonly CountFigures[], i: number): number[] {
  return list[i]!.perRound.map((v, r) => v / list[0]!.perRound[r]!);
}

/**
 * The loader alone, then training, each in alternating blocks of `configs` (`logAs` prefixes the progress
 * lines); one row per config, its source named `source`.
 */
async function aloneThenTraining(
  ctx: BenchContext,
  configs: readonly TrainConfig[],
  source: string,
  logAs: string,
  files?: FileDataset,
): Promise<{ alone: CountFigures[]; train: CountFigures[]; rows: Record<string, Cell>[] }> {
  const counts = configs.map((c) => c.workers).join('/');
  ctx.log(`d: ${logAs}loader alone, ${counts} workers in alternating blocks`);
  const alone = await blocks(ctx, configs, () => Promise.resolve(), files);
  ctx.log(`d: ${logAs}training, ${counts} workers in alternating blocks`);
  const trainers: Trainer[] = configs.map((config) => createTrainer(config, ctx.backend));
  const firstLoss: number[] = [];
  let train: CountFigures[];
  try {
    // Each trainer's first step (its shader compilation) falls in its first block's untimed warm-up, on
    // batch 0 as that worker count's source delivered it: equal first losses = equal batch bytes.
    train = await blocks(
      ctx,
      configs,
      async (i, batch) => {
        const { loss } = await trainers[i]!.step(batch);
        firstLoss[i] ??= loss;
      },
      files,
    );
  } finally {
    trainers.forEach((t) => t.dispose());
  }
  const rows = configs.map(({ workers }, i) => ({
    source,
    workers,
    loaderSamplesPerSec: round(alone[i]!.samplesPerSec),
    trainSamplesPerSec: round(train[i]!.samplesPerSec),
    dataWaitFraction: round(train[i]!.dataWaitFraction),
    batchBuildMs: round(train[i]!.batchBuildMs),
    firstLoss: round(firstLoss[i]!, 6),
  }));
  return { alone, train, rows };
}

export async function runLoaderWorkers(ctx: BenchContext): Promise<CaseBody> {
  const configs = WORKER_COUNTS.map((workers): TrainConfig => ({ ...ctx.plan.loader, workers }));
  const { alone, train, rows } = await aloneThenTraining(ctx, configs, 'synthetic', '');
  const decode = await runDecodeVariant(ctx);
  const twoVsZero = roundRatios(train, 2);
  const c = ctx.plan.loader;
  const { blocks: count, steps } = ctx.plan.loaderBlocks;
  return {
    title: `loader workers 0/1/2 (${c.imageSizePx} px from ${c.imageSizePx * c.sourceScale} px sources, batch ${c.batchSize}, blur ${c.blurRadiusPx} px, augment, width ${c.baseWidth}, prefetch ${c.prefetch}, ${ctx.backend})`,
    columns: [
      { key: 'source', label: 'source' },
      { key: 'workers', label: 'workers' },
      { key: 'loaderSamplesPerSec', label: 'loader alone samples/s' },
      { key: 'trainSamplesPerSec', label: 'training samples/s' },
      { key: 'dataWaitFraction', label: 'data-wait fraction' },
      { key: 'batchBuildMs', label: 'batch build ms' },
      { key: 'firstLoss', label: 'first loss' },
    ],
    rows: [...rows, ...decode.rows],
    ratios: [
      goalRatio(
        'decode: training samples/s, 2 workers ÷ 0 workers (JPEG photos decoded in the loader)',
        decode.trainRatio,
        '≥',
        '1.6',
      ),
      { label: 'decode: loader alone samples/s, 2 workers ÷ 0 workers', value: round(decode.aloneRatio) },
      goalRatio('training samples/s, 2 workers ÷ 0 workers', median(twoVsZero), '≥', '1.6'),
      { label: 'training samples/s, 1 worker ÷ 0 workers', value: round(median(roundRatios(train, 1))) },
      { label: 'loader alone samples/s, 2 workers ÷ 0 workers', value: round(median(roundRatios(alone, 2))) },
    ],
    notes: [
      `a figure = median over ${count} round(s) of one block per worker count (order rotating) of ${steps} timed steps, each block after workers × prefetch + 1 untimed steps with a fresh source; a ratio = median over rounds of the ratio within a round`,
      `training samples/s, 2 ÷ 0 workers, round by round: ${twoVsZero.map((r) => round(r, 2)).join(', ')}`,
      'batch build ms = one core building one batch (in a loader worker, or in next() with 0 workers)',
      'same first loss for every worker count = the same batch bytes whatever the worker count',
      `decode: the ${PHOTOS_PRESET.count} "photos" (${PHOTOS_PRESET.sizePx} px JPEGs + PNG masks, drawn and encoded in this page) decoded with createImageBitmap + OffscreenCanvas in each loader worker (0 workers: in this thread), no blur`,
    ],
  };
}

/** The "photos" preset as a file dataset: photo-NN.jpg + photo-NN_mask.png, in drawing order. */
async function photoDataset(): Promise<FileDataset> {
  const files = await drawPhotoSet();
  const pairs = Array.from({ length: files.length / 2 }, (_, i) => {
    const image = files[2 * i]!;
    const mask = files[2 * i + 1]!;
    return { stem: image.name, imagePath: image.name, maskPath: mask.name, image, mask };
  });
  return { id: 1, pairs, split: validationSplit(pairs.length), maskMode: 'indices', palette: [] };
}

/**
 * The decode variant: JPEG sources decoded in the loader workers, 0 and 2 workers, the same block scheme
 * (loader alone, then training); ratios paired within rounds.
 */
async function runDecodeVariant(
  ctx: BenchContext,
): Promise<{ rows: Record<string, Cell>[]; trainRatio: number; aloneRatio: number }> {
  const files = await photoDataset();
  const configs = [0, 2].map(
    (workers): TrainConfig => ({ ...ctx.plan.loader, workers, blurRadiusPx: 0, dataSource: 'photos' }),
  );
  const { alone, train, rows } = await aloneThenTraining(
    ctx,
    configs,
    'photos (JPEG decode)',
    'decode, ',
    files,
  );
  return { rows, trainRatio: median(roundRatios(train, 1)), aloneRatio: median(roundRatios(alone, 1)) };
}
