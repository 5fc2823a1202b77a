import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../config/trainConfig';
import type { TrainConfig } from '../config/trainConfig';
import { padTo4Bytes } from '../config/hostBatchBytes';
import {
  ARTICLE_WORKERS,
  articleHostMemory,
  ARTICLE_EXAMPLE,
  browserBatchBytes,
  TORCH_DTYPE_BYTES,
  torchBatchBytes,
} from './batchBytes';
import type { BrowserBatchConfig } from './batchBytes';
import { buildHostBatch } from './buildBatch';

describe('torchBatchBytes (the article)', () => {
  it('pins the article figures for 32×512×512×3', () => {
    expect(ARTICLE_EXAMPLE).toEqual({ batchSize: 32, heightPx: 512, widthPx: 512, channels: 3 });
    const floats = torchBatchBytes({ ...ARTICLE_EXAMPLE, imageDtype: 'float32', maskDtype: 'int64' });
    expect(floats.totalBytes).toBe(167_772_160);
    expect(floats.imageBytes).toBe(100_663_296);
    expect(floats.maskBytes).toBe(67_108_864);
    const bytes = torchBatchBytes({ ...ARTICLE_EXAMPLE, imageDtype: 'uint8', maskDtype: 'uint8' });
    expect(bytes.totalBytes).toBe(33_554_432);
    expect(floats.totalBytes / bytes.totalBytes).toBe(5);
  });

  it('multiplies elements by the dtype size', () => {
    expect(TORCH_DTYPE_BYTES).toEqual({ uint8: 1, float16: 2, float32: 4, int64: 8 });
    const half = torchBatchBytes({
      batchSize: 2,
      heightPx: 3,
      widthPx: 5,
      channels: 1,
      imageDtype: 'float16',
      maskDtype: 'uint8',
    });
    expect(half).toEqual({ imageBytes: 60, maskBytes: 30, totalBytes: 90 });
  });
});

const ARTICLE_BROWSER: BrowserBatchConfig = {
  batchSize: 32,
  imageSizePx: 512,
  channels: 3,
  numClasses: 4,
  imageDtype: 'uint8',
  normalizeOn: 'model',
  uploadPath: 'packed',
  maskDtype: 'uint8',
};
const N = 32 * 512 * 512 * 3; // image elements
const P = 32 * 512 * 512; // pixels

describe('browserBatchBytes', () => {
  it('pads to 4 bytes', () => {
    expect([0, 1, 4, 5, 9].map(padTo4Bytes)).toEqual([0, 4, 4, 8, 12]);
  });

  it('gives the article batch on webgpu, packed uint8: the 33.5 MB of the article reach the GPU', () => {
    expect(browserBatchBytes(ARTICLE_BROWSER, 'webgpu')).toEqual({
      hostImageBytes: N,
      hostMaskBytes: P,
      uploadImageBytes: N,
      uploadMaskBytes: P,
      gpuImageBytes: 4 * N,
      gpuMaskBytes: 4 * P,
    });
    const b = browserBatchBytes(ARTICLE_BROWSER, 'webgpu');
    expect(b.uploadImageBytes + b.uploadMaskBytes).toBe(33_554_432);
  });

  it('shows the tf.tensor trap: uint8 widened to int32 on upload', () => {
    const b = browserBatchBytes({ ...ARTICLE_BROWSER, uploadPath: 'tf-tensor' }, 'webgpu');
    expect(b.hostImageBytes).toBe(N);
    expect(b.uploadImageBytes).toBe(4 * N);
    expect(b.uploadMaskBytes).toBe(P); // masks keep their packed path on webgpu
  });

  it('widens every image dtype to 4 B on webgl and cpu', () => {
    for (const backend of ['webgl', 'cpu'] as const) {
      for (const imageDtype of ['uint8', 'float16', 'float32'] as const) {
        const b = browserBatchBytes({ ...ARTICLE_BROWSER, imageDtype }, backend);
        expect(b.uploadImageBytes).toBe(4 * N);
        expect(b.uploadMaskBytes).toBe(4 * P);
      }
    }
  });

  it('uploads float16 at 2 B and float32 at 4 B per element on webgpu', () => {
    const half = browserBatchBytes(
      { ...ARTICLE_BROWSER, imageDtype: 'float16', normalizeOn: 'loader' },
      'webgpu',
    );
    expect(half.hostImageBytes).toBe(2 * N);
    expect(half.uploadImageBytes).toBe(2 * N);
    const full = browserBatchBytes({ ...ARTICLE_BROWSER, imageDtype: 'float32' }, 'webgpu');
    expect(full.hostImageBytes).toBe(4 * N);
    expect(full.uploadImageBytes).toBe(4 * N);
    expect(full.gpuImageBytes).toBe(4 * N);
  });

  it('rounds odd element counts up to whole u32 words', () => {
    const tiny: BrowserBatchConfig = {
      ...ARTICLE_BROWSER,
      batchSize: 1,
      imageSizePx: 3,
      channels: 1,
      numClasses: 3,
    };
    const u8 = browserBatchBytes(tiny, 'webgpu'); // n = p = 9
    expect([u8.hostImageBytes, u8.uploadImageBytes, u8.hostMaskBytes, u8.uploadMaskBytes]).toEqual([
      12, 12, 12, 12,
    ]);
    const f16 = browserBatchBytes({ ...tiny, imageDtype: 'float16' }, 'webgpu'); // 18 B → 20
    expect([f16.hostImageBytes, f16.uploadImageBytes]).toEqual([20, 20]);
    expect(browserBatchBytes(tiny, 'cpu').uploadMaskBytes).toBe(36);
  });

  it('counts masks per dtype: int32 4 B per pixel, one-hot 4·K B per pixel', () => {
    const i32 = browserBatchBytes({ ...ARTICLE_BROWSER, maskDtype: 'int32' }, 'webgpu');
    expect([i32.hostMaskBytes, i32.uploadMaskBytes, i32.gpuMaskBytes]).toEqual([4 * P, 4 * P, 4 * P]);
    const hot = browserBatchBytes({ ...ARTICLE_BROWSER, maskDtype: 'float32-onehot' }, 'webgl');
    expect([hot.hostMaskBytes, hot.uploadMaskBytes, hot.gpuMaskBytes]).toEqual([16 * P, 16 * P, 16 * P]);
  });

  it('agrees with the byteLengths of real HostBatches', () => {
    const combos: Partial<TrainConfig>[] = [
      { imageDtype: 'uint8', normalizeOn: 'model', maskDtype: 'uint8' },
      { imageDtype: 'float16', normalizeOn: 'loader', maskDtype: 'int32' },
      { imageDtype: 'float16', normalizeOn: 'model', maskDtype: 'float32-onehot' },
      { imageDtype: 'float32', normalizeOn: 'loader', maskDtype: 'uint8' },
    ];
    for (const combo of combos) {
      for (const channels of [1, 3] as const) {
        const stats = channels === 1 ? { mean255: [110], std255: [35] } : {};
        const config: TrainConfig = {
          ...DEFAULT_CONFIG,
          ...combo,
          ...stats,
          channels,
          batchSize: 3,
          imageSizePx: 16,
        };
        const batch = buildHostBatch(config, 0);
        const bytes = browserBatchBytes(config, 'webgpu');
        expect(batch.images.byteLength).toBe(bytes.hostImageBytes);
        expect(batch.masks.byteLength).toBe(bytes.hostMaskBytes);
      }
    }
  });
});

describe("the article's host memory", () => {
  it('pins the article: 8 workers × 2 × 167,772,160 B vs the uint8 33,554,432 B batch', () => {
    const ex = articleHostMemory(2);
    expect(ARTICLE_WORKERS).toBe(8);
    expect(ex).toEqual({
      workers: 8,
      prefetch: 2,
      floatBatchBytes: 167_772_160,
      uint8BatchBytes: 33_554_432,
      floatHeldBytes: 2_684_354_560,
      uint8HeldBytes: 536_870_912,
    });
    // One batch per worker is the article's "~1.3 GB" for 8 workers.
    expect(articleHostMemory(1).floatHeldBytes).toBe(1_342_177_280);
    expect(articleHostMemory(1, 64).floatHeldBytes).toBe(10_737_418_240);
  });
});
