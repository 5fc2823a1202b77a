import { describe, expect, it } from 'vitest';
import { gatheredOutputRatio } from './lessonReconcile';

describe('outputs gathered on device 0', () => {
  it('is the batch over one shard: the article’s 4 GPUs 4×, two devices 2×', () => {
    expect(gatheredOutputRatio(32, 4)).toBe(4);
    expect(gatheredOutputRatio(8, 2)).toBe(2);
    expect(gatheredOutputRatio(12, 1)).toBe(1);
    // 10 samples on 4 devices: shards of 2 (the rest on device 0), so 10 ÷ 2.
    expect(gatheredOutputRatio(10, 4)).toBe(5);
    expect(gatheredOutputRatio(2, 4)).toBeNaN();
  });
});
