import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG, type TrainConfig } from '../../config/trainConfig';
import { buildHostBatch } from '../buildBatch';
import { createLoaderCore } from './loaderCore';
import type { FromLoader } from './loaderProtocol';
import { storageWaitMsOfBatch, waitForStorage } from './storageWait';
import { createSyncBatchSource } from './syncBatchSource';

/** 10 ms per sample × 2 samples: each batch waits 20 ms of (fake) time before it is built. */
const CONFIG: TrainConfig = {
  ...DEFAULT_CONFIG,
  imageSizePx: 16,
  batchSize: 2,
  storageLatencyMsPerSample: 10,
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

function loader(workerIndex: number, sent: FromLoader[]) {
  const handle = createLoaderCore((message) => sent.push(message));
  handle({ type: 'init', workerIndex, config: CONFIG, files: null });
  return handle;
}

describe('storage latency (simulated, a timer)', () => {
  it('is latency × samples per batch', () => {
    expect(storageWaitMsOfBatch({ storageLatencyMsPerSample: 3, batchSize: 4 })).toBe(12);
    expect(storageWaitMsOfBatch({ storageLatencyMsPerSample: 0, batchSize: 512 })).toBe(0);
  });

  it('holds a loader worker’s batch back until the wait is over, then posts the same bytes', async () => {
    const sent: FromLoader[] = [];
    loader(0, sent)({ type: 'build', batchIndex: 3 });
    await vi.advanceTimersByTimeAsync(19);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(1);
    const message = sent[0]!;
    if (message.type !== 'batch') throw new Error(`expected a batch, got ${message.type}`);
    expect(new Uint8Array(message.batch.images)).toEqual(new Uint8Array(buildHostBatch(CONFIG, 3).images));
  });

  it('makes one worker read its batches one after the other, while two workers overlap their waits', async () => {
    const one: FromLoader[] = [];
    const single = loader(0, one);
    single({ type: 'build', batchIndex: 0 });
    single({ type: 'build', batchIndex: 1 });
    const two: FromLoader[] = [];
    loader(0, two)({ type: 'build', batchIndex: 0 });
    loader(1, two)({ type: 'build', batchIndex: 1 });
    await vi.advanceTimersByTimeAsync(20);
    expect(one).toHaveLength(1);
    expect(two).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(20);
    expect(one).toHaveLength(2);
  });

  it('is waited in the 0-worker path before building, and counted as data wait', async () => {
    const source = createSyncBatchSource(CONFIG, 0);
    let done = false;
    const next = source.next().then((n) => {
      done = true;
      return n;
    });
    await vi.advanceTimersByTimeAsync(19);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const { dataWaitMs } = await next;
    expect(dataWaitMs).toBeGreaterThanOrEqual(20);
  });

  it('ends early when stopped, within one slice', async () => {
    let stop = false;
    let result: boolean | null = null;
    void waitForStorage(1000, { stopped: () => stop, sliceMs: 50 }).then((r) => (result = r));
    await vi.advanceTimersByTimeAsync(120);
    stop = true;
    await vi.advanceTimersByTimeAsync(50);
    expect(result).toBe(false);
  });
});
