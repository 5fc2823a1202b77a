import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type TrainConfig } from '../../config/trainConfig';
import { buildHostBatch } from '../buildBatch';
import { BatchSourceDisposedError } from './batchSource';
import { createSyncBatchSource } from './syncBatchSource';
import { yieldToEventLoop } from './yieldToEventLoop';

const CONFIG: TrainConfig = {
  ...DEFAULT_CONFIG,
  imageSizePx: 16,
  batchSize: 3,
  sourceScale: 2,
  blurRadiusPx: 1,
};
const bytes = (b: ArrayBuffer) => Array.from(new Uint8Array(b));

describe('createSyncBatchSource', () => {
  it('builds batch after batch, the same bytes as buildHostBatch, yielding between samples', async () => {
    let yields = 0;
    const source = createSyncBatchSource(CONFIG, 5, {
      yieldEveryMs: 0,
      yieldNow: () => {
        yields++;
        return yieldToEventLoop();
      },
    });
    for (const index of [5, 6]) {
      const { batch, dataWaitMs } = await source.next();
      const expected = buildHostBatch(CONFIG, index);
      expect(batch.batchIndex).toBe(index);
      expect(bytes(batch.images)).toEqual(bytes(expected.images));
      expect(bytes(batch.masks)).toEqual(bytes(expected.masks));
      expect(dataWaitMs).toBeGreaterThanOrEqual(batch.buildMs);
    }
    expect(yields).toBe(2 * CONFIG.batchSize);
    expect(source.hostBytesInFlight()).toBe(0);
  });

  it('stops a batch being built at its next yield once disposed, and stays disposed', async () => {
    let yields = 0;
    const source = createSyncBatchSource(CONFIG, 0, {
      yieldEveryMs: 0,
      yieldNow: async () => {
        yields++;
        if (yields === 2) source.dispose(); // a Stop arriving while sample 1 of 3 was built
        await yieldToEventLoop();
      },
    });
    await expect(source.next()).rejects.toBeInstanceOf(BatchSourceDisposedError);
    expect(yields).toBe(2); // sample 2 was never built
    await expect(source.next()).rejects.toThrow('the batch source was disposed');
  });

  it('lets queued tasks run while it builds, so a stop message gets in before the batch is done', async () => {
    const source = createSyncBatchSource({ ...CONFIG, batchSize: 64 }, 0, { yieldEveryMs: 0 });
    setTimeout(() => source.dispose(), 0); // the stand-in for a 'stop' message queued on this thread
    await expect(source.next()).rejects.toBeInstanceOf(BatchSourceDisposedError);
  });
});
