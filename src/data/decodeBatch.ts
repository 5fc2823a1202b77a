/**
 * CPU reference decoding of a HostBatch: what the model should see after upload, unpack and
 * normalization (normalized NHWC float32 images, class ids per pixel). Used by parity tests against the
 * GPU path; not on the training hot path.
 */
import type { HostBatch } from './hostBatch';
import { float16BitsToFloat32Array } from './float16';
import { assertNormalization, normalizeValue } from './encodeBatch';

/** The stored image values as float32 (raw 0–255 or already normalized, per `batch.normalized`). */
function decodeHostImageValues(batch: HostBatch): Float32Array {
  const n = batch.imageElements;
  if (batch.imageDtype === 'uint8') return Float32Array.from(new Uint8Array(batch.images, 0, n));
  if (batch.imageDtype === 'float16') return float16BitsToFloat32Array(new Uint16Array(batch.images, 0, n));
  return new Float32Array(batch.images, 0, n).slice();
}

/**
 * Normalized NHWC float32 images of any HostBatch. Stored values already normalized by the loader are
 * returned as stored (the loader used the run's mean/std; `mean255` / `std255` are then not re-applied).
 * Raw values become fround((x − mean255[c]) / std255[c]), computed in double precision: a GPU computing in
 * float32, or with (x − mean) · (1 / std), agrees within a few float32 ulps, not bit for bit.
 */
export function decodeHostImagesToFloat32(
  batch: HostBatch,
  mean255: readonly number[],
  std255: readonly number[],
): Float32Array {
  const values = decodeHostImageValues(batch);
  if (batch.normalized) return values;
  const norm = { mean255, std255 };
  assertNormalization(norm, batch.channels);
  const c = batch.channels;
  for (let i = 0; i < values.length; i++) values[i] = normalizeValue(values[i]!, i % c, norm);
  return values;
}

/** Class id per pixel (N·H·W) of any HostBatch mask encoding; one-hot is decoded by argmax. */
export function decodeHostMasksToClassIds(batch: HostBatch): Uint8Array {
  const pixels = batch.batchSize * batch.heightPx * batch.widthPx;
  if (batch.maskDtype === 'uint8') return new Uint8Array(batch.masks, 0, pixels).slice();
  if (batch.maskDtype === 'int32') return Uint8Array.from(new Int32Array(batch.masks, 0, pixels));
  const k = batch.numClasses;
  const oneHot = new Float32Array(batch.masks, 0, pixels * k);
  const out = new Uint8Array(pixels);
  for (let p = 0; p < pixels; p++) {
    let best = 0;
    for (let c = 1; c < k; c++) if (oneHot[p * k + c]! > oneHot[p * k + best]!) best = c;
    out[p] = best;
  }
  return out;
}
