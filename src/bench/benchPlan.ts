/**
 * Sizes of every bench case, full and quick. Chosen for the 2-core machine with the software WebGPU
 * adapter (SwiftShader): the full bench must end in < 10 minutes and --quick in < 2, and every figure is
 * still a median of ≥ 5 repetitions. A real GPU finishes the same plan in seconds.
 * Pure data; no tfjs, no DOM.
 */
import { DATASET_STATS, DEFAULT_CONFIG, type TrainConfig } from '../config/trainConfig';
import type { SweepSpec } from '../config/sweep';
import type { RepPlan } from './timing';

export interface DataPathShape {
  batchSize: number;
  sizePx: number;
  channels: 1 | 3;
}

export interface BenchPlan {
  /** Warm-ups and timed repetitions of every figure. */
  reps: RepPlan;
  /** The training config of cases b, c and g (and e at `telemetry`). */
  train: TrainConfig;
  /** Case a: the two batches (quick: a smaller one), upload + normalize only (no training). */
  dataPathShapes: DataPathShape[];
  /** Case a's repetitions: one warm-up suffices (no shader but the unpack one to compile). */
  dataPathReps: RepPlan;
  /** Case d: heavy loader work (large sources, blur, augmentation) and the smallest model. */
  loader: TrainConfig;
  /** Case d: rounds (one block per worker count, order rotating between rounds) and timed steps per block. */
  loaderBlocks: { blocks: number; steps: number };
  /** Case e: a small, fast step, so the per-step telemetry cost is as visible as it can be. */
  telemetry: TrainConfig;
  /** Case f: the config whose first step is timed (its shaders are what gets compiled). */
  firstStep: TrainConfig;
  /** Case g: n of the n×n · n×n matmul that measures the adapter's GFLOP/s. */
  matmulSize: number;
  /** Case i: the configs whose estimate is checked against measured peak and pool (a batch and an image sweep). */
  peakMemory: TrainConfig[];
  /** Case j: one sweep, run as the Tradeoff view runs it (each point an arm in its own worker). */
  sweep: { spec: SweepSpec; base: TrainConfig };
  /** Case i: the batch finder's configs (it starts at their batch) and the per-buffer limit it simulates. */
  finder: { configs: TrainConfig[]; limitBytes: number };
  /** Case h: replica workers (one device each) per run, its config (N must divide the batch), steps per run. */
  multiDevice: { config: TrainConfig; replicaCounts: number[]; steps: number };
}

const base: TrainConfig = { ...DEFAULT_CONFIG, augment: false, workers: 0, backend: 'auto' };

/** BatchLab's default model (depth 2, width 8, 3 channels, 4 classes, Adam) at 32 px, batch 4. */
const TRAIN_FULL: TrainConfig = { ...base, imageSizePx: 32, batchSize: 4 };
const TRAIN_QUICK: TrainConfig = { ...base, imageSizePx: 16, batchSize: 2 };
const TINY: TrainConfig = { ...base, imageSizePx: 16, batchSize: 2, baseWidth: 4 };

/**
 * Case d: a loader-bound setup. Each sample is rendered at 512 px (16 px × source scale 32), blurred with
 * radius 24 and crop + rescaled to 16 px: ≈ 0.35–0.4 s of one core per sample, ~8× the tiny model's step.
 */
const LOADER_HEAVY: TrainConfig = {
  ...base,
  imageSizePx: 16,
  batchSize: 2,
  baseWidth: 4,
  depth: 2,
  blurRadiusPx: 24,
  sourceScale: 32,
  augment: true,
  prefetch: 2,
};

/** Case h: BatchLab's default model (depth 2, width 8) at 32 px, batch 8 (split by N = 1, 2, 4). */
const MULTI_DEVICE: TrainConfig = { ...base, imageSizePx: 32, batchSize: 8 };

const gray = DATASET_STATS[1];

export function benchPlan(quick: boolean): BenchPlan {
  return {
    reps: { warmup: 2, reps: 5 },
    train: quick ? TRAIN_QUICK : TRAIN_FULL,
    dataPathShapes: quick
      ? [{ batchSize: 8, sizePx: 256, channels: 1 }]
      : [
          { batchSize: 32, sizePx: 256, channels: 1 },
          { batchSize: 16, sizePx: 256, channels: 3 },
        ],
    dataPathReps: { warmup: 1, reps: 5 },
    loader: quick ? { ...LOADER_HEAVY, sourceScale: 16 } : LOADER_HEAVY,
    loaderBlocks: quick ? { blocks: 1, steps: 3 } : { blocks: 5, steps: 4 },
    telemetry: TINY,
    firstStep: TINY,
    matmulSize: quick ? 256 : 512,
    sweep: {
      spec: { setting: 'batchSize', values: quick ? [1, 2] : [1, 2, 4] },
      base: { ...base, imageSizePx: 16 },
    },
    multiDevice: { config: MULTI_DEVICE, replicaCounts: quick ? [2] : [1, 2, 4], steps: 2 },
    // 16 px under 512 KiB a buffer (the e2e's simulated limit): the tiny model and the default one.
    finder: {
      configs: [
        { ...TINY, batchSize: 8 },
        { ...base, imageSizePx: 16, batchSize: 8 },
      ],
      limitBytes: 512 * 1024,
    },
    peakMemory: quick
      ? [1, 2, 4]
          .map((batchSize) => ({ ...base, imageSizePx: 16, batchSize }))
          .concat({ ...TRAIN_QUICK, imageSizePx: 32 })
      : [
          ...[1, 2, 4, 8].map((batchSize) => ({ ...base, imageSizePx: 32, batchSize })),
          { ...base, imageSizePx: 16, batchSize: 4 },
          { ...base, imageSizePx: 64, batchSize: 4 },
        ],
  };
}

/** Mean/std (0–255 scale) of the synthetic dataset for a channel count. */
export function datasetStats(channels: 1 | 3): { mean255: number[]; std255: number[] } {
  const s = channels === 1 ? gray : DATASET_STATS[3];
  return { mean255: [...s.mean255], std255: [...s.std255] };
}
