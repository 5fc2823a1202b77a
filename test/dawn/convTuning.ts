/**
 * Runs on Dawn's WebGPU in a child process (dawnChild.mjs) for test/convTuning.test.ts: the conv kernels
 * chosen by measurement on this adapter (engine/convTuning.ts through the trainer), against the own
 * kernels forced and against mixes of own and tfjs's kernels per direction. Returns plain numbers; the
 * test makes the assertions.
 */
import { DEFAULT_CONFIG, type TrainConfig } from '../../src/config/trainConfig';
import type { ConvChoiceReport, ConvKernels } from '../../src/config/convKernels';
import { buildHostBatch } from '../../src/data/buildBatch';
import * as tf from '../../src/engine/tf';
import { createMemoryConvStore } from '../../src/engine/convTuning';
import { createTrainer, type TrainerOptions } from '../../src/engine/trainer';
import { currentWebGpuCapabilities } from '../../src/engine/backend';
import { start } from './convParity';

export interface TuningRun {
  measured: ConvChoiceReport | null;
  /** A second trainer on the same store: the choice reused. */
  reused: ConvChoiceReport | null;
  measuredLosses: number[];
  forcedOwnLosses: number[];
  /** Per mix (its kernels as JSON), the losses of its steps. */
  mixes: { kernels: ConvKernels; losses: number[] }[];
  tensorsBefore: number;
  tensorsAfter: number;
  problems: string[];
  /** The adapter is a fallback (software) one: some candidates are left out there (convChoice.ts). */
  fallbackAdapter: boolean;
}

const TRAIN: TrainConfig = { ...DEFAULT_CONFIG, imageSizePx: 16, batchSize: 2, augment: false };
const STEPS = 10;
const MIX_STEPS = 3;

const MIXES: ConvKernels[] = [
  { forward: 'tfjs', inputGradient: 'own-software', filterGradient: 'own-software' },
  { forward: 'own-gpu', inputGradient: 'tfjs', filterGradient: 'own-gpuNoReduce' },
  { forward: 'own-software', inputGradient: 'own-gpu', filterGradient: 'tfjs' },
];

async function losses(config: TrainConfig, steps: number, options: TrainerOptions) {
  const trainer = createTrainer(config, 'webgpu', options);
  const out: number[] = [];
  try {
    for (let i = 0; i < steps; i++) out.push((await trainer.step(buildHostBatch(config, i % 4))).loss);
    return { losses: out, choice: trainer.convChoice };
  } finally {
    trainer.dispose();
  }
}

export async function tuning(): Promise<TuningRun> {
  const problems = await start();
  const tensorsBefore = tf.memory().numTensors;
  const store = createMemoryConvStore();
  const measured = await losses(TRAIN, STEPS, { convStores: [store] });
  const reused = await losses(TRAIN, 1, { convStores: [store] });
  const forced = await losses(TRAIN, STEPS, { unet: { convKernel: 'wgsl' } });
  const mixes = [];
  for (const kernels of MIXES) {
    mixes.push({
      kernels,
      losses: (await losses(TRAIN, MIX_STEPS, { unet: { convKernel: kernels } })).losses,
    });
  }
  return {
    measured: measured.choice,
    reused: reused.choice,
    measuredLosses: measured.losses,
    forcedOwnLosses: forced.losses,
    mixes,
    tensorsBefore,
    tensorsAfter: tf.memory().numTensors,
    problems,
    fallbackAdapter: currentWebGpuCapabilities()?.isFallbackAdapter ?? false,
  };
}

/** The default config's first step, measured choice or the rule's fixed one, in a fresh process (cold pipelines). */
export async function firstStep(): Promise<{
  choice: ConvChoiceReport | null;
  firstStepMs: number;
  secondStepMs: number;
}> {
  await start();
  const fixed = process.env.BATCHLAB_FIXED_CONV === '1';
  const trainer = createTrainer(DEFAULT_CONFIG, 'webgpu', fixed ? { unet: { convKernel: 'wgsl' } } : {});
  const t0 = performance.now();
  await trainer.step(buildHostBatch(DEFAULT_CONFIG, 0));
  const t1 = performance.now();
  await trainer.step(buildHostBatch(DEFAULT_CONFIG, 1));
  const t2 = performance.now();
  const choice = trainer.convChoice;
  trainer.dispose();
  return { choice, firstStepMs: t1 - t0, secondStepMs: t2 - t1 };
}
