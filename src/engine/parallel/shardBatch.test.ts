/** Shards of a HostBatch (src/data/shardBatch.ts): slicing and building a shard give the same bytes. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type TrainConfig } from '../../config/trainConfig';
import { buildHostBatch } from '../../data/buildBatch';
import { buildShardBatch, shardHostBatch, shardProblem } from '../../data/shardBatch';

const base: TrainConfig = { ...DEFAULT_CONFIG, imageSizePx: 16, batchSize: 4, channels: 3, augment: true };
const bytes = (b: ArrayBuffer) => Array.from(new Uint8Array(b));

describe('shardHostBatch / buildShardBatch', () => {
  const variants: Partial<TrainConfig>[] = [
    { imageDtype: 'uint8', maskDtype: 'uint8', channels: 1, mean255: [110], std255: [35] },
    { imageDtype: 'uint8', maskDtype: 'uint8' },
    { imageDtype: 'float16', normalizeOn: 'loader', maskDtype: 'int32' },
    { imageDtype: 'float32', normalizeOn: 'model', maskDtype: 'float32-onehot' },
  ];
  for (const v of variants) {
    it(`${v.imageDtype}/${v.maskDtype}/${v.channels ?? 3}ch: shard r of batch i is built without the rest`, () => {
      const config = { ...base, ...v };
      for (const n of [1, 2, 4]) {
        const whole = buildHostBatch(config, 3);
        const shards = shardHostBatch(whole, n);
        expect(shards).toHaveLength(n);
        shards.forEach((shard, r) => {
          const built = buildShardBatch(config, 3, r, n);
          expect(shard.batchSize).toBe(4 / n);
          expect(built.batchSize).toBe(4 / n);
          expect(shard.imageElements).toBe(whole.imageElements / n);
          expect(shard.maskElements).toBe(whole.maskElements / n);
          expect(shard.images.byteLength % 4).toBe(0);
          expect(bytes(shard.images)).toEqual(bytes(built.images));
          expect(bytes(shard.masks)).toEqual(bytes(built.masks));
          expect(built.batchIndex).toBe(3);
        });
        // The shards, concatenated, are the batch (int32 and one-hot masks carry no padding).
        if (config.maskDtype !== 'uint8')
          expect(shards.flatMap((s) => bytes(s.masks))).toEqual(bytes(whole.masks));
      }
    });
  }

  it('refuses shards that are not equal', () => {
    expect(shardProblem(4, 2)).toBeNull();
    expect(shardProblem(4, 3)).toMatch(/equal/);
    expect(shardProblem(2, 4)).toMatch(/cannot feed/);
    expect(() => shardHostBatch(buildHostBatch(base, 0), 3)).toThrow();
    expect(() => buildShardBatch(base, 0, 4, 4)).toThrow();
  });
});
