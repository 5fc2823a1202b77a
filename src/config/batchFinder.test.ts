import { describe, expect, it } from 'vitest';
import type { BackendInfo } from './backendInfo';
import {
  finderBound,
  finderRatio,
  findLargestBatch,
  preflightGuard,
  recordTrial,
  startSearch,
  type TrialOutcome,
} from './batchFinder';
import { runPreflight } from './preflight';
import { DEFAULT_CONFIG, LIMITS } from './trainConfig';

/**
 * A fake device whose limit is known: a batch runs iff it is ≤ `limit`. Counts its calls and remembers
 * every batch it was asked to run.
 */
function fakeDevice(limit: number) {
  const ran: number[] = [];
  return {
    ran,
    trial: (batch: number): Promise<TrialOutcome> => {
      ran.push(batch);
      return Promise.resolve(batch <= limit ? 'ok' : { failed: `out of memory at ${batch}` });
    },
  };
}

const never = () => null;
/** O(log n): doublings up to the bound, then a bisection; written out here, not taken from the search. */
const logBound = (max: number) => 2 * Math.ceil(Math.log2(max)) + 2;

describe('findLargestBatch on a fake device', () => {
  it('finds exactly the largest batch that fits, for every limit 1..300 and several starts, in O(log n) trials', async () => {
    const max = LIMITS.batchSize.max;
    for (const start of [1, 2, 3, 4, 7, 16, 100]) {
      for (let limit = 1; limit <= 300; limit++) {
        const device = fakeDevice(limit);
        const result = await findLargestBatch({ start, refuse: never, trial: device.trial });
        expect(result.largestBatch, `start ${start}, limit ${limit}`).toBe(limit);
        expect(result.bound.kind).not.toBe('stopped');
        expect(device.ran.length).toBeLessThanOrEqual(logBound(max));
        // Every batch it reports is one it ran, in order.
        expect(result.trials.map((t) => t.batchSize)).toEqual(device.ran);
        expect(new Set(device.ran).size).toBe(device.ran.length);
      }
    }
  });

  it('with k micro-batches tries only multiples of k and finds the largest multiple that runs', async () => {
    for (const k of [2, 4, 8]) {
      for (const limit of [0, 3, 7, 8, 37, 100, 511]) {
        const device = fakeDevice(limit);
        const result = await findLargestBatch({
          start: k,
          multipleOf: k,
          refuse: never,
          trial: device.trial,
        });
        expect(result.largestBatch, `k ${k}, limit ${limit}`).toBe(Math.floor(limit / k) * k);
        expect(device.ran.every((b) => b % k === 0)).toBe(true);
      }
    }
  });

  it('doubles first, then bisects between the last success and the first failure', async () => {
    const device = fakeDevice(37);
    const result = await findLargestBatch({ start: 4, refuse: never, trial: device.trial });
    // 4, 8, 16, 32 run; 64 fails; then (32, 64): 48 ✗, 40 ✗, 36 ✓, 38 ✗, 37 ✓.
    expect(device.ran).toEqual([4, 8, 16, 32, 64, 48, 40, 36, 38, 37]);
    expect(result.trials.map((t) => t.outcome)).toEqual([
      'ok',
      'ok',
      'ok',
      'ok',
      'failed',
      'failed',
      'failed',
      'ok',
      'failed',
      'ok',
    ]);
    expect(result.trials[4]?.reason).toBe('out of memory at 64');
  });

  it('reports 0 when even batch 1 fails, and bisects below a start that fails', async () => {
    const none = fakeDevice(0);
    const result = await findLargestBatch({ start: 8, refuse: never, trial: none.trial });
    expect(result.largestBatch).toBe(0);
    expect(none.ran).toEqual([8, 4, 2, 1]);
    const five = fakeDevice(5);
    expect((await findLargestBatch({ start: 64, refuse: never, trial: five.trial })).largestBatch).toBe(5);
  });

  it('stops at the max bound when everything fits, trying the bound itself', async () => {
    const device = fakeDevice(10_000);
    const result = await findLargestBatch({ start: 3, max: 100, refuse: never, trial: device.trial });
    expect(result.largestBatch).toBe(100);
    expect(device.ran).toEqual([3, 6, 12, 24, 48, 96, 100]);
    const atLimit = fakeDevice(10_000);
    const full = await findLargestBatch({ start: 1, refuse: never, trial: atLimit.trial });
    expect(full.largestBatch).toBe(LIMITS.batchSize.max);
    // A start above the bound is clamped to it.
    const clamped = fakeDevice(10_000);
    await findLargestBatch({ start: 9999, max: 50, refuse: never, trial: clamped.trial });
    expect(clamped.ran).toEqual([50]);
  });

  it('never runs a batch the pre-flight refuses; a refusal counts as a failure', async () => {
    for (const refuseAbove of [1, 5, 17, 33, 200]) {
      for (const limit of [0, 3, 17, 64, 250, 600]) {
        const device = fakeDevice(limit);
        const result = await findLargestBatch({
          start: 2,
          refuse: (b) => (b > refuseAbove ? `refused ${b}` : null),
          trial: device.trial,
        });
        expect(result.largestBatch).toBe(Math.min(limit, refuseAbove));
        expect(device.ran.every((b) => b <= refuseAbove)).toBe(true);
        const refused = result.trials.filter((t) => t.outcome === 'refused');
        expect(refused.every((t) => t.batchSize > refuseAbove && t.reason === `refused ${t.batchSize}`)).toBe(
          true,
        );
      }
    }
  });

  it('stops before the next trial when asked, keeping the largest batch that ran so far', async () => {
    const device = fakeDevice(100);
    let calls = 0;
    const result = await findLargestBatch({
      start: 1,
      refuse: never,
      trial: device.trial,
      onTrial: () => calls++,
      stopped: () => calls >= 3,
    });
    expect(result).toMatchObject({ bound: { kind: 'stopped' }, largestBatch: 4 });
    expect(device.ran).toEqual([1, 2, 4]);
  });
});

describe('the step function', () => {
  it('ends with no next batch, and recording after the end changes nothing', () => {
    let state = startSearch(1, 4);
    const tried: number[] = [];
    while (state.next !== null) {
      tried.push(state.next);
      state = recordTrial(state, state.next <= 3);
    }
    expect(tried).toEqual([1, 2, 4, 3]);
    expect(state.largestOk).toBe(3);
    expect(recordTrial(state, true)).toEqual(state);
  });
});

describe('the pre-flight as the guard', () => {
  /** A software adapter whose per-buffer limit is 512 KiB, as the e2e simulates. */
  const small: BackendInfo = {
    backend: 'webgpu',
    adapterDescription: 'google swiftshader',
    isSoftwareAdapter: true,
    limits: { maxBufferSizeBytes: 512 * 1024, maxStorageBufferBindingSizeBytes: 512 * 1024 },
    fallbackReasons: [],
    ownConvKernels: true,
  };
  const config = { ...DEFAULT_CONFIG, imageSizePx: 16, batchSize: 2, baseWidth: 8 };

  it('refuses exactly what the pre-flight refuses, and predicts the largest batch a linear scan finds', async () => {
    const guard = preflightGuard(config, small);
    let scanned = 0;
    for (let b = 1; b <= LIMITS.batchSize.max; b++) {
      const refused = runPreflight({ ...config, batchSize: b }, small).verdict === 'refused';
      expect(guard.refuse(b) !== null).toBe(refused);
      if (!refused) scanned = b;
    }
    expect(scanned).toBeGreaterThan(2);
    expect(scanned).toBeLessThan(LIMITS.batchSize.max);
    expect(guard.predictedLargestBatch).toBe(scanned);
    // On a device that runs whatever the pre-flight lets through, the search finds the prediction.
    const device = fakeDevice(10_000);
    const result = await findLargestBatch({ start: 2, refuse: guard.refuse, trial: device.trial });
    expect(result.largestBatch).toBe(scanned);
    expect(device.ran.every((b) => b <= scanned)).toBe(true);
    expect(finderRatio(result.largestBatch, guard.predictedLargestBatch)).toBe(1);
    expect(finderRatio(3, 0)).toBeNull();
  });
});

describe('what bounded the search: the four outcomes', () => {
  const max = LIMITS.batchSize.max;
  const reportedSmall: BackendInfo = {
    backend: 'webgpu',
    adapterDescription: 'google swiftshader',
    isSoftwareAdapter: true,
    limits: { maxBufferSizeBytes: 512 * 1024, maxStorageBufferBindingSizeBytes: 512 * 1024 },
    fallbackReasons: [],
    ownConvKernels: true,
  };
  const unreported: BackendInfo = {
    backend: 'webgl',
    adapterDescription: '',
    isSoftwareAdapter: false,
    limits: null,
    fallbackReasons: [],
    ownConvKernels: false,
  };

  it('a step failed on the device: the answer is exact and names the failed batch', async () => {
    const result = await findLargestBatch({ start: 4, refuse: never, trial: fakeDevice(37).trial });
    expect(result.bound).toEqual({ kind: 'failed', batchSize: 38 });
    expect(result.bound.kind !== 'failed').toBe(false);
  });

  it('the form’s maximum: every batch ran, the answer is ≥ max and the next batch is beyond the form', async () => {
    const device = fakeDevice(100_000);
    const result = await findLargestBatch({ start: 4, refuse: never, trial: device.trial });
    expect(result.largestBatch).toBe(max);
    expect(result.bound).toEqual({ kind: 'form-max', max, nextBatch: 2 * max });
    expect(result.bound.kind !== 'failed').toBe(true);
    expect(device.ran.every((b) => b <= max)).toBe(true);
    // A smaller form maximum bounds it the same way.
    const capped = await findLargestBatch({ start: 3, max: 20, refuse: never, trial: device.trial });
    expect(capped.bound).toEqual({ kind: 'form-max', max: 20, nextBatch: 40 });
  });

  it('the pre-flight refused by a limit the device reported (WebGPU per-buffer limit)', async () => {
    const config = { ...DEFAULT_CONFIG, imageSizePx: 64, batchSize: 2 };
    const guard = preflightGuard(config, reportedSmall);
    const device = fakeDevice(100_000);
    const result = await findLargestBatch({ start: 2, ...guard, trial: device.trial });
    expect(result.bound).toMatchObject({ kind: 'refused', source: 'reported' });
    const refusedAt = (result.bound as { batchSize: number }).batchSize;
    expect(refusedAt).toBe(result.largestBatch + 1);
    expect(result.trials.find((t) => t.batchSize === refusedAt)?.outcome).toBe('refused');
    expect(device.ran).not.toContain(refusedAt);
    expect(result.bound.kind !== 'failed').toBe(true);
  });

  it('the pre-flight refused by a budget assumed (a backend that reports no limits)', async () => {
    const config = { ...DEFAULT_CONFIG, imageSizePx: 256, batchSize: 2 };
    const guard = preflightGuard(config, unreported);
    const result = await findLargestBatch({ start: 2, ...guard, trial: fakeDevice(100_000).trial });
    expect(result.bound).toMatchObject({ kind: 'refused', source: 'assumed' });
    expect(result.largestBatch).toBeLessThan(max);
  });

  it('Stop: the answer is what ran so far, bounded by nothing the device said', async () => {
    let trials = 0;
    const result = await findLargestBatch({
      start: 4,
      refuse: never,
      trial: (b) => (trials++, fakeDevice(1000).trial(b)),
      stopped: () => trials >= 3,
    });
    expect(result).toMatchObject({ largestBatch: 16, bound: { kind: 'stopped' } });
    expect(result.bound.kind !== 'failed').toBe(true);
  });

  it('finderBound picks the smallest batch that did not run, failed or refused', () => {
    const ok = (batchSize: number) => ({ batchSize, outcome: 'ok' as const, reason: null });
    expect(
      finderBound(
        [
          ok(4),
          { batchSize: 16, outcome: 'refused', reason: 'r' },
          { batchSize: 8, outcome: 'failed', reason: 'f' },
        ],
        512,
      ),
    ).toEqual({ kind: 'failed', batchSize: 8 });
    expect(
      finderBound([ok(4), { batchSize: 8, outcome: 'refused', reason: 'r' }], 512, () => 'reported'),
    ).toEqual({ kind: 'refused', batchSize: 8, source: 'reported' });
    expect(finderBound([], 512)).toEqual({ kind: 'form-max', max: 512, nextBatch: 513 });
  });
});
