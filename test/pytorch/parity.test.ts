// The exported project, run with a real PyTorch on the CPU: its first 5 losses equal BatchLab's (cpu
// backend, same config, seed and batches) within 1e-4 for every strategy; under DDP with gloo, two ranks
// keep bit-identical weights after every step; the byte figures it prints equal BatchLab's calculator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PyTorchExportRequest } from '../../src/config/pytorchExport';
import { DATASET_STATS, DEFAULT_CONFIG, type TrainConfig } from '../../src/config/trainConfig';
import { browserBatchBytes, torchBatchBytes } from '../../src/data/batchBytes';
import { makeOptimizer } from '../../src/engine/optimizer';
import { trainScript } from '../../src/export/pytorch/buildProject';
import { projectConfigOf, TFJS_ADAM_EPSILON } from '../../src/export/pytorch/projectConfig';
import {
  batchLabLosses,
  expectSuccess,
  exportProject,
  maxAbsDiff,
  readRankLog,
  requireTorchPython,
  runPython,
  runRanks,
  useCpuBackend,
  type ExportedProject,
  type RankLog,
} from './harness';

const STEPS = 5;
const TOLERANCE = 1e-4;

const tiny: TrainConfig = {
  ...DEFAULT_CONFIG,
  imageSizePx: 16,
  batchSize: 2,
  depth: 2,
  baseWidth: 4,
  learningRate: 0.01,
  maxSteps: STEPS,
  workers: 0,
};

const gray: Pick<TrainConfig, 'channels' | 'mean255' | 'std255'> = {
  channels: 1,
  mean255: [...DATASET_STATS[1].mean255],
  std255: [...DATASET_STATS[1].std255],
};

interface ParityCase {
  name: string;
  config: TrainConfig;
  request: PyTorchExportRequest;
}

const SINGLE_PROCESS_CASES: ParityCase[] = [
  {
    name: 'one device: uint8 images + Normalize in the model, uint8 masks, Adam',
    config: tiny,
    request: { strategy: 'single', processes: 1 },
  },
  {
    name: 'DataParallel gather: float16 normalized by the loader, int32 masks, SGD, gray, depth 3, 2 loader workers',
    config: {
      ...tiny,
      ...gray,
      depth: 3,
      optimizer: 'sgd',
      learningRate: 0.05,
      imageDtype: 'float16',
      normalizeOn: 'loader',
      maskDtype: 'int32',
      workers: 2,
      prefetch: 3,
    },
    request: { strategy: 'dp-gather', processes: 2 },
  },
  {
    name: 'loss in forward: float32 + Normalize in the model, one-hot masks, 3 classes, batch 4, source ×2 + blur',
    config: {
      ...tiny,
      batchSize: 4,
      numClasses: 3,
      imageDtype: 'float32',
      normalizeOn: 'model',
      maskDtype: 'float32-onehot',
      sourceScale: 2,
      blurRadiusPx: 1,
    },
    request: { strategy: 'dp-loss-in-forward', processes: 2 },
  },
  {
    // SGD: Adam's update does not see a gradient scaled by k, SGD's does.
    name: 'when the batch does not fit: 4 micro-batches and recomputation per block, batch 8, SGD',
    config: {
      ...tiny,
      batchSize: 8,
      microBatches: 4,
      recompute: 'block',
      optimizer: 'sgd',
      learningRate: 0.05,
    },
    request: { strategy: 'single', processes: 1 },
  },
];

/** BatchLab's calculator for the bytes PyTorch moves: the packed WebGPU path, which also moves the stored bytes. */
function expectBytesOfCalculator(log: RankLog, config: TrainConfig): void {
  const expected = browserBatchBytes(config, 'webgpu');
  const pixels = config.batchSize * config.imageSizePx ** 2;
  expect(log.bytes).toEqual({
    host_image_bytes: expected.hostImageBytes,
    host_mask_bytes: expected.hostMaskBytes,
    device_image_bytes: expected.uploadImageBytes,
    device_mask_bytes: expected.uploadMaskBytes,
    model_input_bytes: expected.gpuImageBytes,
    int64_mask_bytes:
      torchBatchBytes({
        batchSize: config.batchSize,
        heightPx: config.imageSizePx,
        widthPx: config.imageSizePx,
        channels: config.channels,
        imageDtype: 'float32',
        maskDtype: 'int64',
      }).maskBytes * (config.maskDtype === 'float32-onehot' ? config.numClasses : 1),
  });
  expect(log.bytes.int64_mask_bytes).toBe(
    8 * pixels * (config.maskDtype === 'float32-onehot' ? config.numClasses : 1),
  );
}

let python = '';
const projects: ExportedProject[] = [];

beforeAll(async () => {
  python = requireTorchPython();
  await useCpuBackend();
});

afterAll(() => projects.forEach((p) => p.cleanup()));

describe('the exported PyTorch project reproduces BatchLab on the CPU', () => {
  it("writes the engine's own Adam hyper-parameters (tfjs's epsilon, not PyTorch's default)", () => {
    const adam = makeOptimizer({ optimizer: 'adam', learningRate: 0.01 });
    const { beta1, beta2, epsilon } = adam.getConfig() as { beta1: number; beta2: number; epsilon: number };
    adam.dispose();
    expect(epsilon).toBe(TFJS_ADAM_EPSILON);
    const script = trainScript(projectConfigOf(tiny, { strategy: 'single', processes: 1 }));
    expect(script).toContain(`ADAM_BETAS = (${beta1}, ${beta2})`);
    expect(script).toContain('ADAM_EPSILON = 1e-7');
  });

  for (const c of SINGLE_PROCESS_CASES) {
    it(c.name, async () => {
      const project = await exportProject(python, c.config, c.request);
      projects.push(project);
      // PyTorch runs in its own process while BatchLab's cpu backend computes the reference here.
      const running = runPython(python, ['train.py', '--steps', String(STEPS), '--log-dir', 'logs'], {
        cwd: project.dir,
      });
      const reference = await batchLabLosses(c.config, STEPS);
      const run = expectSuccess(await running, 'train.py');
      const log = readRankLog(project.dir, 0);
      const diff = maxAbsDiff(log.losses, reference);
      console.log(
        `[parity] ${c.request.strategy}: max |loss diff| over ${STEPS} steps = ${diff.toExponential(2)}`,
      );
      expect(log.losses).toHaveLength(STEPS);
      expect(diff).toBeLessThan(TOLERANCE);
      expectBytesOfCalculator(log, c.config);
      expect(run.stdout).toMatch(/samples\/s/);
      expect(run.stdout).toContain('peak GPU memory');
    });
  }

  const ddpCases: [string, TrainConfig][] = [
    ['', { ...tiny, batchSize: 4, imageDtype: 'float16', normalizeOn: 'model', workers: 1 }],
    [
      ' (4 micro-batches, recomputation, SGD)',
      { ...tiny, batchSize: 8, microBatches: 4, recompute: 'block', optimizer: 'sgd', learningRate: 0.05 },
    ],
  ];
  it.each(ddpCases)(
    "DDP with gloo, two ranks%s: identical weights after every step, the whole batch's loss as BatchLab's",
    async (label, config) => {
      const project = await exportProject(python, config, { strategy: 'ddp', processes: 2 });
      projects.push(project);
      const running = runRanks(python, project.dir, 2, ['--steps', String(STEPS), '--log-dir', 'logs']);
      const reference = await batchLabLosses(config, STEPS);
      const runs = await running;
      runs.forEach((r, rank) => expectSuccess(r, `rank ${rank}`));
      const [rank0, rank1] = [readRankLog(project.dir, 0), readRankLog(project.dir, 1)];
      expect(rank0.world).toBe(2);
      expect(rank0.weights_sha256).toHaveLength(STEPS);
      expect(rank1.weights_sha256).toEqual(rank0.weights_sha256);
      // Each step changes the weights (the digests are not all the same value).
      expect(new Set(rank0.weights_sha256).size).toBe(STEPS);
      for (const log of [rank0, rank1]) expect(log.rank_losses.every(Number.isFinite)).toBe(true);
      // The two ranks saw different halves of each batch.
      expect(rank0.rank_losses).not.toEqual(rank1.rank_losses);
      const diff = maxAbsDiff(rank0.losses, reference);
      console.log(`[parity] ddp ×2${label}: max |loss diff| over ${STEPS} steps = ${diff.toExponential(2)}`);
      expect(diff).toBeLessThan(TOLERANCE);
      expectBytesOfCalculator(rank0, config);
    },
  );
});
