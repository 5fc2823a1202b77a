/**
 * Splitting one training batch of B samples into N equal shards, one per replica (data parallelism).
 * Two ways that give the same bytes: slice a built HostBatch (shardHostBatch: "the same batch, cut"), or
 * build shard r of batch i directly (buildShardBatch), which renders only B/N samples — what a replica
 * worker does, so no replica renders the whole batch. Pure: no tfjs, no DOM.
 */
import type { BatchConfig } from './buildBatch';
import { buildHostBatch } from './buildBatch';
import { padTo4Bytes } from '../config/hostBatchBytes';
import type { HostBatch } from './hostBatch';

const IMAGE_ELEMENT_BYTES = { uint8: 1, float16: 2, float32: 4 } as const;
const MASK_ELEMENT_BYTES = { uint8: 1, int32: 4, 'float32-onehot': 4 } as const;

/** Why B samples cannot be split into `shards` equal shards, or null when they can. */
export function shardProblem(batchSize: number, shards: number): string | null {
  if (!Number.isInteger(shards) || shards < 1) return `replica count ${shards} is not a positive integer`;
  if (batchSize < shards) return `a batch of ${batchSize} cannot feed ${shards} replicas`;
  if (batchSize % shards !== 0) return `a batch of ${batchSize} does not split into ${shards} equal shards`;
  return null;
}

/** Samples per shard; throws when the batch does not split evenly. */
function shardSize(batchSize: number, shards: number): number {
  const problem = shardProblem(batchSize, shards);
  if (problem) throw new Error(problem);
  return batchSize / shards;
}

/** Copies `count` bytes from `offset` into a fresh buffer padded with zeros to a multiple of 4. */
function sliceBytes(buffer: ArrayBuffer, offset: number, count: number): ArrayBuffer {
  const out = new Uint8Array(padTo4Bytes(count));
  out.set(new Uint8Array(buffer, offset, count));
  return out.buffer;
}

/**
 * Cuts a HostBatch into `shards` equal HostBatches, in sample order (shard r holds samples r·s … r·s+s−1).
 * Buffers are copies (each shard can be transferred on its own); `batchIndex` stays the batch's.
 */
export function shardHostBatch(batch: HostBatch, shards: number): HostBatch[] {
  const s = shardSize(batch.batchSize, shards);
  const pixels = batch.heightPx * batch.widthPx;
  const imageElementsPerSample = pixels * batch.channels;
  const maskElementsPerSample = batch.maskDtype === 'float32-onehot' ? pixels * batch.numClasses : pixels;
  const imageBytesPerSample = imageElementsPerSample * IMAGE_ELEMENT_BYTES[batch.imageDtype];
  const maskBytesPerSample = maskElementsPerSample * MASK_ELEMENT_BYTES[batch.maskDtype];
  return Array.from({ length: shards }, (_, r) => ({
    ...batch,
    batchSize: s,
    images: sliceBytes(batch.images, r * s * imageBytesPerSample, s * imageBytesPerSample),
    imageElements: s * imageElementsPerSample,
    masks: sliceBytes(batch.masks, r * s * maskBytesPerSample, s * maskBytesPerSample),
    maskElements: s * maskElementsPerSample,
  }));
}

/**
 * Shard `rank` of training batch `batchIndex` split `shards` ways, rendering only its own samples: batch i
 * holds samples i·B … i·B+B−1 and shard r of it is batch (i·N + r) of size B/N, because sample ids (and so
 * augmentation) depend only on the id. Equal to shardHostBatch(buildHostBatch(config, i), N)[r].
 */
export function buildShardBatch(
  config: BatchConfig,
  batchIndex: number,
  rank: number,
  shards: number,
): HostBatch {
  if (!Number.isInteger(rank) || rank < 0 || rank >= shards) throw new Error(`bad shard rank ${rank}`);
  const s = shardSize(config.batchSize, shards);
  const shard = buildHostBatch({ ...config, batchSize: s }, batchIndex * shards + rank);
  return { ...shard, batchIndex };
}
