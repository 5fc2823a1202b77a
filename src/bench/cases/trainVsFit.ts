/**
 * Case b: samples/s of BatchLab's training step against the same U-Net trained the stock TensorFlow.js
 * way (tf.layers, model.fit and model.trainOnBatch), and against BatchLab's own step before issue 17's
 * own conv kernels (the same trainer with tfjs's kernels: convKernel 'direct') and before issue 9's
 * optimisation. The tf.layers model runs on the same tfjs engine and backend with tfjs's own kernels, as a
 * stock user's would (BatchLab's kernels are registered under their own names and replace none of tfjs's). Same backend, batch, batch sequence, initial weights and optimizer; batches are built
 * before the timed region. BatchLab uploads its uint8 batch and normalizes on the GPU; the stock user
 * uploads float32 normalized images and float32 one-hot labels (tf.tensor, inside the timed region; the
 * CPU normalization and one-hot, loader work, outside). No DOM.
 */
import * as tf from '@tensorflow/tfjs';
import { createLayersUNet, disposeLayersUNet, fitBatchArrays, fitTensors } from '../../engine/layersUNet';
import { currentWebGpuCapabilities } from '../../engine/backend';
import { chooseConvKernel, type ConvPath } from '../../engine/convChoice';
import { createTrainer } from '../../engine/trainer';
import { stepFigureKey, type BenchContext } from '../benchContext';
import { goalRatio, type CaseBody } from '../benchTypes';
import { createReferenceStep } from '../referenceStep';
import { buildStepBatches, timeStepsInterleaved, type StepFigure } from '../stepTiming';
import { round } from '../timing';

/**
 * The conv kernels BatchLab's step ran before issue 17 (the bench keeps that step as a row): tfjs's direct
 * kernel on a software WebGPU adapter, tfjs's tiled one everywhere else.
 */
export function convBeforeIssue17(): ConvPath {
  return currentWebGpuCapabilities()?.isFallbackAdapter ? 'direct' : 'tiled';
}

export async function runTrainVsFit(ctx: BenchContext): Promise<CaseBody> {
  const config = ctx.plan.train;
  const batches = buildStepBatches(config);
  const hostArrays = batches.map((b) => fitBatchArrays(b, config.mean255, config.std255));
  const arraysOf = (batchIndex: number) => {
    const a = hostArrays[batchIndex % hostArrays.length];
    if (!a) throw new Error('no fit arrays');
    return a;
  };

  ctx.log(
    'b: BatchLab trainer, its steps before issues 17 and 9, model.fit, trainOnBatch and the SGD trainer, interleaved',
  );
  const trainer = createTrainer(config, ctx.backend);
  const before17 = createTrainer(config, ctx.backend, { unet: { convKernel: convBeforeIssue17() } });
  const sgdTrainer = createTrainer({ ...config, optimizer: 'sgd' }, ctx.backend);
  const reference = createReferenceStep(config, ctx.backend);
  const fitNet = createLayersUNet(config);
  const tobNet = createLayersUNet(config);
  const withFitTensors = async <T>(
    batchIndex: number,
    run: (x: tf.Tensor4D, y: tf.Tensor4D) => Promise<T>,
  ) => {
    const { x, y } = fitTensors(arraysOf(batchIndex));
    try {
      return await run(x, y);
    } finally {
      x.dispose();
      y.dispose();
    }
  };
  const [ours, beforeOwnKernels, before, fit, trainOnBatch, sgd] = await timeStepsInterleaved(
    ctx.plan.reps,
    batches,
    [
      async (b) => (await trainer.step(b)).loss,
      async (b) => (await before17.step(b)).loss,
      (b) => reference.step(b),
      (b) =>
        withFitTensors(b.batchIndex, async (x, y) => {
          const history = await fitNet.model.fit(x, y, {
            batchSize: config.batchSize,
            epochs: 1,
            verbose: 0,
          });
          return Number(history.history.loss?.[0]);
        }),
      (b) => withFitTensors(b.batchIndex, async (x, y) => Number(await tobNet.model.trainOnBatch(x, y))),
      async (b) => (await sgdTrainer.step(b)).loss,
    ],
  ).finally(() => {
    trainer.dispose();
    before17.dispose();
    sgdTrainer.dispose();
    reference.dispose();
    disposeLayersUNet(fitNet);
    disposeLayersUNet(tobNet);
  });
  if (!ours || !beforeOwnKernels || !before || !fit || !trainOnBatch || !sgd) {
    throw new Error('missing step figures');
  }
  ctx.stepFigures.set(stepFigureKey(ctx.backend, config), ours);
  ctx.stepFigures.set(`before-issue-17:${stepFigureKey(ctx.backend, config)}`, beforeOwnKernels);
  ctx.stepFigures.set(`before-issue-9:${stepFigureKey(ctx.backend, config)}`, before);

  const row = (label: string, f: StepFigure) => ({
    implementation: label,
    medianMs: round(f.timing.medianMs),
    samplesPerSec: round(f.samplesPerSec),
    firstLoss: round(f.losses[0] ?? Number.NaN, 6),
    lastLoss: round(f.losses[f.losses.length - 1] ?? Number.NaN, 6),
    vsModelFit: round(f.samplesPerSec / fit.samplesPerSec),
  });
  const lossGap = (other: StepFigure) =>
    Math.max(...ours.losses.map((l, i) => Math.abs(l - (other.losses[i] ?? Number.NaN))));
  const choice = chooseConvKernel(ctx.backend, currentWebGpuCapabilities());
  return {
    title: `training step: BatchLab vs tf.layers (${ctx.backend}, ${config.imageSizePx} px, batch ${config.batchSize}, ${config.optimizer})`,
    columns: [
      { key: 'implementation', label: 'implementation' },
      { key: 'medianMs', label: 'median ms/step' },
      { key: 'samplesPerSec', label: 'samples/s' },
      { key: 'firstLoss', label: 'loss step 1' },
      { key: 'lastLoss', label: `loss step ${ours.losses.length}` },
      { key: 'vsModelFit', label: '× model.fit' },
    ],
    rows: [
      row(
        `BatchLab trainer.step (convs: ${choice.path === 'wgsl' ? 'own WGSL kernels' : "tfjs's kernels"})`,
        ours,
      ),
      row("BatchLab step before issue 17 (tfjs's conv kernels)", beforeOwnKernels),
      row('BatchLab step before issue 9', before),
      row('tf.layers model.fit', fit),
      row('tf.layers model.trainOnBatch', trainOnBatch),
      {
        ...row('BatchLab trainer.step with SGD (not Adam)', sgd),
        firstLoss: null,
        lastLoss: null,
        vsModelFit: null,
      },
    ],
    ratios: [
      goalRatio(
        'BatchLab samples/s ÷ model.fit samples/s',
        ours.samplesPerSec / fit.samplesPerSec,
        '≥',
        '3.5',
      ),
      goalRatio(
        'BatchLab after ÷ before issue 17 (samples/s)',
        ours.samplesPerSec / beforeOwnKernels.samplesPerSec,
        '≥',
        '1.5',
      ),
      {
        label: 'BatchLab ÷ model.trainOnBatch',
        value: round(ours.samplesPerSec / trainOnBatch.samplesPerSec),
      },
      { label: 'BatchLab after ÷ before issue 9', value: round(ours.samplesPerSec / before.samplesPerSec) },
      {
        label: "Adam's share of the step (1 − SGD step ms ÷ Adam step ms)",
        value: round(1 - sgd.timing.medianMs / ours.timing.medianMs),
      },
      goalRatio('largest |loss gap| BatchLab vs model.fit over the same steps', lossGap(fit), '≤', '1e-4'),
      goalRatio(
        'largest |loss gap| BatchLab vs its step before issue 17',
        lossGap(beforeOwnKernels),
        '≤',
        '1e-5',
      ),
    ],
    notes: [
      `median of ${ctx.plan.reps.reps} steps after ${ctx.plan.reps.warmup} warm-ups, the six implementations interleaved step by step; every step ends with an awaited loss readback`,
      'the SGD row only prices the optimizer: tfjs Adam is ~14 small kernels per variable, SGD 2 (its losses differ by design)',
      "same seed → same initial weights (the layers model copies createUNet's), same batches in the same order, same optimizer constructor",
      'model.fit: tf.layers defaults (shuffle, yieldEvery auto), verbose 0, one call per step with batchSize = the batch; its host arrays are built before timing, tf.tensor uploads inside',
      `conv kernels of trainer.step on this adapter: ${choice.path} (${choice.reason}); the row before issue 17 runs the same trainer with convKernel '${convBeforeIssue17()}'`,
      `tensors alive after the case: ${tf.memory().numTensors}`,
    ],
  };
}
