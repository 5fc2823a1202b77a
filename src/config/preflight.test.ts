import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BackendInfo } from './backendInfo';
import { estimateTrainingMemory, pooledBytes } from './memoryEstimate';
import { hostImageBytes, hostMaskBytes } from './hostBatchBytes';
import {
  ASSUMED_BUFFER_LIMIT_BYTES,
  HOST_LOADER_BUDGET_BYTES,
  hostBytesHeld,
  MEMORY_BUDGET_BYTES,
  preflightAllowsStart,
  preflightLimits,
  runPreflight,
  skipPreflightRequested,
} from './preflight';
import { DEFAULT_CONFIG, LIMITS, type TrainConfig } from './trainConfig';
import { SWIFTSHADER } from '../../test/fixtures/backends';

const GiB = 1024 ** 3;
const gpuLimits = { maxBufferSizeBytes: GiB, maxStorageBufferBindingSizeBytes: GiB };
const swiftShader = SWIFTSHADER;
const hardware: BackendInfo = { ...swiftShader, isSoftwareAdapter: false, adapterDescription: 'nvidia' };
const webgl: BackendInfo = {
  backend: 'webgl',
  adapterDescription: 'WebGL 2',
  isSoftwareAdapter: false,
  limits: null,
  fallbackReasons: ['webgpu: WebGPU found no adapter'],
  ownConvKernels: false,
};
const cpu: BackendInfo = { ...webgl, backend: 'cpu', adapterDescription: 'JavaScript (no GPU)' };

/** The example link: `#px=512&b=512`, every other setting at its default. */
const oversize: TrainConfig = { ...DEFAULT_CONFIG, imageSizePx: 512, batchSize: 512 };

describe('preflightLimits', () => {
  it('takes the per-buffer limits from WebGPU and a budget by kind of adapter', () => {
    expect(preflightLimits(swiftShader)).toMatchObject({ ...gpuLimits, memoryBudgetBytes: GiB });
    expect(preflightLimits(hardware)).toMatchObject({ ...gpuLimits, memoryBudgetBytes: 4 * GiB });
  });

  it('assumes conservative limits off WebGPU and says so', () => {
    for (const info of [webgl, cpu]) {
      const limits = preflightLimits(info);
      expect(limits.maxBufferSizeBytes).toBe(ASSUMED_BUFFER_LIMIT_BYTES);
      expect(limits.maxStorageBufferBindingSizeBytes).toBe(ASSUMED_BUFFER_LIMIT_BYTES);
      expect(limits.memoryBudgetBytes).toBe(MEMORY_BUDGET_BYTES.noWebGpu);
    }
  });
});

describe('runPreflight', () => {
  it('checks against a budget override in place of the device’s, per-buffer limits unchanged', () => {
    const estimate = estimateTrainingMemory(DEFAULT_CONFIG);
    const tight = { memoryBudgetBytes: pooledBytes(estimate) - 1 };
    const refused = runPreflight(DEFAULT_CONFIG, swiftShader, tight);
    expect(runPreflight(DEFAULT_CONFIG, swiftShader).verdict).toBe('fits');
    expect(refused.verdict).toBe('refused');
    if (refused.verdict !== 'refused' || refused.refusal.kind !== 'memory') throw new Error('not refused');
    expect(refused.limits).toMatchObject({ ...gpuLimits, memoryBudgetBytes: tight.memoryBudgetBytes });
    expect(refused.refusal.gpu!.budget).toMatchObject({
      budgetBytes: tight.memoryBudgetBytes,
      pooledBytes: pooledBytes(estimate),
    });
    expect(
      runPreflight(DEFAULT_CONFIG, swiftShader, { memoryBudgetBytes: pooledBytes(estimate) }).verdict,
    ).toBe('fits');
  });

  it('waits while the backend is unknown', () => {
    expect(runPreflight(DEFAULT_CONFIG, null)).toEqual({ verdict: 'waiting' });
  });

  it('lets the default config through on every backend', () => {
    for (const info of [swiftShader, hardware, webgl, cpu]) {
      expect(runPreflight(DEFAULT_CONFIG, info).verdict).toBe('fits');
    }
  });

  it("refuses the issue's 512 × 512×512 link with the numbers, and the batch it suggests fits", () => {
    const result = runPreflight(oversize, swiftShader);
    expect(result.verdict).toBe('refused');
    if (result.verdict !== 'refused') return;
    const e = estimateTrainingMemory(oversize);
    // 512 × 512² px × 3 channels of uint8, packed: 402,653,184 B uploaded.
    expect(e.tensors.find((t) => t.name === 'images.upload')?.bytes).toBe(512 * 512 * 512 * 3);
    expect(result.reason).toMatch(
      /^Batch 512 at 512×512 needs about \d+\.\d GiB, its largest buffer \d+\.\d GiB/,
    );
    expect(result.reason).toContain(
      'this GPU allows 1.0 GiB per buffer and the memory budget is 1.0 GiB, for ',
    );
    expect(result.reason).toContain("with tfjs's reuse pool (×1.4).");
    expect(result.reason).toContain(`The largest batch that fits is ${result.largestBatchThatFits}.`);
    const n = result.largestBatchThatFits;
    expect(n).toBeGreaterThan(0);
    expect(runPreflight({ ...oversize, batchSize: n }, swiftShader).verdict).toBe('fits');
    expect(runPreflight({ ...oversize, batchSize: n + 1 }, swiftShader).verdict).toBe('refused');
    // The bigger budget of a hardware GPU admits at least as large a batch.
    const onHardware = runPreflight(oversize, hardware);
    expect(onHardware.verdict).toBe('refused');
    if (onHardware.verdict === 'refused') expect(onHardware.largestBatchThatFits).toBeGreaterThanOrEqual(n);
  });

  it('counts the 4-byte image upload off WebGPU', () => {
    const config: TrainConfig = { ...DEFAULT_CONFIG, imageSizePx: 64, batchSize: 8 };
    const onGpu = runPreflight(config, swiftShader);
    const onWebgl = runPreflight(config, webgl);
    if (onGpu.verdict !== 'fits' || onWebgl.verdict !== 'fits') throw new Error('expected both to fit');
    const upload = (r: typeof onGpu) => r.estimate.tensors.find((t) => t.name === 'images.upload')?.bytes;
    expect(upload(onGpu)).toBe(8 * 64 * 64 * 3);
    expect(upload(onWebgl)).toBe(8 * 64 * 64 * 3 * 4);
    expect(onWebgl.estimate.totalBytes - onGpu.estimate.totalBytes).toBe(8 * 64 * 64 * 3 * 3);
  });

  it('either accepts a config within the limits or refuses it with a batch that fits', () => {
    const configArb = fc.record({
      imageSizePx: fc.integer({ min: 2, max: LIMITS.imageSizePx.max / 8 }).map((k) => 8 * k),
      batchSize: fc.integer(LIMITS.batchSize),
      depth: fc.integer(LIMITS.depth),
      baseWidth: fc.integer(LIMITS.baseWidth),
      info: fc.constantFrom(swiftShader, hardware, webgl, cpu),
    });
    fc.assert(
      fc.property(configArb, ({ info, ...patch }) => {
        const config = { ...DEFAULT_CONFIG, ...patch };
        const result = runPreflight(config, info);
        if (result.verdict === 'waiting') return false;
        const { limits } = result;
        const perBuffer = Math.min(limits.maxBufferSizeBytes, limits.maxStorageBufferBindingSizeBytes);
        if (result.verdict === 'fits') {
          return (
            result.estimate.largestBufferBytes <= perBuffer &&
            pooledBytes(result.estimate) <= limits.memoryBudgetBytes
          );
        }
        const n = result.largestBatchThatFits;
        if (n >= config.batchSize || !/\d\.\d (B|KiB|MiB|GiB)/.test(result.reason)) return false;
        return n === 0 || runPreflight({ ...config, batchSize: n }, info).verdict === 'fits';
      }),
      { numRuns: 150, seed: 8 },
    );
  });
});

describe('skipPreflightRequested', () => {
  it('reads only `skipPreflight=1` from the search string, never from a hash', () => {
    expect(skipPreflightRequested('?skipPreflight=1')).toBe(true);
    expect(skipPreflightRequested('?testHooks=1&skipPreflight=1')).toBe(true);
    expect(skipPreflightRequested('')).toBe(false);
    expect(skipPreflightRequested('?skipPreflight=0')).toBe(false);
    expect(skipPreflightRequested('?skipPreflight=true')).toBe(false);
    expect(skipPreflightRequested('#skipPreflight=1')).toBe(false);
  });
});

describe('preflightAllowsStart', () => {
  it('blocks a refusal unless the check is skipped', () => {
    const refused = runPreflight(oversize, swiftShader);
    const fits = runPreflight(DEFAULT_CONFIG, swiftShader);
    expect(preflightAllowsStart(refused, false)).toBe(false);
    expect(preflightAllowsStart(refused, true)).toBe(true);
    expect(preflightAllowsStart(fits, false)).toBe(true);
    expect(preflightAllowsStart({ verdict: 'waiting' }, false)).toBe(true);
  });
});

describe('the loader host-memory rule', () => {
  /** 64 px float32 images with 6-class one-hot masks: 512 × 64² × (3·4 + 6·4) B = 75,497,472 B a batch. */
  const fat: TrainConfig = {
    ...DEFAULT_CONFIG,
    imageSizePx: 64,
    batchSize: 512,
    numClasses: 6,
    baseWidth: 4,
    imageDtype: 'float32',
    normalizeOn: 'loader',
    maskDtype: 'float32-onehot',
    mean255: [110, 106, 105],
    std255: [37, 30, 32],
    prefetch: 4,
  };

  it('holds workers × prefetch + 1 batches, from the host batch formula', () => {
    expect(hostImageBytes(fat) + hostMaskBytes(fat)).toBe(75_497_472);
    expect(hostBytesHeld({ ...fat, workers: 0 })).toBe(75_497_472);
    expect(hostBytesHeld({ ...fat, workers: 16 })).toBe(65 * 75_497_472);
    // The article's 8 workers × 2 prefetch of 512 px float32 batches with int32 masks (134,217,728 B each).
    const article = { ...fat, imageSizePx: 512, batchSize: 32, numClasses: 4, maskDtype: 'int32' as const };
    expect(hostBytesHeld({ ...article, workers: 8, prefetch: 2 })).toBe(17 * 134_217_728);
  });

  it('refuses too many workers for the batch even when the GPU step fits, and names the batch that fits', () => {
    // Precondition: the step itself fits a hardware GPU's 4 GiB.
    expect(estimateTrainingMemory(fat).totalBytes).toBeLessThan(4 * GiB);
    expect(runPreflight({ ...fat, workers: 2 }, hardware).verdict).toBe('fits'); // 5 × 75.5 MB
    const result = runPreflight({ ...fat, workers: 16 }, hardware);
    expect(result.verdict).toBe('refused');
    if (result.verdict !== 'refused') return;
    expect(result.reason).toBe(
      'The loader would hold up to 16 × 4 + 1 batches of 72.0 MiB = 4.6 GiB of host memory, over the ' +
        '2.0 GiB assumed for a tab: use fewer workers, less prefetch, a smaller batch or uint8 storage.',
    );
    const best = result.largestBatchThatFits;
    expect(hostBytesHeld({ ...fat, workers: 16, batchSize: best })).toBeLessThanOrEqual(
      HOST_LOADER_BUDGET_BYTES,
    );
    expect(hostBytesHeld({ ...fat, workers: 16, batchSize: best + 1 })).toBeGreaterThan(
      HOST_LOADER_BUDGET_BYTES,
    );
    expect(runPreflight({ ...fat, workers: 16, batchSize: best }, hardware).verdict).toBe('fits');
    // uint8 storage and masks hold 9× less: the same workers fit.
    const slim = {
      ...fat,
      imageDtype: 'uint8' as const,
      normalizeOn: 'model' as const,
      maskDtype: 'uint8' as const,
    };
    expect(runPreflight({ ...slim, workers: 16 }, hardware).verdict).toBe('fits');
  });
});
