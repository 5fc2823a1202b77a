/** English: your own images — the problems found in a set of files (codes: config/ownImageProblems.ts) and the Dataset panel's words. */
export const ownImages = {
  problems: {
    notImage: 'not a JPEG, PNG or WebP image: ignored',
    maskNotPng: 'masks must be PNG (a lossy format would invent class values): ignored',
    unreadable: 'could not be read: {reason}',
    corrupt: 'is not a valid image (its header is damaged): remove it or fix it',
    truncated: 'is truncated (the file ends before the image does): remove it or fix it',
    imageWithoutMask:
      'image with no mask (expected a mask named like masks/{stem}.png or {stem}_mask.png): ignored',
    maskWithoutImage: 'mask with no image of the same name: ignored',
    duplicate: 'same name as {other}: only the first is used',
    tooLarge: '{width}×{height} px ({mp} MP) is over the {maxMp} MP limit: downscale it first',
    sizeMismatch: 'mask is {mask} px but its image is {image} px: the mask is resized with nearest neighbour',
    classTooHigh:
      'holds class index {value}, but there are {numClasses} classes (0–{maxClass}): raise the class count or fix the mask',
    tooManyColours:
      'the masks use {colours} colours, more than the {numClasses} classes: raise the class count or edit the palette',
    strayMaskValues:
      'values {indexValues} and {stray}: {stray} ≥ {numClasses} classes; choose whether these masks hold class indices or colours',
    decodeFailed: 'could not be decoded: {reason}',
    noPairs: 'no image + mask pairs were found: nothing to train on',
    tooFewPairs: 'at least 2 pairs are needed (one to train, one to validate)',
    notScanned:
      '{scanned} of {total} masks were checked before the run; the others are checked as they are decoded',
    photosNotReady: 'the photos are still being drawn: try again in a moment',
    noFilesLoaded: 'choose your image and mask files first (Dataset panel)',
    datasetBroken: {
      one: 'The dataset has {count} error: no run starts until they are fixed. First:',
      other: 'The dataset has {count} errors: no run starts until they are fixed. First:',
    },
  },
  panel: {
    legend: 'Dataset',
    sourceLabel: 'Train on',
    sources: { synthetic: 'synthetic shapes', files: 'your images', photos: 'photos (drawn here, JPEG)' },
    privacy:
      'Your files stay in this browser: they are read locally, decoded in the loader workers, and never sent anywhere.',
    dropHint: 'Drop images and masks here, or',
    pickFiles: 'choose files',
    pickFolder: 'choose a folder',
    rule: 'Images: JPEG, PNG or WebP. Masks: PNG, named like the image in a masks/ folder or with _mask (cat.jpg ↔ masks/cat.png or cat_mask.png), holding class indices 0…K−1 or one colour per class.',
    indexing: 'Reading {done} of {total} files…',
    summary: '{pairs} pairs: {train} for training, {validation} held out for validation (fixed split).',
    maskMode: { indices: 'Masks hold class indices.', colours: 'Masks hold colours; classes by palette:' },
    maskModeChoice: {
      legend: 'These grey masks look like class indices except for a few values. Read them as:',
      indices: 'class indices (the other values are errors to fix)',
      colours: 'colours, each mapped to a class by the palette',
    },
    paletteClass: 'class for colour {hex}',
    paletteTooLong:
      'The masks hold {colours} colours: a colour mask needs one exact colour per class (smoothed edges add in-between colours; save masks without anti-aliasing).',
    problemsTitle: { one: '{count} problem found', other: '{count} problems found' },
    moreProblems: '…and {count} more',
    blocked: 'Fix the errors above before training on these files.',
    photosSummary: '{count} JPEG photos with PNG masks, {bytes}, drawn here.',
    severity: { error: 'error', warning: 'warning', notice: 'note' },
    classOfFiles: 'class {k}',
    statsMeasured: 'mean / std measured on {count} of these images',
  },
};
