/**
 * Moves one HostBatch onto the device, exactly as its storage dtype and upload path say, and counts the
 * bytes handed to tfjs (the byteLength of every typed array given to tf.tensor — what really crosses).
 * Packed paths (webgpu only): uint8 → 4 bytes per int32 word, float16 → 2 halves per word; the model's
 * Normalize layer unpacks them on the GPU. Elsewhere tfjs can only take int32/float32, so uint8 is
 * widened to int32 and float16 decoded to float32 on the CPU — and counted at 4 B per element.
 * The caller owns the returned tensors and disposes them (disposeDeviceBatch).
 */
import * as tf from './tf';
import type { HostBatch } from '../data/hostBatch';
import { float16BitsToFloat32Array } from '../data/float16';
import type { DeviceLabels } from './loss';
import type { BackendName } from './backend';
import type { UploadPath } from '../config/trainConfig';

type NHWC = [number, number, number, number];

/** Images as they sit on the device before the Normalize layer. */
export type DeviceImages =
  /** uint8 bytes packed 4 per int32 word, [ceil(n/4)]. */
  | { kind: 'packed-u8'; packed: tf.Tensor1D; shape: NHWC }
  /** float16 bit patterns packed 2 per int32 word, [ceil(n/2)]; `normalized` if the loader did it. */
  | { kind: 'packed-f16'; packed: tf.Tensor1D; shape: NHWC; normalized: boolean }
  /** uint8 widened by tfjs to int32, 4 B per element (the trap). */
  | { kind: 'widened-int32'; tensor: tf.Tensor4D }
  /** float32 values, raw 0–255 or already normalized by the loader. */
  | { kind: 'float32'; tensor: tf.Tensor4D; normalized: boolean };

/** Masks as they sit on the device: packed bytes (webgpu, unpacked by the Normalize layer) or labels. */
export type DeviceMasks =
  | { kind: 'packed-u8'; packed: tf.Tensor1D; shape: [number, number, number] }
  | DeviceLabels;

export interface DeviceBatch {
  images: DeviceImages;
  masks: DeviceMasks;
  /** Bytes of image data handed to tfjs for upload. */
  uploadedImageBytes: number;
  /** Bytes of mask data handed to tfjs for upload. */
  uploadedMaskBytes: number;
}

function uploadImages(
  batch: HostBatch,
  backend: BackendName,
  uploadPath: UploadPath,
): { images: DeviceImages; bytes: number } {
  const shape: NHWC = [batch.batchSize, batch.heightPx, batch.widthPx, batch.channels];
  const n = batch.imageElements;
  if (batch.imageDtype === 'float16' && backend === 'webgpu') {
    const words = new Int32Array(batch.images, 0, Math.ceil(n / 2));
    return {
      images: {
        kind: 'packed-f16',
        packed: tf.tensor1d(words, 'int32'),
        shape,
        normalized: batch.normalized,
      },
      bytes: words.byteLength,
    };
  }
  if (batch.imageDtype !== 'uint8') {
    const values =
      batch.imageDtype === 'float32'
        ? new Float32Array(batch.images, 0, n)
        : float16BitsToFloat32Array(new Uint16Array(batch.images, 0, n));
    return {
      images: {
        kind: 'float32',
        tensor: tf.tensor4d(values, shape, 'float32'),
        normalized: batch.normalized,
      },
      bytes: values.byteLength,
    };
  }
  if (backend === 'webgpu' && uploadPath === 'packed') {
    const words = new Int32Array(batch.images, 0, Math.ceil(n / 4));
    return {
      images: { kind: 'packed-u8', packed: tf.tensor1d(words, 'int32'), shape },
      bytes: words.byteLength,
    };
  }
  // tf.tensor(Uint8Array) silently becomes int32: tfjs copies into an Int32Array, 4 B per element.
  const tensor = tf.tensor4d(new Uint8Array(batch.images, 0, n), shape, 'int32');
  return { images: { kind: 'widened-int32', tensor }, bytes: n * Int32Array.BYTES_PER_ELEMENT };
}

function uploadMasks(batch: HostBatch, backend: BackendName): { masks: DeviceMasks; bytes: number } {
  const nhw: [number, number, number] = [batch.batchSize, batch.heightPx, batch.widthPx];
  const n = batch.maskElements;
  if (batch.maskDtype === 'float32-onehot') {
    const values = new Float32Array(batch.masks, 0, n);
    const tensor = tf.tensor4d(values, [...nhw, batch.numClasses], 'float32');
    return { masks: { kind: 'one-hot', tensor }, bytes: values.byteLength };
  }
  if (batch.maskDtype === 'int32') {
    const values = new Int32Array(batch.masks, 0, n);
    return {
      masks: { kind: 'class-ids', tensor: tf.tensor3d(values, nhw, 'int32') },
      bytes: values.byteLength,
    };
  }
  if (backend === 'webgpu') {
    const words = new Int32Array(batch.masks, 0, Math.ceil(n / 4));
    return {
      masks: { kind: 'packed-u8', packed: tf.tensor1d(words, 'int32'), shape: nhw },
      bytes: words.byteLength,
    };
  }
  const tensor = tf.tensor3d(new Uint8Array(batch.masks, 0, n), nhw, 'int32');
  return { masks: { kind: 'class-ids', tensor }, bytes: n * Int32Array.BYTES_PER_ELEMENT };
}

/** Uploads images and masks. Caller disposes with disposeDeviceBatch. */
export function uploadBatch(batch: HostBatch, backend: BackendName, uploadPath: UploadPath): DeviceBatch {
  const { images, bytes: uploadedImageBytes } = uploadImages(batch, backend, uploadPath);
  const { masks, bytes: uploadedMaskBytes } = uploadMasks(batch, backend);
  return { images, masks, uploadedImageBytes, uploadedMaskBytes };
}

/** The tensors that hold the batch on the device: the uploaded images, then the masks. */
export function deviceBatchTensors(batch: DeviceBatch): [tf.Tensor, tf.Tensor] {
  const i = batch.images;
  const l = batch.masks;
  return [
    i.kind === 'packed-u8' || i.kind === 'packed-f16' ? i.packed : i.tensor,
    l.kind === 'packed-u8' ? l.packed : l.tensor,
  ];
}

export function disposeDeviceBatch(batch: DeviceBatch): void {
  for (const t of deviceBatchTensors(batch)) t.dispose();
}
