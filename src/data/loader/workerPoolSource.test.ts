import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type TrainConfig } from '../../config/trainConfig';
import { buildHostBatch } from '../buildBatch';
import type { HostBatch } from '../hostBatch';
import { createRng, type Rng } from '../random';
import type { BatchSource, NextBatch } from './batchSource';
import { createBatchSource } from './createBatchSource';
import { FakeLoaderWorkers } from '../../../test/fixtures/fakeLoaderWorkers';
import { hostBatchBytes } from '../../config/hostMemory';
import { createWorkerPoolSource } from './workerPoolSource';

const BASE: TrainConfig = {
  ...DEFAULT_CONFIG,
  seed: 7,
  imageSizePx: 16,
  batchSize: 2,
  augment: true,
  blurRadiusPx: 1,
  sourceScale: 2,
  workers: 0,
  prefetch: 2,
};
const cfg = (over: Partial<TrainConfig>): TrainConfig => ({ ...BASE, ...over });
const BYTES = hostBatchBytes(BASE);

/** Everything a batch is, except how long it took to build. */
const content = (b: HostBatch) => {
  const { buildMs: _ms, images, masks, ...shape } = b;
  return { ...shape, images: Array.from(new Uint8Array(images)), masks: Array.from(new Uint8Array(masks)) };
};
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Takes `count` batches from `source` while fake workers complete builds in a seeded random order; before
 * every next() a random number of builds run ahead. Fails instead of hanging when no worker has work left
 * and next() is still pending. `check` runs before each next(), `taken` after each.
 */
async function drain(
  source: BatchSource,
  count: number,
  fakes: FakeLoaderWorkers | null,
  rng: Rng,
  check: () => void = () => {},
  taken: (next: NextBatch) => void = () => {},
): Promise<NextBatch[]> {
  const out: NextBatch[] = [];
  for (let i = 0; i < count; i++) {
    if (fakes) for (let k = rng.int(0, 4); k > 0; k--) fakes.step(rng);
    check();
    let settled = false;
    const promise = source.next().finally(() => {
      settled = true;
    });
    await Promise.resolve();
    while (!settled) {
      if (!fakes?.step(rng)) {
        await settle();
        if (!settled) throw new Error(`next() for batch ${i} would wait forever`);
      }
      await Promise.resolve();
    }
    const next = await promise;
    taken(next);
    out.push(next);
  }
  return out;
}

describe('batch sources are deterministic whatever the worker count', () => {
  const first = 5;
  const count = 10;
  const reference = Array.from({ length: count }, (_, i) => content(buildHostBatch(BASE, first + i)));

  it('0 workers: the synchronous source builds batch i = buildHostBatch(config, i)', async () => {
    const source = createBatchSource(cfg({ workers: 0 }), first);
    const got = await drain(source, count, null, createRng(1));
    expect(got.map((n) => content(n.batch))).toEqual(reference);
    expect(source.hostBytesInFlight()).toBe(0);
    expect(source.batchesInFlight()).toBe(0);
    source.dispose();
  });

  for (const workers of [1, 3]) {
    for (const shuffleWithinWorker of [false, true]) {
      for (const raceSeed of [1, 2, 3]) {
        it(`${workers} worker(s), race ${raceSeed}${shuffleWithinWorker ? ', shuffled within workers' : ''}: same bytes, in order`, async () => {
          const fakes = new FakeLoaderWorkers({ shuffleWithinWorker });
          const source = createBatchSource(cfg({ workers, prefetch: 2 }), first, fakes.spawn);
          const got = await drain(source, count, fakes, createRng(raceSeed));
          expect(got.map((n) => n.batch.batchIndex)).toEqual(reference.map((r) => r.batchIndex));
          expect(got.map((n) => content(n.batch))).toEqual(reference);
          expect(fakes.loaders).toHaveLength(workers);
          source.dispose();
          expect(fakes.loaders.every((l) => l.terminated)).toBe(true);
        });
      }
    }
  }

  it('assigns indices round robin: worker w builds first + w, first + w + W, …', async () => {
    const fakes = new FakeLoaderWorkers();
    const source = createWorkerPoolSource(cfg({ workers: 3, prefetch: 2 }), 4, { spawn: fakes.spawn });
    const asked = fakes.loaders.map((l) =>
      l.inbox.flatMap((m) => (m.type === 'build' ? [m.batchIndex] : [])),
    );
    expect(asked).toEqual([
      [4, 7],
      [5, 8],
      [6, 9],
    ]);
    source.dispose();
  });
});

describe('host memory in flight', () => {
  it('estimates a batch being built with the size every built batch measures', () => {
    for (const over of [
      {},
      { imageDtype: 'float16' as const, maskDtype: 'int32' as const },
      { channels: 1 as const, mean255: [110], std255: [35] },
    ]) {
      const c = cfg(over);
      const b = buildHostBatch(c, 3);
      expect(hostBatchBytes(c)).toBe(b.images.byteLength + b.masks.byteLength);
    }
  });

  it('holds batches × batch bytes, never more than workers × prefetch × batch bytes', async () => {
    const workers = 3;
    const prefetch = 3;
    const fakes = new FakeLoaderWorkers();
    const source = createWorkerPoolSource(cfg({ workers, prefetch }), 0, { spawn: fakes.spawn });
    const handedOut = Array.from({ length: workers }, () => 0);
    const rng = createRng(11);
    let maxHeld = 0;
    const check = () => {
      const held = source.batchesInFlight();
      maxHeld = Math.max(maxHeld, held);
      expect(source.hostBytesInFlight()).toBe(held * BYTES);
      expect(held).toBeLessThanOrEqual(workers * prefetch);
      // Per worker: requested and not yet handed out never exceeds prefetch.
      fakes.loaders.forEach((l, w) =>
        expect(l.buildsRequested - (handedOut[w] ?? 0)).toBeLessThanOrEqual(prefetch),
      );
    };
    await drain(source, 20, fakes, rng, check, (n) => handedOut[n.batch.batchIndex % workers]!++);
    // Let every worker finish everything it was asked for: all W × P batches are then held.
    fakes.runAll(rng);
    check();
    expect(source.batchesInFlight()).toBe(workers * prefetch);
    expect(source.hostBytesInFlight()).toBe(workers * prefetch * BYTES);
    expect(maxHeld).toBeGreaterThan(0);
    // Nothing was requested twice or skipped: exactly 20 handed out + W × P held.
    expect(fakes.loaders.reduce((n, l) => n + l.buildsRequested, 0)).toBe(20 + workers * prefetch);
    source.dispose();
    expect(source.hostBytesInFlight()).toBe(0);
    expect(source.batchesInFlight()).toBe(0);
  });

  it('counts a worker with queued builds as building exactly one batch', () => {
    const fakes = new FakeLoaderWorkers();
    const source = createWorkerPoolSource(cfg({ workers: 2, prefetch: 4 }), 0, { spawn: fakes.spawn });
    // 8 builds queued, none finished: one being built per worker, the queued ones hold no buffers yet.
    expect(source.batchesInFlight()).toBe(2);
    expect(source.hostBytesInFlight()).toBe(2 * BYTES);
    source.dispose();
  });

  it('transfers batch buffers instead of copying them', async () => {
    const fakes = new FakeLoaderWorkers();
    const source = createWorkerPoolSource(cfg({ workers: 2, prefetch: 1 }), 0, { spawn: fakes.spawn });
    const got = await drain(source, 3, fakes, createRng(5));
    expect(fakes.sentBuffers.length).toBeGreaterThanOrEqual(6);
    for (const buffer of fakes.sentBuffers) expect(buffer.byteLength).toBe(0); // detached at the sender
    for (const n of got) expect(n.batch.images.byteLength + n.batch.masks.byteLength).toBe(BYTES);
    source.dispose();
  });
});

describe('data wait', () => {
  it('is 0 for a prefetched batch and the time next() waited otherwise', async () => {
    let clockMs = 1000;
    const fakes = new FakeLoaderWorkers();
    const source = createWorkerPoolSource(cfg({ workers: 1, prefetch: 2 }), 0, {
      spawn: fakes.spawn,
      nowMs: () => clockMs,
    });
    const rng = createRng(3);
    const waiting = source.next();
    clockMs += 40;
    fakes.step(rng); // init
    fakes.step(rng); // builds batch 0 → resolves the waiting next()
    expect(await waiting).toMatchObject({ dataWaitMs: 40, batch: { batchIndex: 0 } });
    fakes.runAll(rng); // batches 1 (and 2, requested on hand-out) are ready before they are asked for
    expect(await source.next()).toMatchObject({ dataWaitMs: 0, batch: { batchIndex: 1 } });
    source.dispose();
  });
});

describe('faults reject next() with the worker and the reason; nothing hangs', () => {
  const expectFailed = async (source: BatchSource, pattern: RegExp) => {
    await expect(source.next()).rejects.toThrow(pattern);
    // Stays failed: later calls reject too, at once.
    await expect(source.next()).rejects.toThrow(pattern);
    expect(source.hostBytesInFlight()).toBe(0);
  };

  it('a build that throws inside a worker (injected crash) fails next() with worker, batch and reason', async () => {
    const fakes = new FakeLoaderWorkers();
    const source = createWorkerPoolSource(cfg({ workers: 3, prefetch: 1 }), 0, { spawn: fakes.spawn });
    const rng = createRng(9);
    fakes.runAll(rng); // batches 0, 1, 2 ready
    expect((await source.next()).batch.batchIndex).toBe(0); // worker 0 is asked for 3
    expect((await source.next()).batch.batchIndex).toBe(1); // worker 1 is asked for 4
    source.injectLoaderCrash!(); // goes to worker 2, the owner of the next batch
    expect((await source.next()).batch.batchIndex).toBe(2); // already built; worker 2 is asked for 5
    fakes.runAll(rng); // 3 and 4 arrive; worker 2 throws building 5
    await expectFailed(source, /^loader worker 2 failed: batch 5: injected loader crash \(test hook\)$/);
    expect(fakes.loaders.every((l) => l.terminated)).toBe(true);
  });

  it('an injected crash queued behind earlier builds hits the first build after it', async () => {
    const fakes = new FakeLoaderWorkers();
    const source = createWorkerPoolSource(cfg({ workers: 2, prefetch: 2 }), 0, { spawn: fakes.spawn });
    source.injectLoaderCrash!(); // worker 0: queued after init and builds 0 and 2, so it hits build 4
    const rng = createRng(1);
    await drain(source, 1, fakes, rng); // batch 0; worker 0 is asked for 4
    const pending = drain(source, 10, fakes, rng);
    await expect(pending).rejects.toThrow(/^loader worker 0 failed: batch 4: injected loader crash/);
  });

  it('a build that throws (bad config) is reported with its message', async () => {
    const fakes = new FakeLoaderWorkers();
    // uint8 cannot hold normalized values: buildHostBatch throws in the worker.
    const bad = cfg({ workers: 2, imageDtype: 'uint8', normalizeOn: 'loader' });
    const source = createWorkerPoolSource(bad, 0, { spawn: fakes.spawn });
    const pending = source.next();
    fakes.runAll(createRng(1));
    await expect(pending).rejects.toThrow(
      /^loader worker [01] failed: batch [0-3]: uint8 storage normalizes/,
    );
    await expectFailed(source, /uint8 storage normalizes/);
  });

  it('a worker error or messageerror rejects the pending next() with its reason', async () => {
    for (const reason of [
      'Uncaught ReferenceError: x is not defined',
      'a message from it could not be deserialized',
    ]) {
      const fakes = new FakeLoaderWorkers();
      const source = createWorkerPoolSource(cfg({ workers: 3 }), 0, { spawn: fakes.spawn });
      const pending = source.next();
      fakes.loaders[2]!.events.onFailure(reason);
      await expect(pending).rejects.toThrow(`loader worker 2 failed: ${reason}`);
      await expectFailed(source, /loader worker 2 failed/);
      expect(fakes.loaders.every((l) => l.terminated)).toBe(true);
    }
  });

  it('a failure with no next() pending rejects the next call', async () => {
    const fakes = new FakeLoaderWorkers();
    const source = createWorkerPoolSource(cfg({ workers: 2 }), 0, { spawn: fakes.spawn });
    fakes.runAll(createRng(2));
    expect(source.batchesInFlight()).toBe(4);
    fakes.loaders[1]!.events.onFailure('boom');
    await expectFailed(source, /^loader worker 1 failed: boom$/);
  });

  it('a batch nobody asked for (duplicate or stray) is a failure, not a silent extra', async () => {
    const fakes = new FakeLoaderWorkers();
    const source = createWorkerPoolSource(cfg({ workers: 2, prefetch: 1 }), 0, { spawn: fakes.spawn });
    const rng = createRng(4);
    await drain(source, 1, fakes, rng);
    const stray = buildHostBatch(BASE, 0); // batch 0 again, from its owner
    fakes.loaders[0]!.events.onMessage({ type: 'batch', workerIndex: 0, batch: stray });
    await expectFailed(source, /^loader worker 0 failed: sent batch 0, which it was not asked for$/);
  });

  it('a worker that cannot start fails the first next()', async () => {
    const fakes = new FakeLoaderWorkers({ failSpawnAt: 1 });
    const source = createBatchSource(cfg({ workers: 3 }), 0, fakes.spawn);
    await expectFailed(source, /^loader worker 1 failed: could not start: no worker for you$/);
    expect(fakes.loaders[0]!.terminated).toBe(true);
  });

  it('dispose rejects a pending next(), terminates the workers, and later calls reject', async () => {
    const fakes = new FakeLoaderWorkers();
    const source = createWorkerPoolSource(cfg({ workers: 2 }), 0, { spawn: fakes.spawn });
    const pending = source.next();
    source.dispose();
    await expect(pending).rejects.toThrow('disposed');
    await expect(source.next()).rejects.toThrow('disposed');
    expect(fakes.loaders.every((l) => l.terminated && l.inbox.length === 0)).toBe(true);
  });

  it('refuses a second next() while one is pending', async () => {
    const fakes = new FakeLoaderWorkers();
    const source = createWorkerPoolSource(cfg({ workers: 1 }), 0, { spawn: fakes.spawn });
    const first = source.next();
    await expect(source.next()).rejects.toThrow('another next()');
    fakes.runAll(createRng(1));
    expect((await first).batch.batchIndex).toBe(0);
    source.dispose();
  });
});

describe('createBatchSource', () => {
  it('uses no worker for workers = 0 and exactly `workers` loader workers otherwise', () => {
    const fakes = new FakeLoaderWorkers();
    createBatchSource(cfg({ workers: 0 }), 0, fakes.spawn).dispose();
    expect(fakes.loaders).toHaveLength(0);
    createBatchSource(cfg({ workers: 4 }), 0, fakes.spawn).dispose();
    expect(fakes.loaders).toHaveLength(4);
  });

  it('never throws: a bad pool config rejects next() instead', async () => {
    const source = createBatchSource(cfg({ workers: 2, prefetch: 0 }), 0, new FakeLoaderWorkers().spawn);
    await expect(source.next()).rejects.toThrow(
      /loader workers could not start: prefetch must be at least 1/,
    );
  });
});
