import { describe, expect, it } from 'vitest';
import {
  batchesHeld,
  dataWaitFraction,
  hostBatchBytes,
  hostHeldBytes,
  loaderQueuedBytes,
  workersToKeepUp,
} from './hostMemory';
import { DEFAULT_CONFIG } from './trainConfig';

describe('host memory formula', () => {
  it('queues workers × prefetch batches; the host holds one more, the batch being trained on', () => {
    expect(loaderQueuedBytes(8, 2, 167_772_160)).toBe(2_684_354_560);
    expect(loaderQueuedBytes(0, 4, 1000)).toBe(0);
    expect(loaderQueuedBytes(3, 4, 1000)).toBe(12_000);
    expect(hostHeldBytes(8, 2, 167_772_160)).toBe(17 * 167_772_160);
    expect(hostHeldBytes(0, 4, 1000)).toBe(1000);
    expect(hostHeldBytes(3, 4, 1000)).toBe(13_000);
  });

  it('host batch bytes: images + masks as stored', () => {
    // 4 × 32 × 32 × 3 uint8 image bytes + 4 × 32 × 32 uint8 mask bytes.
    expect(hostBatchBytes(DEFAULT_CONFIG)).toBe(4 * 32 * 32 * 3 + 4 * 32 * 32);
    // float32 images + int32 masks: 4 B each.
    expect(hostBatchBytes({ ...DEFAULT_CONFIG, imageDtype: 'float32', maskDtype: 'int32' })).toBe(
      4 * 4 * 32 * 32 * 3 + 4 * 4 * 32 * 32,
    );
    // uint8 buffers are padded to a multiple of 4: 1 × 16 × 16 × 1 = 256 (already a multiple).
    const tiny = { ...DEFAULT_CONFIG, batchSize: 1, imageSizePx: 16, channels: 1 as const };
    expect(hostBatchBytes(tiny)).toBe(256 + 256);
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
