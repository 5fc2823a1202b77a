/**
 * Samples → HostBatch buffers: images in the storage dtype (uint8 bytes, float16 bits, float32), raw 0–255
 * or normalized with (x − mean255[c]) / std255[c]; masks as uint8, int32 or float32 one-hot. Buffers are
 * padded with zeros to a multiple of 4 bytes, as hostBatch.ts documents. Multi-byte values are written in
 * the platform order, which must be little endian (every browser platform is).
 */
import type { ImageDtype, MaskDtype } from '../config/trainConfig';
import { padTo4Bytes } from '../config/hostBatchBytes';
import { float32ToFloat16Bits } from './float16';

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

function assertLittleEndian(): void {
  if (!LITTLE_ENDIAN) throw new Error('HostBatch buffers are little endian; this platform is not');
}

/** Per-channel statistics on the 0–255 scale. */
export interface ChannelNormalization {
  mean255: readonly number[];
  std255: readonly number[];
}

/** Checks one mean and one positive std per channel. */
export function assertNormalization(norm: ChannelNormalization, channels: number): void {
  if (norm.mean255.length !== channels || norm.std255.length !== channels) {
    throw new Error(`mean255 and std255 need ${channels} values each`);
  }
  if (norm.std255.some((s) => !(s > 0))) throw new Error('std255 values must be > 0');
}

/** (x − mean255[c]) / std255[c], evaluated in double precision (the loader's one normalization formula). */
export function normalizeValue(x: number, channel: number, norm: ChannelNormalization): number {
  return (x - norm.mean255[channel]!) / norm.std255[channel]!;
}

/**
 * The stored value of every (byte, channel) pair, as a table indexed [byte · channels + c]: a uint8 source
 * has only 256·C distinct values, so encoding is a lookup, and the table is exact by construction.
 */
function valueTable(channels: number, norm: ChannelNormalization | null): Float64Array {
  const table = new Float64Array(256 * channels);
  for (let x = 0; x < 256; x++) {
    for (let c = 0; c < channels; c++) table[x * channels + c] = norm ? normalizeValue(x, c, norm) : x;
  }
  return table;
}

export interface EncodedBuffer {
  buffer: ArrayBuffer;
  /** Meaningful elements (padding excluded). */
  elements: number;
}

/**
 * Concatenates HWC byte images (all the same length) into one NHWC buffer of `dtype`; `norm` null = raw
 * 0–255 values. uint8 storage cannot hold normalized values.
 */
export function encodeImages(
  images: readonly Uint8Array[],
  channels: number,
  dtype: ImageDtype,
  norm: ChannelNormalization | null,
): EncodedBuffer {
  assertLittleEndian();
  const perImage = images[0]?.length ?? 0;
  const n = perImage * images.length;
  if (images.some((im) => im.length !== perImage)) throw new Error('images differ in size');
  if (perImage % channels !== 0) throw new Error('image length is not a multiple of channels');
  if (norm) assertNormalization(norm, channels);
  if (dtype === 'uint8') {
    if (norm) throw new Error('uint8 storage cannot hold normalized values');
    const bytes = new Uint8Array(padTo4Bytes(n));
    images.forEach((im, i) => bytes.set(im, i * perImage));
    return { buffer: bytes.buffer, elements: n };
  }
  const table = valueTable(channels, norm);
  const out = dtype === 'float32' ? new Float32Array(n) : new Uint16Array(padTo4Bytes(2 * n) / 2);
  const lut =
    dtype === 'float32' ? Float32Array.from(table) : Uint16Array.from(table, (v) => float32ToFloat16Bits(v));
  images.forEach((im, i) => {
    const base = i * perImage;
    for (let j = 0; j < perImage; j++) out[base + j] = lut[im[j]! * channels + (j % channels)]!;
  });
  return { buffer: out.buffer, elements: n };
}

/** Concatenates H·W class-id masks into one buffer of `dtype` (one-hot: NHWK with K = numClasses). */
export function encodeMasks(
  masks: readonly Uint8Array[],
  dtype: MaskDtype,
  numClasses: number,
): EncodedBuffer {
  assertLittleEndian();
  const perMask = masks[0]?.length ?? 0;
  const pixels = perMask * masks.length;
  if (masks.some((m) => m.length !== perMask)) throw new Error('masks differ in size');
  if (dtype !== 'float32-onehot') {
    const out = dtype === 'uint8' ? new Uint8Array(padTo4Bytes(pixels)) : new Int32Array(pixels);
    masks.forEach((m, i) => out.set(m, i * perMask));
    return { buffer: out.buffer, elements: pixels };
  }
  const out = new Float32Array(pixels * numClasses);
  masks.forEach((m, i) => {
    const base = i * perMask;
    for (let j = 0; j < perMask; j++) {
      const classId = m[j]!;
      if (classId >= numClasses) throw new Error(`class ${classId} out of range for ${numClasses} classes`);
      out[(base + j) * numClasses + classId] = 1;
    }
  });
  return { buffer: out.buffer, elements: pixels * numClasses };
}
