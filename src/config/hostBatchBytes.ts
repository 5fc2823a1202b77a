/**
 * Host bytes of one batch as the loader stores it (HostBatch.images / .masks byteLength): the config's
 * vocabulary for what a loader worker holds per batch. Shared by the byte calculator (data/batchBytes.ts)
 * and the pre-flight's host-memory rule (config/preflight.ts). Pure arithmetic.
 */
import type { ImageDtype, TrainConfig } from './trainConfig';

/** Storage bytes per image element in a HostBatch. */
const IMAGE_DTYPE_BYTES: Record<ImageDtype, number> = { uint8: 1, float16: 2, float32: 4 };

/** Rounds a byte count up to a multiple of 4 (WebGPU buffer sizes and u32 reads need it). */
export function padTo4Bytes(bytes: number): number {
  return Math.ceil(bytes / 4) * 4;
}

export type HostBatchConfig = Pick<
  TrainConfig,
  'batchSize' | 'imageSizePx' | 'channels' | 'numClasses' | 'imageDtype' | 'maskDtype'
>;

/** uint8 → pad4(n); float16 → pad4(2n); float32 → 4n, with n = N·H·W·C. */
export function hostImageBytes(config: HostBatchConfig): number {
  const n = config.batchSize * config.imageSizePx ** 2 * config.channels;
  return padTo4Bytes(n * IMAGE_DTYPE_BYTES[config.imageDtype]);
}

/** uint8 → pad4(p); int32 → 4p; float32-onehot → 4·p·K, with p = N·H·W. */
export function hostMaskBytes(config: HostBatchConfig): number {
  const pixels = config.batchSize * config.imageSizePx ** 2;
  if (config.maskDtype === 'uint8') return padTo4Bytes(pixels);
  if (config.maskDtype === 'int32') return 4 * pixels;
  return 4 * pixels * config.numClasses;
}
