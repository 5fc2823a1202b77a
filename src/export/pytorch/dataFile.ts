/**
 * data.npz: the raw samples of the first batches, channels first, as the script's Dataset reads them:
 * `images` uint8 [S, C, H, W] and `masks` uint8 [S, H, W], S = batches × batch size, in stream order
 * (batch i holds samples i·B … i·B + B − 1). The batches must be uint8 images normalized in the model
 * and uint8 masks: the Dataset makes every other storage dtype from these bytes. Imports data types only.
 */
import type { HostBatch } from '../../data/hostBatch';
import { nhwcToNchw } from './layout';
import type { NpyArray } from './npy';

/** The arrays of data.npz from raw batches 0, 1, … (checked: same shape, in order, uint8). */
export function pytorchData(batches: readonly HostBatch[]): Map<string, NpyArray> {
  const first = batches[0];
  if (!first) throw new Error('no batches to export');
  const { batchSize, heightPx, widthPx, channels } = first;
  batches.forEach((b, i) => {
    if (b.batchIndex !== i) throw new Error(`batch ${i} is batch ${b.batchIndex} of the stream`);
    if (b.imageDtype !== 'uint8' || b.normalized || b.maskDtype !== 'uint8') {
      throw new Error(`batch ${i} is not raw (uint8 images and masks)`);
    }
    if (
      b.batchSize !== batchSize ||
      b.heightPx !== heightPx ||
      b.widthPx !== widthPx ||
      b.channels !== channels
    ) {
      throw new Error(`batch ${i} differs in shape from batch 0`);
    }
  });
  const samples = batches.length * batchSize;
  const imageBytes = batchSize * heightPx * widthPx * channels;
  const maskBytes = batchSize * heightPx * widthPx;
  const nhwc = new Uint8Array(samples * heightPx * widthPx * channels);
  const masks = new Uint8Array(samples * heightPx * widthPx);
  batches.forEach((b, i) => {
    nhwc.set(new Uint8Array(b.images, 0, imageBytes), i * imageBytes);
    masks.set(new Uint8Array(b.masks, 0, maskBytes), i * maskBytes);
  });
  return new Map<string, NpyArray>([
    [
      'images',
      {
        dtype: 'uint8',
        shape: [samples, channels, heightPx, widthPx],
        data: nhwcToNchw(nhwc, [samples, heightPx, widthPx, channels]),
      },
    ],
    ['masks', { dtype: 'uint8', shape: [samples, heightPx, widthPx], data: masks }],
  ]);
}
