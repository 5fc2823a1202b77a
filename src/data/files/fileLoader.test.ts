import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type TrainConfig } from '../../config/trainConfig';
import { hostBatchBytes } from '../../config/hostMemory';
import type { HostBatch } from '../hostBatch';
import { createRng } from '../random';
import { createBatchSource } from '../loader/createBatchSource';
import { FakeLoaderWorkers } from '../../../test/fixtures/fakeLoaderWorkers';
import type { BatchSource } from '../loader/batchSource';
import {
  fakeDecodeSquare,
  fakeJpegBytes,
  fakePair,
  fakePngBytes,
} from '../../../test/fixtures/fakeImageFiles';
import type { FileDataset } from './fileDataset';
import { buildFileValidationBatch } from './fileSamples';
import { validationSplit } from './validationSplit';

const CONFIG: TrainConfig = {
  ...DEFAULT_CONFIG,
  seed: 3,
  imageSizePx: 16,
  batchSize: 3,
  sourceScale: 2,
  blurRadiusPx: 1,
  augment: true,
  dataSource: 'files',
};

function dataset(classOf: (i: number) => number = (i) => (i % 3) + 1): FileDataset {
  const pairs = Array.from({ length: 10 }, (_, i) => {
    const { image, mask } = fakePair(40 + i, 36, i, classOf(i));
    return {
      stem: `p${i}`,
      imagePath: `p${i}.jpg`,
      maskPath: `masks/p${i}.png`,
      image: new Blob([fakeJpegBytes(40 + i, 36, image)]),
      mask: new Blob([fakePngBytes(40 + i, 36, mask)]),
    };
  });
  return { id: 1, pairs, split: validationSplit(10), maskMode: 'indices', palette: [] };
}

const content = (b: HostBatch) => [Array.from(new Uint8Array(b.images)), Array.from(new Uint8Array(b.masks))];

/** Takes `count` batches while the fake workers (if any) run their inboxes in a seeded random order. */
async function take(
  source: BatchSource,
  count: number,
  fakes: FakeLoaderWorkers | null,
): Promise<HostBatch[]> {
  const out: HostBatch[] = [];
  const rng = createRng(5);
  for (let i = 0; i < count; i++) {
    let settled = false;
    const promise = source.next();
    const done = () => (settled = true);
    promise.then(done, done);
    for (let spins = 0; !settled && spins < 10_000; spins++) {
      fakes?.step(rng);
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    out.push((await promise).batch);
  }
  return out;
}

describe('training on files: the same batch bytes whatever the worker count', () => {
  it('0, 1 and 3 workers decode the same files into the same batches, of the formula size', async () => {
    const files = dataset();
    const sync = await take(
      createBatchSource({ ...CONFIG, workers: 0 }, 2, undefined, files, fakeDecodeSquare),
      4,
      null,
    );
    for (const workers of [1, 3]) {
      const fakes = new FakeLoaderWorkers({ decode: fakeDecodeSquare, shuffleWithinWorker: true });
      const source = createBatchSource(
        { ...CONFIG, workers, prefetch: 2 },
        2,
        fakes.spawn,
        files,
        fakeDecodeSquare,
      );
      const got = await take(source, 4, fakes);
      expect(got.map((b) => b.batchIndex)).toEqual([2, 3, 4, 5]);
      expect(got.map(content)).toEqual(sync.map(content));
      source.dispose();
    }
    for (const b of sync) expect(b.images.byteLength + b.masks.byteLength).toBe(hostBatchBytes(CONFIG));
    // The masks hold the files' classes (1–3 inside the discs, 0 outside), not synthetic shapes.
    const classes = new Set(sync.flatMap((b) => Array.from(new Uint8Array(b.masks))));
    expect([...classes].sort()).toEqual([0, 1, 2, 3]);
  });

  // The split is fixed (a constant seed), so which pairs train and which validate is known here.
  const { train: TRAIN_PAIRS, validation: HELD_OUT_PAIRS } = validationSplit(10);
  const trainingPair = TRAIN_PAIRS[0]!;
  const heldOutPair = HELD_OUT_PAIRS[0]!;
  const classTooHigh = (i: number) =>
    `masks/p${i}.png: holds class index 9, but there are 4 classes (0–3): raise the class count or fix the mask`;

  it('a training mask with a class ≥ K fails the batch with the file name, in a worker as in the training worker', async () => {
    const files = dataset((i) => (i === trainingPair ? 9 : 1));
    const config = { ...CONFIG, batchSize: TRAIN_PAIRS.length }; // one epoch reads every training pair
    const sync = createBatchSource({ ...config, workers: 0 }, 0, undefined, files, fakeDecodeSquare);
    await expect(sync.next()).rejects.toThrow(classTooHigh(trainingPair));
    const fakes = new FakeLoaderWorkers({ decode: fakeDecodeSquare });
    const pool = createBatchSource(
      { ...config, workers: 1, prefetch: 1 },
      0,
      fakes.spawn,
      files,
      fakeDecodeSquare,
    );
    await expect(take(pool, 1, fakes)).rejects.toThrow(classTooHigh(trainingPair));
    pool.dispose();
  });

  it('a held-out mask with a class ≥ K fails the validation batch with the file name', async () => {
    const files = dataset((i) => (i === heldOutPair ? 9 : 1));
    const source = { files, decode: fakeDecodeSquare };
    await expect(buildFileValidationBatch(CONFIG, source, HELD_OUT_PAIRS.length)).rejects.toThrow(
      classTooHigh(heldOutPair),
    );
  });

  it('the validation batch reads only held-out pairs, unaugmented, the same every time', async () => {
    const files = dataset();
    const source = { files, decode: fakeDecodeSquare };
    const a = await buildFileValidationBatch(CONFIG, source, 3);
    const b = await buildFileValidationBatch({ ...CONFIG, seed: 99 }, source, 3);
    expect(content(a)).toEqual(content(b));
    expect(a.batchSize).toBe(3);
  });
});
