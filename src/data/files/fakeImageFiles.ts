/**
 * Stand-in image files for unit tests and Node benchmarks: byte layouts with real JPEG / PNG headers and
 * trailers (so imageHeader.ts reads them like the real thing) around raw RGBA pixels, and the decoders
 * that read them back. No DOM: Node's Blob and File are enough.
 */
import type { DecodeSquare } from './fileDataset';
import type { DecodedFull } from './indexFiles';

const be32 = (v: number) => [(v >>> 24) & 255, (v >>> 16) & 255, (v >>> 8) & 255, v & 255];
const be16 = (v: number) => [(v >>> 8) & 255, v & 255];

/** A PNG-shaped file: signature, IHDR with the size, the pixels, an IEND chunk. */
export function fakePngBytes(widthPx: number, heightPx: number, rgba: Uint8Array): Uint8Array<ArrayBuffer> {
  const head = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...be32(13), 0x49, 0x48, 0x44, 0x52];
  const ihdr = [...be32(widthPx), ...be32(heightPx), 8, 6, 0, 0, 0, 0, 0, 0, 0];
  const tail = [...be32(0), 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];
  return new Uint8Array([...head, ...ihdr, ...rgba, ...tail]);
}

/** A JPEG-shaped file: SOI, an APP0 segment, SOF0 with the size, the pixels, EOI. */
export function fakeJpegBytes(widthPx: number, heightPx: number, rgba: Uint8Array): Uint8Array<ArrayBuffer> {
  const app0 = [0xff, 0xe0, ...be16(16), 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const sof = [
    0xff,
    0xc0,
    ...be16(17),
    8,
    ...be16(heightPx),
    ...be16(widthPx),
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ];
  return new Uint8Array([0xff, 0xd8, ...app0, ...sof, ...rgba, 0xff, 0xd9]);
}

const PNG_PIXELS_AT = 33;
const JPEG_PIXELS_AT = 2 + 18 + 19;

async function readFake(blob: Blob): Promise<DecodedFull> {
  const b = new Uint8Array(await blob.arrayBuffer());
  const png = b[0] === 0x89;
  const jpeg = b[0] === 0xff && b[1] === 0xd8;
  if (!png && !jpeg) throw new Error('not an image');
  const w = png ? (b[18]! << 8) | b[19]! : (b[27]! << 8) | b[28]!;
  const h = png ? (b[22]! << 8) | b[23]! : (b[25]! << 8) | b[26]!;
  const at = png ? PNG_PIXELS_AT : JPEG_PIXELS_AT;
  const rgba = b.slice(at, at + w * h * 4);
  if (rgba.length !== w * h * 4) throw new Error('the image data is cut short');
  return { rgba, widthPx: w, heightPx: h };
}

export const fakeDecodeFull = readFake;

/** Centre-crop to a square, nearest-neighbour resize (both modes: exact and deterministic). */
export const fakeDecodeSquare: DecodeSquare = async (blob, sidePx) => {
  const { rgba, widthPx, heightPx } = await readFake(blob);
  const side = Math.min(widthPx, heightPx);
  const x0 = Math.floor((widthPx - side) / 2);
  const y0 = Math.floor((heightPx - side) / 2);
  const out = new Uint8Array(sidePx * sidePx * 4);
  for (let y = 0; y < sidePx; y++) {
    const sy = y0 + Math.floor(((y + 0.5) * side) / sidePx);
    for (let x = 0; x < sidePx; x++) {
      const sx = x0 + Math.floor(((x + 0.5) * side) / sidePx);
      out.set(rgba.subarray((sy * widthPx + sx) * 4, (sy * widthPx + sx) * 4 + 4), (y * sidePx + x) * 4);
    }
  }
  return out;
};

/** RGBA pixels of a w×h picture: a seeded gradient with a disc of class `classId` (grey index mask too). */
export function fakePair(widthPx: number, heightPx: number, seed: number, classId: number) {
  const image = new Uint8Array(widthPx * heightPx * 4);
  const mask = new Uint8Array(widthPx * heightPx * 4);
  for (let y = 0; y < heightPx; y++) {
    for (let x = 0; x < widthPx; x++) {
      const i = (y * widthPx + x) * 4;
      const inside =
        (x - widthPx / 2) ** 2 + (y - heightPx / 2) ** 2 < (Math.min(widthPx, heightPx) / 3) ** 2;
      image.set([(x * 7 + seed * 31) & 255, (y * 5 + seed) & 255, inside ? 220 : 40, 255], i);
      const c = inside ? classId : 0;
      mask.set([c, c, c, 255], i);
    }
  }
  return { image, mask };
}
