/**
 * Pure byte arithmetic of one batch: the article's PyTorch figures (image + per-pixel class mask in a
 * chosen dtype) and the browser's figures at each stage — host buffers, what is handed to tfjs, and the
 * tensors the model consumes. No measurement here; these are the formulas measurements are checked against.
 */
import { hostImageBytes, hostMaskBytes } from '../config/hostBatchBytes';
import { loaderQueuedBytes } from '../config/hostMemory';
import type { ImageDtype, MaskDtype, TrainConfig, UploadPath } from '../config/trainConfig';

/** Bytes per element of the PyTorch dtypes the article compares. */
export const TORCH_DTYPE_BYTES = { uint8: 1, float16: 2, float32: 4, int64: 8 } as const;
type TorchDtype = keyof typeof TORCH_DTYPE_BYTES;

/** The article's batch: 32 RGB images of 512×512 px. */
export const ARTICLE_EXAMPLE = { batchSize: 32, heightPx: 512, widthPx: 512, channels: 3 } as const;

export interface TorchBatchShape {
  batchSize: number;
  heightPx: number;
  widthPx: number;
  channels: number;
  imageDtype: TorchDtype;
  maskDtype: TorchDtype;
}

/**
 * PyTorch batch size in bytes (no padding, contiguous tensors). Article figures: float32 image + int64
 * mask at 32×512×512×3 = 2²³ px × 20 B = 167,772,160 B; uint8 + uint8 = 2²³ px × 4 B = 33,554,432 B.
 */
export function torchBatchBytes(shape: TorchBatchShape) {
  const pixels = shape.batchSize * shape.heightPx * shape.widthPx;
  /** N·H·W·C · bytes(imageDtype). */
  const imageBytes = pixels * shape.channels * TORCH_DTYPE_BYTES[shape.imageDtype];
  /** N·H·W · bytes(maskDtype): one class value per pixel. */
  const maskBytes = pixels * TORCH_DTYPE_BYTES[shape.maskDtype];
  return { imageBytes, maskBytes, totalBytes: imageBytes + maskBytes };
}

/** The config fields the browser calculator reads (a TrainConfig fits). */
export type BrowserBatchConfig = Pick<
  TrainConfig,
  | 'batchSize'
  | 'imageSizePx'
  | 'channels'
  | 'numClasses'
  | 'imageDtype'
  | 'normalizeOn'
  | 'uploadPath'
  | 'maskDtype'
>;

export type ByteBackend = 'webgpu' | 'webgl' | 'cpu';

/**
 * Expected bytes of one batch in the browser at three stages, for `backend`. Pure; `normalizeOn` changes
 * no size. Notation: n = N·H·W·C image elements, p = N·H·W pixels, K = numClasses.
 */
export function browserBatchBytes(config: BrowserBatchConfig, backend: ByteBackend) {
  const pixels = config.batchSize * config.imageSizePx * config.imageSizePx;
  const n = pixels * config.channels;
  const k = config.numClasses;
  return {
    /** `HostBatch.images.byteLength`: uint8 → pad4(n); float16 → pad4(2n); float32 → 4n. */
    hostImageBytes: hostImageBytes(config),
    /** `HostBatch.masks.byteLength`: uint8 → pad4(p); int32 → 4p; float32-onehot → 4·p·K. */
    hostMaskBytes: hostMaskBytes(config),
    /**
     * Image bytes handed to tfjs. webgpu + packed: uint8 → ⌈n/4⌉·4 (four bytes per u32), float16 → ⌈n/2⌉·4
     * (two halves per u32), float32 → 4n. webgpu + tf-tensor: 4n (tfjs widens Uint8Array to int32; any
     * other dtype goes as float32). webgl / cpu, any dtype: 4n (uint8 widened to int32, float16 decoded to
     * float32 on the CPU, float32 as is).
     */
    uploadImageBytes: uploadImageBytes(config.imageDtype, config.uploadPath, backend, n),
    /**
     * Mask bytes handed to tfjs: uint8 on webgpu → ⌈p/4⌉·4 (packed, whatever the image upload path), uint8
     * elsewhere → 4p (widened to int32); int32 → 4p; float32-onehot → 4·p·K.
     */
    uploadMaskBytes: uploadMaskBytes(config.maskDtype, backend, pixels, k),
    /** The float32 image tensor the model consumes: 4n. */
    gpuImageBytes: 4 * n,
    /** The label tensor the loss consumes: int32 class ids → 4p; for float32-onehot masks, one-hot → 4·p·K. */
    gpuMaskBytes: config.maskDtype === 'float32-onehot' ? 4 * pixels * k : 4 * pixels,
  };
}

function uploadImageBytes(dtype: ImageDtype, path: UploadPath, backend: ByteBackend, n: number): number {
  if (backend !== 'webgpu' || path === 'tf-tensor') return 4 * n;
  if (dtype === 'uint8') return Math.ceil(n / 4) * 4;
  if (dtype === 'float16') return Math.ceil(n / 2) * 4;
  return 4 * n;
}

function uploadMaskBytes(maskDtype: MaskDtype, backend: ByteBackend, pixels: number, k: number): number {
  if (maskDtype === 'uint8') return backend === 'webgpu' ? Math.ceil(pixels / 4) * 4 : 4 * pixels;
  if (maskDtype === 'int32') return 4 * pixels;
  return 4 * pixels * k;
}

/** The article's DataLoader: 8 workers. */
export const ARTICLE_WORKERS = 8;

/** The article's example with `prefetch` batches per worker (PyTorch's default prefetch_factor is 2). */
export function articleHostMemory(prefetch: number, workers = ARTICLE_WORKERS) {
  const floatBatchBytes = torchBatchBytes({
    ...ARTICLE_EXAMPLE,
    imageDtype: 'float32',
    maskDtype: 'int64',
  }).totalBytes;
  const uint8BatchBytes = torchBatchBytes({
    ...ARTICLE_EXAMPLE,
    imageDtype: 'uint8',
    maskDtype: 'uint8',
  }).totalBytes;
  return {
    workers,
    prefetch,
    /** float32 image + int64 mask, 32×512×512×3: 167,772,160 B. */
    floatBatchBytes,
    /** uint8 image + uint8 mask: 33,554,432 B. */
    uint8BatchBytes,
    /** workers × prefetch × floatBatchBytes (queued in the workers). */
    floatHeldBytes: loaderQueuedBytes(workers, prefetch, floatBatchBytes),
    /** workers × prefetch × uint8BatchBytes. */
    uint8HeldBytes: loaderQueuedBytes(workers, prefetch, uint8BatchBytes),
  };
}
