/**
 * The figures on each lesson's result card, computed from what the lesson measured and set beside the
 * article's own figure (computed by the byte calculator from the article's example, never typed in). Each
 * returns null until the lesson has the measurements it needs. Pure; unit-tested.
 */
import {
  deviceMemoryPeak,
  PARALLEL_STRATEGIES,
  type ParallelStepRecord,
  type ParallelStrategy,
} from '../../config/parallel';
import { ARTICLE_EXAMPLE, torchBatchBytes } from '../../data/batchBytes';
import { unpairedRatio, type MedianInterval, type PairedVerdict } from '../../config/pairedTiming';
import { ratioVerdict, type RatioVerdict } from '../../config/ratioVerdict';
import { armConfig, LESSONS } from '../../config/lessons';
import type { StepProfile } from '../../config/stepProfile';
import { blockSamplesPerSec } from '../../config/sweepSummary';
import type { TrainConfig } from '../../config/trainConfig';
import type { ArmProgress } from '../../state/lessonStore';
import { armFigures, ratioOf, type ArmFigures } from '../../config/armFigures';
import { othersMeanMemory } from '../parallel/deviceFigures';

/** An arm's figures, by its id; null until it has rows. */
export interface ArmResult {
  id: string;
  config: TrainConfig;
  /** A profile of one of its steps, taken after its measurement; null when none was asked for. */
  profile: StepProfile | null;
  figures: ArmFigures;
  /** samples/s of each complete block of its timed steps (config/sweepSummary.ts). */
  blockRates: number[];
  /** Its timing rule said stable (else it hit the cap). */
  stable: boolean;
  finished: boolean;
}

export function armResults(arms: readonly ArmProgress[]): ArmResult[] {
  return arms
    .filter((a) => a.rows.length > 0)
    .map((a) => ({
      id: a.id,
      config: a.config,
      profile: a.profile,
      figures: a.timedSteps
        ? armFigures(a.rows, a.timedSteps[0] ?? 1, a.timedSteps.at(-1), new Set(a.timedSteps))
        : armFigures(a.rows, a.verdict?.firstTimedStep ?? 1, a.verdict?.lastTimedStep),
      blockRates: a.verdict ? blockSamplesPerSec(a.rows, a.verdict) : [],
      stable: a.verdict?.state === 'stable',
      finished: a.finished,
    }));
}

const find = (arms: readonly ArmResult[], id: string) => arms.find((a) => a.id === id && a.finished);

/**
 * An arm's step time, the one every card, table and chart of a lesson quotes: the mean of its measured
 * (timed) steps. A profile's kernel times are another measurement (each kernel in its own pass,
 * serialised) and never stand in for it.
 */
export const measuredStepMs = (arm: Pick<ArmResult, 'figures'>): number | null => arm.figures.meanStepMs;

/** The article's lesson 1: a batch of 32 RGB 512 × 512 images with masks, float32 + int64 vs uint8 + uint8. */
export function articleBytes() {
  const float = torchBatchBytes({ ...ARTICLE_EXAMPLE, imageDtype: 'float32', maskDtype: 'int64' });
  const uint8 = torchBatchBytes({ ...ARTICLE_EXAMPLE, imageDtype: 'uint8', maskDtype: 'uint8' });
  const pixels = ARTICLE_EXAMPLE.batchSize * ARTICLE_EXAMPLE.heightPx * ARTICLE_EXAMPLE.widthPx;
  return {
    floatBytes: float.totalBytes,
    uint8Bytes: uint8.totalBytes,
    factor: float.totalBytes / uint8.totalBytes,
    floatBytesPerPixel: float.totalBytes / pixels,
  };
}

/** The article's example of lesson 3: 4 GPUs, a batch of 32. */
const ARTICLE_GPUS = 4;

/** Outputs device 0 holds ÷ outputs another device holds, in the article's example: the batch ÷ one shard. */
export function articleGpus() {
  const shard = ARTICLE_EXAMPLE.batchSize / ARTICLE_GPUS;
  return {
    gpus: ARTICLE_GPUS,
    batchSize: ARTICLE_EXAMPLE.batchSize,
    shard,
    outputRatio: ARTICLE_EXAMPLE.batchSize / shard,
  };
}

export interface BytesLessonResult {
  /** uint8 image bytes ÷ float32 image bytes per step (0.25). */
  imageRatio: number;
  /** float32 + int32 batch bytes ÷ uint8 + uint8 batch bytes per step (4). */
  totalFactor: number;
  /** tf.tensor(Uint8Array) image bytes ÷ packed uint8 image bytes (4: the trap), when that arm ran. */
  trapFactor: number | null;
  /** Bytes per pixel of the float batch here (image + int32 mask; the article's has an int64 mask). */
  hereFloatBytesPerPixel: number;
  /** The measured step times (measuredStepMs) of the uint8 and the float32 arm. */
  uint8StepMs: number | null;
  floatStepMs: number | null;
  /**
   * uint8 samples/s ÷ float32 samples/s (> 1: the uint8 path was faster) from the two arms' block rates,
   * with its interval (config/pairedTiming.ts unpairedRatio), and the verdict it allows; null without
   * 2 blocks per arm.
   */
  stepSpeed: MedianInterval | null;
  stepVerdict: RatioVerdict | null;
}

export function bytesLessonResult(arms: readonly ArmResult[]): BytesLessonResult | null {
  const u8 = find(arms, 'uint8');
  const f32 = find(arms, 'float32');
  if (!u8 || !f32) return null;
  const imageRatio = ratioOf(f32.figures.imageBytesToGpu, u8.figures.imageBytesToGpu);
  const totalFactor = ratioOf(u8.figures.bytesToGpu, f32.figures.bytesToGpu);
  if (imageRatio === null || totalFactor === null) return null;
  const trap = find(arms, 'int32-trap');
  const f32Pixels = f32.config.batchSize * f32.config.imageSizePx ** 2;
  const stepSpeed = unpairedRatio(f32.blockRates, u8.blockRates);
  return {
    imageRatio,
    totalFactor,
    trapFactor: trap ? ratioOf(u8.figures.imageBytesToGpu, trap.figures.imageBytesToGpu) : null,
    hereFloatBytesPerPixel: (f32.figures.bytesToGpu ?? Number.NaN) / f32Pixels,
    uint8StepMs: measuredStepMs(u8),
    floatStepMs: measuredStepMs(f32),
    stepSpeed,
    stepVerdict: stepSpeed ? ratioVerdict(stepSpeed, u8.stable && f32.stable ? 'settled' : 'capped') : null,
  };
}

/** One case of lesson 2 (storage-bound or CPU-bound): its 0-worker arm against its 2-worker arm. */
export interface LoadersPairResult {
  /** Share of each step spent waiting for data with 0 and with 2 workers, 0–1. */
  waitShare0: number;
  waitShare2: number;
  /** samples/s with 2 workers ÷ with 0. */
  speedup: number;
  /**
   * The same ratio as the median of paired rounds with its interval (config/pairedTiming.ts), and the
   * verdict it allows; null before the pair's first round.
   */
  speed: MedianInterval | null;
  speedVerdict: RatioVerdict | null;
  /** Paired rounds the ratio rests on. */
  rounds: number;
  /** Mean compute ms per step with 0 and 2 workers: it rises when workers take the GPU's cores. */
  computeMs0: number;
  computeMs2: number;
  /** First timed step of the 2-worker arm: after its initial prefetch. */
  firstTimedStep2: number;
}

export interface LoadersLessonResult {
  /** Waits on (simulated) storage, which workers overlap; null until both its arms finished. */
  storage: LoadersPairResult | null;
  /** Expensive batches built on the CPU, which workers share with a software GPU; null until finished. */
  cpu: LoadersPairResult | null;
  /** The storage case's simulated latency, ms per sample. */
  storageLatencyMsPerSample: number;
}

/** The 0-worker and the 2-worker arm of lesson 2's case `pair` (see LESSONS.loaders.arms). */
function loadersPair(
  arms: readonly ArmResult[],
  pair: string,
  paired: PairedVerdict | undefined,
): LoadersPairResult | null {
  const lesson = LESSONS.loaders;
  const ids = lesson.arms.filter((a) => a.pair === pair);
  const byWorkers = (n: number) => ids.find((a) => armConfig(lesson, a).workers === n);
  const a0 = byWorkers(0);
  const a2 = byWorkers(2);
  const w0 = a0 && find(arms, a0.id);
  const w2 = a2 && find(arms, a2.id);
  if (!w0 || !w2) return null;
  const f0 = w0.figures;
  const f2 = w2.figures;
  const speedup = ratioOf(f0.samplesPerSec, f2.samplesPerSec);
  if (f0.dataWaitShare === null || f2.dataWaitShare === null || speedup === null) return null;
  // The 2-worker arm's ratio to the pair's first arm (the 0-worker baseline), as the job ran them.
  const speed = paired?.ratios[ids.indexOf(a2)] ?? null;
  return {
    waitShare0: f0.dataWaitShare,
    waitShare2: f2.dataWaitShare,
    speedup,
    speed,
    speedVerdict: speed && paired ? ratioVerdict(speed, paired.state) : null,
    rounds: paired?.rounds ?? 0,
    computeMs0: f0.meanComputeMs ?? Number.NaN,
    computeMs2: f2.meanComputeMs ?? Number.NaN,
    firstTimedStep2: f2.firstTimedStep,
  };
}

export function loadersLessonResult(
  arms: readonly ArmResult[],
  pairs: Readonly<Record<string, PairedVerdict>> = {},
): LoadersLessonResult | null {
  const storage = loadersPair(arms, 'storage', pairs.storage);
  const cpu = loadersPair(arms, 'cpu', pairs.cpu);
  if (!storage && !cpu) return null;
  return { storage, cpu, storageLatencyMsPerSample: LESSONS.loaders.config.storageLatencyMsPerSample };
}

interface StrategyBalance {
  strategy: ParallelStrategy;
  device0Bytes: number;
  /** Mean of the other devices. */
  othersBytes: number;
  /** device 0 ÷ the others. */
  ratio: number;
}

export interface GpusLessonResult {
  strategies: StrategyBalance[];
}

export function gpusLessonResult(
  records: Partial<Record<ParallelStrategy, ParallelStepRecord>>,
): GpusLessonResult | null {
  const strategies = PARALLEL_STRATEGIES.flatMap((strategy): StrategyBalance[] => {
    const r = records[strategy];
    const first = r?.reports[0];
    if (!r || !first || r.reports.length < 2) return [];
    const device0Bytes = deviceMemoryPeak(first);
    const othersBytes = othersMeanMemory(r);
    return [{ strategy, device0Bytes, othersBytes, ratio: device0Bytes / othersBytes }];
  });
  return strategies.length === 0 ? null : { strategies };
}

/** Kernel time a profiled step spent on its input (the Normalize layer: unpack, cast, normalize, one-hot). */
export interface InputKernelTime {
  inputMs: number;
  totalMs: number;
  /** Distinct kernel names of that input work, in dispatch order. */
  kernels: string[];
}

/** What the bytes lesson's profiles show: the GPU-side cost of each data path's input handling. */
export function inputKernelTime(
  profile: Pick<StepProfile, 'kernels' | 'totalKernelMs' | 'timing'>,
): InputKernelTime | null {
  if (profile.timing === 'none' || profile.totalKernelMs === null) return null;
  const input = profile.kernels.filter((k) => k.layer === 'normalize');
  return {
    inputMs: input.reduce((sum, k) => sum + (k.ms ?? 0), 0),
    totalMs: profile.totalKernelMs,
    kernels: [...new Set(input.map((k) => k.name))],
  };
}
