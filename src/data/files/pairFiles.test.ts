import { describe, expect, it } from 'vitest';
import { pairFiles } from './pairFiles';

const entries = (...paths: string[]) => paths.map((path) => ({ path, sizeBytes: 1 }));
const pairedPaths = (paths: string[]) => {
  const { pairs } = pairFiles(entries(...paths));
  return pairs.map((p) => [p.stem, paths[p.image], paths[p.mask]]);
};

describe('pairFiles', () => {
  it('pairs an image with a mask in a masks/ folder or named with _mask, whatever the listing order', () => {
    expect(pairedPaths(['set/masks/cat.png', 'set/dog_mask.png', 'set/cat.jpg', 'set/dog.webp'])).toEqual([
      ['cat', 'set/cat.jpg', 'set/masks/cat.png'],
      ['dog', 'set/dog.webp', 'set/dog_mask.png'],
    ]);
    expect(pairedPaths(['b.png', 'labels/b.png', 'a-mask.PNG', 'a.JPEG'])).toEqual([
      ['a', 'a.JPEG', 'a-mask.PNG'],
      ['b', 'b.png', 'labels/b.png'],
    ]);
  });

  it('reports an image with no mask and a mask with no image, and pairs nothing for them', () => {
    const { pairs, problems } = pairFiles(entries('cat.jpg', 'masks/dog.png'));
    expect(pairs).toEqual([]);
    expect(problems).toEqual([
      {
        severity: 'warning',
        file: 'cat.jpg',
        problem: { code: 'imageWithoutMask', stem: 'cat' },
      },
      { severity: 'warning', file: 'masks/dog.png', problem: { code: 'maskWithoutImage' } },
    ]);
  });

  it('ignores non-images and lossy masks, and keeps the first of two same-named images', () => {
    const { pairs, problems } = pairFiles(
      entries('notes.txt', 'masks/a.jpg', 'a.jpg', 'a.png', 'masks/a.png', 'README'),
    );
    expect(pairs).toEqual([{ stem: 'a', image: 2, mask: 4 }]);
    expect(problems.map((p) => [p.file, p.problem])).toEqual([
      ['notes.txt', { code: 'notImage' }],
      ['masks/a.jpg', { code: 'maskNotPng' }],
      ['a.png', { code: 'duplicate', other: 'a.jpg' }],
      ['README', { code: 'notImage' }],
    ]);
  });

  it('keeps a name with markup verbatim, as data', () => {
    const name = '<img src=x onerror=alert(1)>.jpg';
    const { problems } = pairFiles(entries(name));
    expect(problems[0]!.file).toBe(name);
  });

  it('pairs 10,000 files by name alone', () => {
    const paths = Array.from({ length: 5000 }, (_, i) => [`img/${i}.jpg`, `masks/${i}.png`]).flat();
    const { pairs, problems } = pairFiles(entries(...paths));
    expect(pairs).toHaveLength(5000);
    expect(problems).toEqual([]);
  });
});
