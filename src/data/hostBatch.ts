/**
 * The unit of work between data loader and engine: one batch, as bytes on the host.
 * Pure types; no tfjs, no DOM. ArrayBuffers are transferred between workers, never copied.
 */
import type { ImageDtype, MaskDtype } from '../config/trainConfig';

export interface HostBatch {
  /** Position of this batch in the run's stream, 0-based; fixes its content with the seed. */
  batchIndex: number;
  batchSize: number;
  heightPx: number;
  widthPx: number;
  channels: 1 | 3;
  numClasses: number;
  /** Storage dtype of `images`. */
  imageDtype: ImageDtype;
  /** True when the loader already applied (x − mean) / std (float16 / float32 storage only). */
  normalized: boolean;
  /**
   * Images, NHWC, in storage dtype: uint8 → one byte each; float16 → IEEE half bit patterns, 2 B each,
   * little endian; float32 → Float32. byteLength is padded with zeros up to a multiple of 4.
   */
  images: ArrayBuffer;
  /** N·H·W·C: the number of meaningful image elements in `images` (padding excluded). */
  imageElements: number;
  maskDtype: MaskDtype;
  /**
   * Masks: uint8 → NHW class bytes, padded with zeros to a multiple of 4; int32 → NHW Int32;
   * float32-onehot → NHWK Float32 (K = numClasses).
   */
  masks: ArrayBuffer;
  /** NHW for uint8/int32, NHWK for float32-onehot. */
  maskElements: number;
  /** Wall time the loader spent building this batch, in ms. */
  buildMs: number;
}
