/**
 * The browser's image decoder for the loader: createImageBitmap decodes the file (no colour-space
 * conversion, no premultiplied alpha, so mask colours come out exact), an OffscreenCanvas centre-crops it to
 * a square and resizes it to the source size, and getImageData reads the RGBA bytes. Runs in a loader
 * worker, or in the training worker with 0 loader workers. No tfjs; worker-scope APIs only.
 */
import type { DecodeSquare } from './fileDataset';
import type { DecodedFull } from './indexFiles';

/** The file's pixels as stored (no colour conversion, no premultiplied alpha); a decode failure says so. */
async function openBitmap(blob: Blob): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(blob, { colorSpaceConversion: 'none', premultiplyAlpha: 'none' });
  } catch (error) {
    throw new Error(error instanceof Error ? error.message : 'the browser could not decode it');
  }
}

export const decodeSquareInBrowser: DecodeSquare = async (blob, sidePx, nearest) => {
  const bitmap = await openBitmap(blob);
  try {
    const side = Math.min(bitmap.width, bitmap.height);
    const canvas = new OffscreenCanvas(sidePx, sidePx);
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('no 2D canvas in this worker');
    context.imageSmoothingEnabled = !nearest;
    if (!nearest) context.imageSmoothingQuality = 'high';
    const x = Math.floor((bitmap.width - side) / 2);
    const y = Math.floor((bitmap.height - side) / 2);
    context.drawImage(bitmap, x, y, side, side, 0, 0, sidePx, sidePx);
    return context.getImageData(0, 0, sidePx, sidePx).data;
  } finally {
    bitmap.close();
  }
};

/** Decodes a file at its own size (the page's mask scan: every pixel is checked). */
export async function decodeFullInBrowser(blob: Blob): Promise<DecodedFull> {
  const bitmap = await openBitmap(blob);
  try {
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('no 2D canvas here');
    context.drawImage(bitmap, 0, 0);
    const rgba = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
    return { rgba, widthPx: bitmap.width, heightPx: bitmap.height };
  } finally {
    bitmap.close();
  }
}
