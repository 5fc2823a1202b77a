import { describe, expect, it } from 'vitest';
import { OWN_IMAGE_LIMITS } from '../../config/ownImages';
import { hasErrors } from './datasetProblem';
import {
  fakeDecodeFull,
  fakeDecodeSquare,
  fakeJpegBytes,
  fakePair,
  fakePngBytes,
} from '../../../test/fixtures/fakeImageFiles';
import { indexFiles, problemsFor, type IndexDeps } from './indexFiles';
import { defaultPalette } from './maskClasses';

const file = (bytes: Uint8Array<ArrayBuffer>, name: string) => new File([bytes], name);

function pairFiles(stem: string, w: number, h: number, seed: number, classId: number): File[] {
  const { image, mask } = fakePair(w, h, seed, classId);
  return [
    file(fakeJpegBytes(w, h, image), `${stem}.jpg`),
    file(fakePngBytes(w, h, mask), `masks/${stem}.png`),
  ];
}

function deps(counts = { full: 0, square: 0, yields: 0 }): IndexDeps & { counts: typeof counts } {
  return {
    counts,
    decodeFull: (b) => (counts.full++, fakeDecodeFull(b)),
    decodeSquare: (b, s, n) => (counts.square++, fakeDecodeSquare(b, s, n)),
    yieldNow: async () => {
      counts.yields++;
    },
  };
}

describe('indexFiles', () => {
  it('indexes a clean set: pairs, index masks, measured mean / std, no problems', async () => {
    const files = [0, 1, 2, 3].flatMap((i) => pairFiles(`s${i}`, 8, 8, i, (i % 3) + 1));
    const index = await indexFiles(files, deps());
    expect(index.pairs.map((p) => [p.imagePath, p.maskPath])).toEqual(
      [0, 1, 2, 3].map((i) => [`s${i}.jpg`, `masks/s${i}.png`]),
    );
    expect(problemsFor(index, 4, [])).toEqual([]);
    expect(index.stats?.images).toBe(4);
    // The blue channel is 220 inside the disc and 40 outside: its mean lies between.
    const blue = index.stats![3].mean255[2]!;
    expect(blue).toBeGreaterThan(40);
    expect(blue).toBeLessThan(220);
  });

  it('refuses a truncated JPEG and a file that is not an image, with their messages', async () => {
    const good = [0, 1].flatMap((i) => pairFiles(`g${i}`, 8, 8, i, 1));
    const [jpeg, mask] = pairFiles('cut', 8, 8, 5, 1);
    const cut = file(new Uint8Array(await jpeg!.arrayBuffer()).subarray(0, 100), 'cut.jpg');
    const fake = file(new TextEncoder().encode('just text'), 'fake.jpg');
    const fakeMask = pairFiles('fake', 8, 8, 6, 1)[1]!;
    const index = await indexFiles([...good, cut, mask!, fake, fakeMask], deps());
    const problems = problemsFor(index, 4, []);
    expect(problems).toContainEqual({
      severity: 'error',
      file: 'cut.jpg',
      problem: { code: 'truncated' },
    });
    expect(problems).toContainEqual({
      severity: 'error',
      file: 'fake.jpg',
      problem: { code: 'corrupt' },
    });
    expect(hasErrors(problems)).toBe(true);
    expect(index.pairs.map((p) => p.stem)).toEqual(['g0', 'g1']);
  });

  it('refuses a mask with class 9 for K = 4, and accepts it for no K below 10', async () => {
    const files = [...pairFiles('a', 8, 8, 1, 2), ...pairFiles('b', 8, 8, 2, 9)];
    const index = await indexFiles(files, deps());
    expect(problemsFor(index, 4, [])).toEqual([
      { severity: 'error', file: 'masks/b.png', problem: { code: 'classTooHigh', value: 9, numClasses: 4 } },
    ]);
  });

  it('refuses colour masks with more colours than classes, until the palette maps them', async () => {
    const { image } = fakePair(4, 4, 1, 1);
    const colours = Uint8Array.from(
      Array.from(
        { length: 16 },
        (_, i) =>
          [
            [0, 0, 0, 255],
            [200, 0, 0, 255],
            [0, 200, 0, 255],
          ][i % 3]!,
      ).flat(),
    );
    const files = [
      file(fakeJpegBytes(4, 4, image), 'a.jpg'),
      file(fakePngBytes(4, 4, colours), 'a_mask.png'),
      ...pairFiles('b', 4, 4, 2, 1).map((f, i) =>
        i === 1 ? file(fakePngBytes(4, 4, colours), 'b_mask.png') : f,
      ),
    ];
    const index = await indexFiles(files, deps());
    const palette = defaultPalette(index.survey.colours);
    expect(palette).toHaveLength(3);
    expect(problemsFor(index, 2, palette)).toEqual([
      { severity: 'error', file: '', problem: { code: 'tooManyColours', colours: 3, numClasses: 2 } },
    ]);
    expect(problemsFor(index, 3, palette)).toEqual([]);
  });

  it('asks how to read grey masks of class indices with a stray 40, naming the file, at 3 and 4 classes', async () => {
    // Masks of 0, 1 and 2, and one also holding 40: indices with a stray label, or four grey colours?
    const files = [0, 1, 2].flatMap((i) => pairFiles(`s${i}`, 8, 8, i, i === 0 ? 2 : i));
    const [, clean] = pairFiles('odd', 8, 8, 3, 1);
    const grey = new Uint8Array(await fakeDecodeFull(clean!).then((d) => d.rgba));
    grey.set([40, 40, 40, 255], 0);
    const index = await indexFiles(
      [...files, pairFiles('odd', 8, 8, 3, 1)[0]!, file(fakePngBytes(8, 8, grey), 'masks/odd.png')],
      deps(),
    );
    for (const k of [3, 4]) {
      const palette = defaultPalette(index.survey.colours);
      expect(problemsFor(index, k, palette)).toEqual([
        {
          severity: 'error',
          file: 'masks/odd.png',
          problem: { code: 'strayMaskValues', indexValues: [0, 1], stray: [40], numClasses: k },
        },
      ]);
      // Picked as indices: the mask's 40 is a class too high; as colours: the palette decides.
      expect(problemsFor(index, k, palette, 'indices')).toEqual([
        {
          severity: 'error',
          file: 'masks/odd.png',
          problem: { code: 'classTooHigh', value: 40, numClasses: k },
        },
      ]);
    }
    const palette = defaultPalette(index.survey.colours);
    expect(palette.map((p) => p.rgb & 0xff)).toEqual([0, 1, 2, 40]);
    expect(problemsFor(index, 4, palette, 'colours')).toEqual([]);
    expect(problemsFor(index, 3, palette, 'colours')).toEqual([
      { severity: 'error', file: '', problem: { code: 'tooManyColours', colours: 4, numClasses: 3 } },
    ]);
  });

  it('says a mismatched mask is resized with nearest neighbour (a warning, not an error)', async () => {
    const [img] = pairFiles('a', 16, 16, 1, 1);
    const [, smallMask] = pairFiles('a', 8, 8, 1, 1);
    const index = await indexFiles([img!, smallMask!, ...pairFiles('b', 8, 8, 2, 1)], deps());
    expect(problemsFor(index, 4, [])).toEqual([
      {
        severity: 'warning',
        file: 'masks/a.png',
        problem: { code: 'sizeMismatch', image: '16×16', mask: '8×8' },
      },
    ]);
  });

  it('refuses a 50-megapixel image before decoding it, showing its size', async () => {
    const huge = file(fakeJpegBytes(8000, 6250, new Uint8Array(0)), 'huge.jpg');
    const mask = pairFiles('huge', 8, 8, 1, 1)[1]!;
    const d = deps();
    const index = await indexFiles([huge, mask, ...pairFiles('b', 8, 8, 2, 1)], d);
    const problem = {
      code: 'tooLarge',
      widthPx: 8000,
      heightPx: 6250,
      maxMp: OWN_IMAGE_LIMITS.maxImageMegapixels,
    };
    expect(problemsFor(index, 4, [])).toContainEqual({ severity: 'error', file: 'huge.jpg', problem });
    expect(d.counts.full + d.counts.square).toBe(2); // only pair b's mask and image were decoded
  });

  it('indexes 10,000 files lazily: headers in chunks with yields, a bounded number of decodes', async () => {
    const [img, mask] = pairFiles('x', 4, 4, 1, 1);
    const imgBytes = new Uint8Array(await img!.arrayBuffer());
    const maskBytes = new Uint8Array(await mask!.arrayBuffer());
    const files = Array.from({ length: 5000 }, (_, i) => [
      file(imgBytes, `${i}.jpg`),
      file(maskBytes, `masks/${i}.png`),
    ]).flat();
    const d = deps();
    let lastProgress = 0;
    const index = await indexFiles(files, { ...d, onProgress: (doneFiles) => (lastProgress = doneFiles) });
    expect(index.pairs).toHaveLength(5000);
    expect(lastProgress).toBe(10_000);
    expect(d.counts.yields).toBeGreaterThanOrEqual(10_000 / OWN_IMAGE_LIMITS.indexChunkFiles);
    expect(d.counts.full).toBe(OWN_IMAGE_LIMITS.maskScanMax);
    expect(d.counts.square).toBe(OWN_IMAGE_LIMITS.statsSampleMax);
    expect(problemsFor(index, 4, [])).toEqual([
      {
        severity: 'notice',
        file: '',
        problem: { code: 'notScanned', scanned: OWN_IMAGE_LIMITS.maskScanMax, total: 5000 },
      },
    ]);
  });

  it('needs at least two pairs', async () => {
    const index = await indexFiles(pairFiles('only', 8, 8, 1, 1), deps());
    expect(problemsFor(index, 4, [])).toEqual([
      { severity: 'error', file: '', problem: { code: 'tooFewPairs' } },
    ]);
    const none = await indexFiles([], deps());
    expect(problemsFor(none, 4, [])).toEqual([{ severity: 'error', file: '', problem: { code: 'noPairs' } }]);
  });
});
