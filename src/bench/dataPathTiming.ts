/**
 * One pass of the image data path for case a, as the app runs it, minus the model: the loader's
 * mode-dependent work (encode rendered uint8 samples into the storage dtype, normalizing when placement is
 * 'loader'), the upload (uploadBatch) and the model's Normalize layer (GPU unpack + normalize), ended by
 * reading back one element of the normalized images: a readback waits for every dispatch queued before
 * it, and a one-element download keeps the download itself out of the figure. Masks are the same uint8 in
 * every mode: encoded before the timed region and handed to uploadBatch with the images, but tfjs defers
 * an upload until a kernel reads the tensor and none reads them here, so only their bytes are reported.
 * No DOM.
 */
import * as tf from '@tensorflow/tfjs';
import type { ImageDtype, NormalizePlacement, UploadPath } from '../config/trainConfig';
import { encodeImages, encodeMasks } from '../data/encodeBatch';
import type { HostBatch } from '../data/hostBatch';
import type { BackendName } from '../engine/backend';
import type { NormalizeLayer } from '../engine/normalizeLayer';
import { disposeDeviceBatch, uploadBatch } from '../engine/uploadBatch';

export interface DataPathMode {
  label: string;
  imageDtype: ImageDtype;
  normalizeOn: NormalizePlacement;
  uploadPath: UploadPath;
}

/** Rendered samples (HWC uint8 images, HW class masks) shared by every mode. */
export interface RenderedSamples {
  images: Uint8Array[];
  masks: Uint8Array[];
  sizePx: number;
  channels: 1 | 3;
  numClasses: number;
  mean255: number[];
  std255: number[];
}

export interface DataPathPass {
  /** Whole pass: encode images + upload + normalize + readback, ms. */
  totalMs: number;
  /** The encode part alone (CPU loader work), ms. */
  encodeMs: number;
  /** Images + masks buffers of the HostBatch. */
  hostBatchBytes: number;
  uploadedImageBytes: number;
  uploadedMaskBytes: number;
}

export async function dataPathPass(
  samples: RenderedSamples,
  mode: DataPathMode,
  backend: BackendName,
  normalize: NormalizeLayer,
): Promise<DataPathPass> {
  const masks = encodeMasks(samples.masks, 'uint8', samples.numClasses);
  const t0 = performance.now();
  const loaderNorm =
    mode.normalizeOn === 'loader' ? { mean255: samples.mean255, std255: samples.std255 } : null;
  const images = encodeImages(samples.images, samples.channels, mode.imageDtype, loaderNorm);
  const batch: HostBatch = {
    batchIndex: 0,
    batchSize: samples.images.length,
    heightPx: samples.sizePx,
    widthPx: samples.sizePx,
    channels: samples.channels,
    numClasses: samples.numClasses,
    imageDtype: mode.imageDtype,
    normalized: loaderNorm !== null,
    images: images.buffer,
    imageElements: images.elements,
    maskDtype: 'uint8',
    masks: masks.buffer,
    maskElements: masks.elements,
    buildMs: 0,
  };
  const t1 = performance.now();
  const device = uploadBatch(batch, backend, mode.uploadPath);
  const outputs: tf.Tensor[] = [];
  let t2 = t1;
  try {
    const x = normalize.images(device.images);
    outputs.push(x);
    const last = tf.tidy(() => tf.slice(tf.reshape(x, [-1]), [x.size - 1], [1]));
    outputs.push(last);
    await last.data();
    t2 = performance.now();
  } finally {
    outputs.forEach((t) => t.dispose());
    disposeDeviceBatch(device);
  }
  return {
    totalMs: t2 - t0,
    encodeMs: t1 - t0,
    hostBatchBytes: images.buffer.byteLength + masks.buffer.byteLength,
    uploadedImageBytes: device.uploadedImageBytes,
    uploadedMaskBytes: device.uploadedMaskBytes,
  };
}
