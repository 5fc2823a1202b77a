import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../config/trainConfig';
import {
  ARTICLE_WORKERS,
  articleHostMemory,
  batchesHeld,
  dataWaitFraction,
  heldBytesFormula,
  hostBatchBytesOf,
  workersToKeepUp,
} from './hostMemoryFormula';

describe('host memory formula', () => {
  it('pins the article: 8 workers × 2 × 167,772,160 B vs the uint8 33,554,432 B batch', () => {
    const ex = articleHostMemory(2);
    expect(ARTICLE_WORKERS).toBe(8);
    expect(ex).toEqual({
      workers: 8,
      prefetch: 2,
      floatBatchBytes: 167_772_160,
      uint8BatchBytes: 33_554_432,
      floatHeldBytes: 2_684_354_560,
      uint8HeldBytes: 536_870_912,
    });
    // One batch per worker is the article's "~1.3 GB" for 8 workers.
    expect(articleHostMemory(1).floatHeldBytes).toBe(1_342_177_280);
    expect(articleHostMemory(1, 64).floatHeldBytes).toBe(10_737_418_240);
  });

  it('multiplies workers × prefetch × batch bytes', () => {
    expect(heldBytesFormula(8, 2, 167_772_160)).toBe(2_684_354_560);
    expect(heldBytesFormula(0, 4, 1000)).toBe(0);
    expect(heldBytesFormula(3, 4, 1000)).toBe(12_000);
  });

  it('host batch bytes: images + masks as stored', () => {
    // 4 × 32 × 32 × 3 uint8 image bytes + 4 × 32 × 32 uint8 mask bytes.
    expect(hostBatchBytesOf(DEFAULT_CONFIG)).toBe(4 * 32 * 32 * 3 + 4 * 32 * 32);
    // float32 images + int32 masks: 4 B each.
    expect(hostBatchBytesOf({ ...DEFAULT_CONFIG, imageDtype: 'float32', maskDtype: 'int32' })).toBe(
      4 * 4 * 32 * 32 * 3 + 4 * 4 * 32 * 32,
    );
    // uint8 buffers are padded to a multiple of 4: 1 × 16 × 16 × 1 = 256 (already a multiple).
    const tiny = { ...DEFAULT_CONFIG, batchSize: 1, imageSizePx: 16, channels: 1 as const };
    expect(hostBatchBytesOf(tiny)).toBe(256 + 256);
  });

  it('batches held: whole multiples only', () => {
    expect(batchesHeld(0, 3584)).toBe(0);
    expect(batchesHeld(4 * 3584, 3584)).toBe(4);
    expect(batchesHeld(3584 + 1, 3584)).toBeNaN();
    expect(batchesHeld(0, 0)).toBe(0);
  });

  it('data-wait fraction of a step, clamped to [0, 1]', () => {
    expect(dataWaitFraction(25, 100)).toBe(0.25);
    expect(dataWaitFraction(0, 100)).toBe(0);
    expect(dataWaitFraction(120, 100)).toBe(1);
    expect(dataWaitFraction(5, 0)).toBeNull();
    expect(dataWaitFraction(Number.NaN, 10)).toBeNull();
  });
});

describe('workersToKeepUp', () => {
  it('is ⌈build ÷ train⌉, at least one', () => {
    expect(workersToKeepUp(760, 90)).toBe(9); // 8.44… → 9
    expect(workersToKeepUp(180, 90)).toBe(2);
    expect(workersToKeepUp(181, 90)).toBe(3);
    expect(workersToKeepUp(5, 90)).toBe(1);
  });

  it('is null without two positive measurements', () => {
    expect(workersToKeepUp(0, 90)).toBeNull();
    expect(workersToKeepUp(10, 0)).toBeNull();
    expect(workersToKeepUp(Number.NaN, 5)).toBeNull();
    expect(workersToKeepUp(10, Number.POSITIVE_INFINITY)).toBeNull();
  });
});
