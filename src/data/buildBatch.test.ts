import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../config/trainConfig';
import type { TrainConfig } from '../config/trainConfig';
import { rescaleSample } from './augment';
import { buildHostBatch, buildValidationBatch, datasetSpecOf, sampleIdsOfBatch } from './buildBatch';
import { decodeHostImagesToFloat32, decodeHostMasksToClassIds } from './decodeBatch';
import { encodeImages, encodeMasks } from './encodeBatch';
import { float16BitsToFloat32, float32ToFloat16Bits } from './float16';
import { renderSample } from './syntheticDataset';

const BASE: TrainConfig = {
  ...DEFAULT_CONFIG,
  seed: 42,
  imageSizePx: 16,
  channels: 3,
  numClasses: 4,
  batchSize: 3,
  mean255: [110, 106, 105],
  std255: [37, 30, 32],
  augment: true,
  blurRadiusPx: 0,
};
const N = 3 * 16 * 16 * 3;
const P = 3 * 16 * 16;

const cfg = (over: Partial<TrainConfig>): TrainConfig => ({ ...BASE, ...over });
const bytesOf = (buffer: ArrayBuffer) => new Uint8Array(buffer);

/** 32-bit FNV-1a of some bytes, as 8 hex digits: a fingerprint written here, apart from the code under test. */
function fnv1a(bytes: Uint8Array): string {
  let hash = 0x811c9dc5;
  for (const byte of bytes) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, '0');
}

describe('buildHostBatch', () => {
  it('holds training samples batchIndex·batchSize + slot, augmented with (seed, sampleId)', () => {
    expect(sampleIdsOfBatch(2, 3)).toEqual([6, 7, 8]);
    const batch = buildHostBatch(BASE, 2);
    const images = bytesOf(batch.images);
    const masks = bytesOf(batch.masks);
    // Sample id 6 + slot, read independently as the only sample of a batch of one.
    [6, 7, 8].forEach((id, slot) => {
      const alone = buildHostBatch(cfg({ batchSize: 1 }), id);
      expect(images.subarray(slot * 768, (slot + 1) * 768)).toEqual(bytesOf(alone.images));
      expect(masks.subarray(slot * 256, (slot + 1) * 256)).toEqual(bytesOf(alone.masks));
    });
    // The bytes themselves, pinned: FNV-1a of each slot (a change of rendering or augmentation shows here).
    const slots = (bytes: Uint8Array, size: number) =>
      [0, 1, 2].map((slot) => fnv1a(bytes.subarray(slot * size, (slot + 1) * size)));
    expect(slots(images, 768)).toEqual(['d62447c5', '5e7ba59c', 'e9f17807']);
    expect(slots(masks, 256)).toEqual(['fc07764b', '29c611ff', 'e87a0f8d']);
    expect(batch).toMatchObject({
      batchIndex: 2,
      batchSize: 3,
      heightPx: 16,
      widthPx: 16,
      channels: 3,
      numClasses: 4,
    });
  });

  it('is deterministic, and batches differ from each other', () => {
    const a = buildHostBatch(BASE, 1);
    expect(bytesOf(buildHostBatch(BASE, 1).images)).toEqual(bytesOf(a.images));
    expect(bytesOf(buildHostBatch(BASE, 0).images)).not.toEqual(bytesOf(a.images));
    expect(bytesOf(buildHostBatch(cfg({ seed: 7 }), 1).images)).not.toEqual(bytesOf(a.images));
  });

  it('applies augmentation only when asked, and the blur radius from the config', () => {
    const plain = buildHostBatch(cfg({ augment: false }), 0);
    const raw = renderSample(datasetSpecOf(BASE, 'train'), 0);
    expect(bytesOf(plain.images).subarray(0, 768)).toEqual(raw.image);
    expect(bytesOf(buildHostBatch(BASE, 0).images)).not.toEqual(bytesOf(plain.images));
    const blurred = buildHostBatch(cfg({ augment: false, blurRadiusPx: 2 }), 0);
    expect(bytesOf(blurred.images)).not.toEqual(bytesOf(plain.images));
    expect(bytesOf(blurred.masks)).toEqual(bytesOf(plain.masks));
  });

  it('renders at imageSizePx × sourceScale and rescales to imageSizePx, same shapes and bytes out', () => {
    const scaled = cfg({ sourceScale: 4 });
    expect(datasetSpecOf(scaled, 'train').sizePx).toBe(64);
    const batch = buildHostBatch(scaled, 1);
    expect(batch).toMatchObject({ heightPx: 16, widthPx: 16, batchSize: 3 });
    expect(batch.images.byteLength).toBe(N);
    expect(batch.masks.byteLength).toBe(P);
    const blurred = buildHostBatch(cfg({ sourceScale: 4, augment: true, blurRadiusPx: 2 }), 1);
    expect(fnv1a(bytesOf(blurred.images).subarray(0, 768))).toBe('b97a4bfd');
    expect(fnv1a(bytesOf(blurred.masks).subarray(0, 256))).toBe('b40c44c3');
    expect(bytesOf(batch.images)).not.toEqual(bytesOf(buildHostBatch(BASE, 1).images));
  });

  it('encodes uint8 images as raw bytes, never normalized', () => {
    const b = buildHostBatch(BASE, 0);
    expect(b.imageDtype).toBe('uint8');
    expect(b.normalized).toBe(false);
    expect(b.images.byteLength).toBe(N);
    expect(b.imageElements).toBe(N);
    expect(() => buildHostBatch(cfg({ normalizeOn: 'loader' }), 0)).toThrow(/uint8/);
  });

  it('encodes float32 raw (model normalizes) and normalized (loader normalizes)', () => {
    const u8 = bytesOf(buildHostBatch(BASE, 0).images);
    const raw = buildHostBatch(cfg({ imageDtype: 'float32', normalizeOn: 'model' }), 0);
    expect(raw.normalized).toBe(false);
    expect(raw.images.byteLength).toBe(4 * N);
    expect(new Float32Array(raw.images)).toEqual(Float32Array.from(u8));
    const norm = buildHostBatch(cfg({ imageDtype: 'float32', normalizeOn: 'loader' }), 0);
    expect(norm.normalized).toBe(true);
    const expected = Float32Array.from(u8, (x, i) => (x - BASE.mean255[i % 3]!) / BASE.std255[i % 3]!);
    expect(new Float32Array(norm.images)).toEqual(expected);
    expect(new Float32Array(norm.images)[4]).toBeCloseTo((u8[4]! - 106) / 30, 6);
  });

  it('encodes float16 as little-endian half bits of the same values', () => {
    const u8 = bytesOf(buildHostBatch(BASE, 0).images);
    const norm = buildHostBatch(cfg({ imageDtype: 'float16', normalizeOn: 'loader' }), 0);
    expect(norm.images.byteLength).toBe(2 * N);
    const view = new DataView(norm.images);
    let mismatches = 0;
    for (let i = 0; i < N; i++) {
      const want = float32ToFloat16Bits((u8[i]! - BASE.mean255[i % 3]!) / BASE.std255[i % 3]!);
      if (view.getUint16(2 * i, true) !== want) mismatches++;
    }
    expect(mismatches).toBe(0);
    const raw = buildHostBatch(cfg({ imageDtype: 'float16', normalizeOn: 'model' }), 0);
    const halves = new Uint16Array(raw.images);
    expect(Array.from(halves, float16BitsToFloat32)).toEqual(Array.from(u8)); // 0–255 are exact halves
  });

  it('pads buffers with zeros to a multiple of 4 bytes', () => {
    const odd = [new Uint8Array([1, 2, 3]), new Uint8Array([4, 5, 6])]; // 6 elements, 1 channel
    const u8 = encodeImages(odd, 1, 'uint8', null);
    expect(Array.from(new Uint8Array(u8.buffer))).toEqual([1, 2, 3, 4, 5, 6, 0, 0]);
    expect(u8.elements).toBe(6);
    const f16 = encodeImages([new Uint8Array([1, 2, 3])], 1, 'float16', null);
    expect(Array.from(new Uint16Array(f16.buffer))).toEqual([0x3c00, 0x4000, 0x4200, 0]);
    const masks = encodeMasks([new Uint8Array([1, 0, 2, 1, 1])], 'uint8', 3);
    expect(Array.from(new Uint8Array(masks.buffer))).toEqual([1, 0, 2, 1, 1, 0, 0, 0]);
  });

  it('encodes masks as uint8, int32 and float32 one-hot (NHWK) with the same classes', () => {
    const u8 = buildHostBatch(BASE, 0);
    expect(u8.masks.byteLength).toBe(P);
    expect(u8.maskElements).toBe(P);
    const classes = bytesOf(u8.masks);
    const i32 = buildHostBatch(cfg({ maskDtype: 'int32' }), 0);
    expect(i32.masks.byteLength).toBe(4 * P);
    expect(new Int32Array(i32.masks)).toEqual(Int32Array.from(classes));
    const hot = buildHostBatch(cfg({ maskDtype: 'float32-onehot' }), 0);
    expect(hot.maskElements).toBe(4 * P);
    const oneHot = new Float32Array(hot.masks);
    let bad = 0;
    for (let p = 0; p < P; p++) {
      for (let k = 0; k < 4; k++) if (oneHot[p * 4 + k] !== (classes[p] === k ? 1 : 0)) bad++;
    }
    expect(bad).toBe(0);
    for (const b of [u8, i32, hot]) expect(decodeHostMasksToClassIds(b)).toEqual(classes);
  });

  it('works for grayscale', () => {
    const gray = cfg({
      channels: 1,
      mean255: [110],
      std255: [35],
      imageDtype: 'float32',
      normalizeOn: 'loader',
    });
    const b = buildHostBatch(gray, 0);
    expect(b.imageElements).toBe(P);
    const u8 = bytesOf(buildHostBatch(cfg({ channels: 1, mean255: [110], std255: [35] }), 0).images);
    expect(new Float32Array(b.images)).toEqual(Float32Array.from(u8, (x) => (x - 110) / 35));
  });
});

describe('decodeHostImagesToFloat32', () => {
  it('gives the same normalized values for every encoding of a batch', () => {
    const { mean255, std255 } = BASE;
    const reference = decodeHostImagesToFloat32(buildHostBatch(BASE, 0), mean255, std255);
    const u8 = bytesOf(buildHostBatch(BASE, 0).images);
    expect(reference[5]).toBe(Math.fround((u8[5]! - mean255[2]!) / std255[2]!));
    const variants: Partial<TrainConfig>[] = [
      { imageDtype: 'float32', normalizeOn: 'model' },
      { imageDtype: 'float32', normalizeOn: 'loader' },
      { imageDtype: 'float16', normalizeOn: 'model' },
    ];
    for (const v of variants) {
      expect(decodeHostImagesToFloat32(buildHostBatch(cfg(v), 0), mean255, std255)).toEqual(reference);
    }
    // float16 after normalization: within half precision (relative 2^-11, plus the subnormal step).
    const half = decodeHostImagesToFloat32(
      buildHostBatch(cfg({ imageDtype: 'float16', normalizeOn: 'loader' }), 0),
      mean255,
      std255,
    );
    let worst = 0;
    reference.forEach((r, i) => {
      worst = Math.max(worst, Math.abs(half[i]! - r) / (Math.abs(r) + 2 ** -14));
    });
    expect(worst).toBeLessThanOrEqual(2 ** -11);
    expect(worst).toBeGreaterThan(0); // the storage really is half precision
  });

  it('checks the statistics against the channel count', () => {
    expect(() => decodeHostImagesToFloat32(buildHostBatch(BASE, 0), [1], [1])).toThrow();
  });
});

describe('buildValidationBatch', () => {
  it('is fixed, unaugmented, unblurred, and differs from training batch 0', () => {
    const a = buildValidationBatch(BASE, 5);
    expect(a.batchSize).toBe(5);
    expect(a.batchIndex).toBe(0);
    expect(a.images.byteLength).toBe(5 * 16 * 16 * 3);
    const b = buildValidationBatch(cfg({ augment: false, blurRadiusPx: 4, batchSize: 9 }), 5);
    expect(bytesOf(b.images)).toEqual(bytesOf(a.images));
    expect(bytesOf(b.masks)).toEqual(bytesOf(a.masks));
    const train = buildHostBatch(cfg({ augment: false, batchSize: 5 }), 0);
    expect(bytesOf(train.images)).not.toEqual(bytesOf(a.images));
    const first = renderSample(datasetSpecOf(BASE, 'validation'), 0);
    expect(bytesOf(a.images).subarray(0, 768)).toEqual(first.image);
  });

  it('rescales its samples from the source size when sourceScale > 1', () => {
    const scaled = cfg({ sourceScale: 2 });
    const v = buildValidationBatch(scaled, 2);
    expect(v.images.byteLength).toBe(2 * 16 * 16 * 3);
    const big = renderSample(datasetSpecOf(scaled, 'validation'), 1);
    const expected = rescaleSample(
      big,
      { heightPx: 32, widthPx: 32, channels: 3 },
      { heightPx: 16, widthPx: 16, channels: 3 },
    );
    expect(bytesOf(v.images).subarray(768)).toEqual(expected.image);
    expect(bytesOf(v.masks).subarray(256)).toEqual(expected.mask);
  });

  it('uses the configured encoding', () => {
    const v = buildValidationBatch(
      cfg({ imageDtype: 'float16', normalizeOn: 'loader', maskDtype: 'int32' }),
      2,
    );
    expect(v.normalized).toBe(true);
    expect(v.images.byteLength).toBe(2 * 2 * 16 * 16 * 3);
    expect(v.masks.byteLength).toBe(4 * 2 * 16 * 16);
  });
});
