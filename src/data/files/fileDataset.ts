/**
 * A dataset of the user's own image + mask pairs as the loader sees it: the files themselves (Blobs, which
 * postMessage passes to loader workers by reference, not by copying their bytes), the fixed validation
 * split and how masks map to classes. Built once on the page by indexFiles.ts; never part of a link.
 * Also the decoder contract, so the loader can run with the browser's decoder or a test's.
 * Pure types; no DOM.
 */
import type { MaskMode, PaletteEntry } from './maskClasses';
import type { Split } from './validationSplit';

export interface FilePairBlobs {
  stem: string;
  imagePath: string;
  maskPath: string;
  image: Blob;
  mask: Blob;
}

export interface FileDataset {
  /** Changes with every set of files loaded (a new set rebuilds the validation batches). */
  id: number;
  pairs: FilePairBlobs[];
  split: Split;
  maskMode: MaskMode;
  palette: PaletteEntry[];
}

/**
 * Decodes an encoded image, centre-crops it to a square and resizes that to sidePx × sidePx; RGBA bytes
 * out (sidePx² × 4). `nearest`: nearest-neighbour resizing (masks: no invented class values); otherwise
 * smooth. Rejects with a message when the bytes are not a decodable image.
 */
export type DecodeSquare = (
  blob: Blob,
  sidePx: number,
  nearest: boolean,
) => Promise<Uint8ClampedArray | Uint8Array>;

/** The file source of a loader: the dataset and the decoder that reads it. */
export interface FileSource {
  files: FileDataset;
  decode: DecodeSquare;
}
