/**
 * Every code the data layer reports about your own images, and every reason the dataset blocks a run, worded
 * in both languages: the sample table is typed by the code unions, so a new code without a sample is a
 * compile error, and a code the dictionary lacks is one in datasetText.ts; here each sentence must be
 * non-empty, fill every placeholder and carry every figure of its code.
 */
import { describe, expect, it } from 'vitest';
import type {
  DatasetBlock,
  DatasetBlockCode,
  OwnImageProblem,
  OwnImageProblemCode,
} from '../../config/ownImageProblems';
import { LANGS } from '../../config/languages';
import { DICTIONARIES, LOCALE_TAGS } from '../../i18n/dictionaries';
import { datasetBlockWords, ownImageProblemWords } from './datasetText';

const PROBLEMS: Readonly<Record<OwnImageProblemCode, OwnImageProblem>> = {
  notImage: { code: 'notImage' },
  maskNotPng: { code: 'maskNotPng' },
  unreadable: { code: 'unreadable', reason: 'NotReadableError' },
  corrupt: { code: 'corrupt' },
  truncated: { code: 'truncated' },
  imageWithoutMask: { code: 'imageWithoutMask', stem: 'cat' },
  maskWithoutImage: { code: 'maskWithoutImage' },
  duplicate: { code: 'duplicate', other: 'a.jpg' },
  tooLarge: { code: 'tooLarge', widthPx: 8000, heightPx: 6250, maxMp: 40 },
  sizeMismatch: { code: 'sizeMismatch', image: '16×16', mask: '8×8' },
  classTooHigh: { code: 'classTooHigh', value: 9, numClasses: 4 },
  tooManyColours: { code: 'tooManyColours', colours: 7, numClasses: 4 },
  strayMaskValues: { code: 'strayMaskValues', indexValues: [0, 1, 2], stray: [40], numClasses: 4 },
  decodeFailed: { code: 'decodeFailed', reason: 'EncodingError' },
  noPairs: { code: 'noPairs' },
  tooFewPairs: { code: 'tooFewPairs' },
  notScanned: { code: 'notScanned', scanned: 200, total: 512 },
};

const BLOCKS: Readonly<Record<DatasetBlockCode, DatasetBlock>> = {
  photosNotReady: { code: 'photosNotReady' },
  noFilesLoaded: { code: 'noFilesLoaded' },
  datasetBroken: { code: 'datasetBroken', errors: 3, file: 'cut.jpg', first: { code: 'truncated' } },
};

/** The figures a code carries, as they must appear in its sentence. */
const figures = (p: object) =>
  Object.entries(p)
    .filter(([key, v]) => key !== 'code' && (typeof v === 'string' || typeof v === 'number'))
    .map(([, v]) => String(v));

describe.each(LANGS)('the dataset codes in %s', (lang) => {
  const t = DICTIONARIES[lang];
  const locale = LOCALE_TAGS[lang];

  it.each(Object.values(PROBLEMS))('words $code with every figure, no placeholder left', (problem) => {
    const text = ownImageProblemWords(t, problem);
    expect(text.trim()).not.toBe('');
    expect(text).not.toMatch(/[{}]/);
    for (const figure of figures(problem)) expect(text).toContain(figure);
  });

  it.each(Object.values(BLOCKS))('words the block $code, no placeholder left', (block) => {
    const text = datasetBlockWords(t, locale, block);
    expect(text.trim()).not.toBe('');
    expect(text).not.toMatch(/[{}]/);
    if (block.code === 'datasetBroken') {
      expect(text).toContain('3');
      expect(text).toContain('cut.jpg');
      expect(text).toContain(ownImageProblemWords(t, block.first));
    }
  });
});

describe('the English sentences, pinned', () => {
  const t = DICTIONARIES.en;
  it('derives the figures a sentence shows from the code', () => {
    expect(ownImageProblemWords(t, PROBLEMS.tooLarge)).toBe(
      '8000×6250 px (50.0 MP) is over the 40 MP limit: downscale it first',
    );
    expect(ownImageProblemWords(t, PROBLEMS.classTooHigh)).toBe(
      'holds class index 9, but there are 4 classes (0–3): raise the class count or fix the mask',
    );
    expect(ownImageProblemWords(t, PROBLEMS.strayMaskValues)).toBe(
      'values 0–2 and 40: 40 ≥ 4 classes; choose whether these masks hold class indices or colours',
    );
    expect(datasetBlockWords(t, 'en-US', BLOCKS.datasetBroken)).toBe(
      'The dataset has 3 errors: no run starts until they are fixed. First: cut.jpg: is truncated (the file ' +
        'ends before the image does): remove it or fix it',
    );
  });
});
