/**
 * Ready-made experiments, each just a link hash: DEFAULT_CONFIG plus a few changes as configuration A, and
 * `b.*` overrides as the comparison B. Sizes stay small enough for a software GPU (≤ 32 px, batch ≤ 4).
 * Pure data; the UI decodes a preset's hash exactly like a shared link.
 */
import { DEFAULT_CONFIG, type TrainConfig } from './trainConfig';
import { encodeConfigToHash } from './urlCodec';

export type Preset = {
  readonly id: string;
  readonly title: string;
  /** One plain sentence: what comparing A with B shows. */
  readonly lesson: string;
  /** A location hash (`#v=1&…`) for decodeHash. */
  readonly hash: string;
};

const preset = (
  id: string,
  title: string,
  lesson: string,
  a: Partial<TrainConfig>,
  b: Partial<TrainConfig>,
): Preset => ({ id, title, lesson, hash: encodeConfigToHash({ ...DEFAULT_CONFIG, ...a }, { b }) });

export const PRESETS: readonly Preset[] = [
  preset(
    'article',
    'The article: uint8 + GPU normalize vs float32 + loader normalize',
    'Keeping images and masks as uint8 and normalizing in the model on the GPU makes each batch four times smaller than float32 images normalized by the loader with int32 masks.',
    { imageDtype: 'uint8', normalizeOn: 'model', maskDtype: 'uint8', uploadPath: 'packed' },
    { imageDtype: 'float32', normalizeOn: 'loader', maskDtype: 'int32' },
  ),
  preset(
    'int32-trap',
    'The int32 trap: tf.tensor(Uint8Array) vs packed bytes',
    'tf.tensor(Uint8Array) silently widens uint8 images to int32, so the naive upload moves four times the bytes of the packed path.',
    { imageDtype: 'uint8', normalizeOn: 'model', uploadPath: 'tf-tensor' },
    { uploadPath: 'packed' },
  ),
  preset(
    'starving-gpu',
    'A starving GPU: expensive batches, no workers',
    'With no workers, large source images (512 px, blurred, cropped and rescaled to 16 px) keep the GPU waiting for every batch of a tiny model; two loader workers build batches in parallel while it trains.',
    {
      imageSizePx: 16,
      batchSize: 2,
      baseWidth: 4,
      workers: 0,
      prefetch: 2,
      augment: true,
      blurRadiusPx: 24,
      sourceScale: 32,
    },
    { workers: 2 },
  ),
  preset(
    'software-gpu',
    'A software GPU: the tiniest U-Net',
    'A 16 px batch of two through a two-level U-Net four filters wide trains even on a software GPU, here compared with the plain CPU backend.',
    { imageSizePx: 16, batchSize: 2, depth: 2, baseWidth: 4 },
    { backend: 'cpu' },
  ),
  preset(
    'float16',
    'float16 storage: normalize in the model vs in the loader',
    'float16 storage halves the bytes of float32 and holds raw 0–255 pixels exactly, so normalizing in the model or in the loader moves the same bytes.',
    { imageDtype: 'float16', normalizeOn: 'model', uploadPath: 'packed' },
    { normalizeOn: 'loader' },
  ),
  preset(
    'onehot-masks',
    'One-hot float32 masks vs uint8 class indices',
    'A one-hot float32 mask costs four bytes per class per pixel, while a uint8 class index costs one byte per pixel and is expanded on the GPU.',
    { maskDtype: 'float32-onehot' },
    { maskDtype: 'uint8' },
  ),
];

/** The preset with this id, if any. */
export function findPreset(id: string): Preset | undefined {
  return PRESETS.find((p) => p.id === id);
}
