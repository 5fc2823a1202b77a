/**
 * The rules for datasets read from the user's files, in one place: which files are images and which are
 * masks, how a mask is paired with its image, how masks are read (class indices or colours), the size
 * limit, how much is indexed and scanned before a run, and the validation split. Pure data; imports nothing.
 *
 * Pairing rule: a file is a mask when it sits in a folder named like MASK_FOLDERS or its name (without
 * extension) ends with one of MASK_SUFFIXES; every other file is an image. An image and a mask pair when
 * their stems are equal once the mask suffix is removed: `cat.jpg` ↔ `masks/cat.png` or `cat_mask.png`.
 */

/** Extensions read as images (lower case, without the dot). */
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const;
/** Extensions read as masks: lossless only (a JPEG would blur class boundaries into new values). */
export const MASK_EXTENSIONS = ['png'] as const;
/** A file inside a folder with one of these names (any depth, any case) is a mask. */
export const MASK_FOLDERS = ['masks', 'mask', 'labels', 'annotations'] as const;
/** A file whose stem ends with one of these (any case) is a mask; the suffix is removed to pair it. */
export const MASK_SUFFIXES = ['_mask', '-mask', '_label', '-label'] as const;

export const OWN_IMAGE_LIMITS = {
  /** Larger images are refused before decoding (a 50 MP RGBA decode alone is 200 MB per worker). */
  maxImageMegapixels: 24,
  /** Bytes read from the start of each file to recognise its format and read its size. */
  headBytes: 65_536,
  /** Bytes read from the end of each file to recognise a truncated file. */
  tailBytes: 16,
  /** Files whose headers are read between two yields to the event loop while indexing. */
  indexChunkFiles: 64,
  /** Masks decoded before a run to learn the mask mode and check class indices (the rest at decode). */
  maskScanMax: 256,
  /** Images decoded to measure mean / std per channel. */
  statsSampleMax: 32,
  /** Share of the pairs held out for validation (at least 1, at most validationMax). */
  validationFraction: 0.2,
  validationMax: 64,
  /** Colours the palette editor lists at most (more means the masks are not class masks). */
  paletteShownMax: 16,
  /** Problems listed at most (the count of the others is given). */
  problemsShownMax: 50,
} as const;

/**
 * A mask whose pixels are all grey (R = G = B) with values ≤ this holds class indices; any other mask
 * holds colours mapped to classes by the palette. (A 0/255 black-and-white mask is therefore colours.)
 */
export const INDEX_MASK_MAX_VALUE = 31;

/**
 * Grey masks with at least this many distinct values ≤ INDEX_MASK_MAX_VALUE and some above it look like
 * class indices with stray values (a label from another dataset, a 255 "ignore"): neither mode is taken
 * silently, the user picks one. (0/255 has one small value: colours, as before.)
 */
export const INDEX_LIKE_MIN_VALUES = 2;

/** Seed of the validation split: fixed, so every run on a dataset validates on the same pairs. */
export const VALIDATION_SPLIT_SEED = 0x0d47_a5e7;

/** The "photos" preset: images BatchLab draws and encodes as JPEG at startup (nothing is downloaded). */
export const PHOTOS_PRESET = { count: 24, sizePx: 256, jpegQuality: 0.85, seed: 7 } as const;
