/**
 * The English problems found in a set of your own image files (data/files/ builds them, in the loader and
 * the indexer, where no dictionary is read). The Dataset panel's own words are ui/dataset/datasetText.ts,
 * from the dictionaries. File
 * names are passed in as plain values and always rendered as React text, never as markup.
 * Pure strings and small functions; imports nothing.
 */

const mp = (widthPx: number, heightPx: number) => ((widthPx * heightPx) / 1e6).toFixed(1);

export const PROBLEM_TEXT = {
  notImage: 'not a JPEG, PNG or WebP image: ignored',
  maskNotPng: 'masks must be PNG (a lossy format would invent class values): ignored',
  unreadable: (reason: string) => `could not be read: ${reason}`,
  corrupt: 'is not a valid image (its header is damaged): remove it or fix it',
  truncated: 'is truncated (the file ends before the image does): remove it or fix it',
  imageWithoutMask: (expected: string) =>
    `image with no mask (expected a mask named like ${expected}): ignored`,
  maskWithoutImage: 'mask with no image of the same name: ignored',
  duplicate: (other: string) => `same name as ${other}: only the first is used`,
  tooLarge: (widthPx: number, heightPx: number, maxMp: number) =>
    `${widthPx}×${heightPx} px (${mp(widthPx, heightPx)} MP) is over the ${maxMp} MP limit: downscale it first`,
  sizeMismatch: (image: string, mask: string) =>
    `mask is ${mask} px but its image is ${image} px: the mask is resized with nearest neighbour`,
  classTooHigh: (value: number, numClasses: number) =>
    `holds class index ${value}, but there are ${numClasses} classes (0–${numClasses - 1}): raise the class count or fix the mask`,
  tooManyColours: (colours: number, numClasses: number) =>
    `the masks use ${colours} colours, more than the ${numClasses} classes: raise the class count or edit the palette`,
  decodeFailed: (reason: string) => `could not be decoded: ${reason}`,
  noPairs: 'no image + mask pairs were found: nothing to train on',
  tooFewPairs: 'at least 2 pairs are needed (one to train, one to validate)',
  notScanned: (scanned: number, total: number) =>
    `${scanned} of ${total} masks were checked before the run; the others are checked as they are decoded`,
  photosNotReady: 'the photos are still being drawn: try again in a moment',
  noFilesLoaded: 'choose your image and mask files first (Dataset panel)',
  datasetBroken: (errors: number) =>
    `The dataset has ${errors} error${errors === 1 ? '' : 's'}: no run starts until they are fixed. First:`,
} as const;
