/**
 * What one replica's step function works with: its own model copy, Normalize layer, optimizer (where its
 * strategy steps one), the metered link to the other replicas, and a memory sampler called at every phase
 * boundary. Also the small tfjs helpers the three strategies share.
 */
import * as tf from '../tf';
import type { TrainConfig } from '../../config/trainConfig';
import type { HostBatch } from '../../data/hostBatch';
import { decodeHostMasksToClassIds } from '../../data/decodeBatch';
import { currentWebGpuDevice, type BackendName } from '../backend';
import type { DeviceLabels } from '../loss';
import type { NormalizeLayer } from '../normalizeLayer';
import type { UNet } from '../unet';
import { disposeDeviceBatch, uploadBatch } from '../uploadBatch';
import { assignFlat, disposeNamed, readFlat, splitFlat } from './flatParams';
import { releasePendingBuffers } from './releasePending';
import type { Link } from './transport';
import type { AllReduceAlgorithm } from '../../config/parallel';

export interface ReplicaContext {
  config: TrainConfig;
  backend: BackendName;
  rank: number;
  size: number;
  model: UNet;
  normalize: NormalizeLayer;
  /** The optimizer this replica steps: device 0 under dp-*, every replica under ddp, else null. */
  optimizer: tf.Optimizer | null;
  allReduce: AllReduceAlgorithm;
  link: Link;
  /** Records tf.memory() now (the step's peak is the highest sample). */
  sample(): void;
}

/** Host data of one step. */
export interface StepInputs {
  /** This replica's shard of the batch. */
  shard: HostBatch;
  /** The whole batch: device 0 under dp-gather needs every label to compute the loss of all outputs. */
  batch: HostBatch | null;
}

export interface StrategyOutcome {
  shardLoss: number | null;
  batchLoss: number | null;
}

export type StrategyStep = (ctx: ReplicaContext, inputs: StepInputs) => Promise<StrategyOutcome>;

/** A tensor's values in a host array this code owns (tfjs may hand back its own storage on cpu). */
export async function readOwned(t: tf.Tensor): Promise<Float32Array> {
  return Float32Array.from((await t.data()) as Float32Array);
}

export async function readScalar(t: tf.Tensor): Promise<number> {
  return (await t.data())[0] ?? Number.NaN;
}

/** A shard on the device: normalized input x [s, H, W, C] and its labels. */
export interface DeviceShard {
  x: tf.Tensor4D;
  labels: DeviceLabels;
  dispose(): void;
}

/** Uploads and normalizes a shard, as the single-device trainer does. Dispose with `dispose()`. */
export function uploadShard(ctx: ReplicaContext, shard: HostBatch): DeviceShard {
  const device = uploadBatch(shard, ctx.backend, ctx.config.uploadPath);
  const x = ctx.normalize.images(device.images);
  const labels = ctx.normalize.labels(device.masks);
  return {
    x,
    labels,
    dispose: () => {
      x.dispose();
      labels.tensor.dispose();
      disposeDeviceBatch(device);
    },
  };
}

/** Class ids [B, H, W] of a whole batch, uploaded as int32. Caller disposes the tensor. */
export function uploadBatchLabels(batch: HostBatch): DeviceLabels {
  const ids = Int32Array.from(decodeHostMasksToClassIds(batch));
  return {
    kind: 'class-ids',
    tensor: tf.tensor3d(ids, [batch.batchSize, batch.heightPx, batch.widthPx], 'int32'),
  };
}

/** Applies a flat [P] gradient with this replica's optimizer. Does not dispose `flat`. */
export function applyFlatGradients(ctx: ReplicaContext, flat: tf.Tensor1D): void {
  if (!ctx.optimizer) throw new Error(`replica ${ctx.rank} has no optimizer under this strategy`);
  const named = splitFlat(ctx.model.variables, flat);
  try {
    ctx.optimizer.applyGradients(named);
  } finally {
    disposeNamed(named);
  }
}

/** dp-*: device 0 sends its weights to every replica, which loads them into its model copy. */
export async function shareWeights(ctx: ReplicaContext): Promise<void> {
  const { link, model } = ctx;
  if (ctx.rank !== 0) {
    assignFlat(model.variables, await link.receive(0, 'weights'));
  } else if (link.size > 1) {
    const weights = await readFlat(model.variables);
    for (let r = 1; r < link.size; r++) link.send(r, 'weights', weights);
  }
}

/**
 * dp-*, device 0: adds every replica's flat gradients to its own `own` and steps the optimizer. The tensors
 * it makes are pushed onto `held`, for the caller to dispose.
 */
export async function sumGradientsAndStep(
  ctx: ReplicaContext,
  own: tf.Tensor1D,
  held: tf.Tensor[],
): Promise<void> {
  const n = ctx.link.size;
  const gradients: tf.Tensor1D[] = [own];
  for (let r = 1; r < n; r++) {
    const g = tf.tensor1d(await ctx.link.receive(r, 'grads'));
    held.push(g);
    gradients.push(g);
  }
  const total = n > 1 ? tf.addN(gradients) : own;
  if (total !== own) held.push(total);
  ctx.sample();
  applyFlatGradients(ctx, total);
  await syncDevice(ctx);
  ctx.sample();
}

/**
 * Waits until the device has finished the work queued so far: on webgpu, submit and await
 * onSubmittedWorkDone(); elsewhere one tiny awaited readback (cpu work is already done).
 */
export async function syncDevice(ctx: ReplicaContext): Promise<void> {
  const device = currentWebGpuDevice();
  if (device) {
    releasePendingBuffers();
    await device.queue.onSubmittedWorkDone();
    return;
  }
  const last = ctx.model.variables[ctx.model.variables.length - 1];
  if (!last) return;
  const probe = tf.tidy(() => tf.sum(last));
  await probe.data();
  probe.dispose();
}
