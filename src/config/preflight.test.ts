import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BackendInfo } from './backendInfo';
import { estimateTrainingMemory } from './memoryEstimate';
import {
  ASSUMED_BUFFER_LIMIT_BYTES,
  MEMORY_BUDGET_BYTES,
  preflightAllowsStart,
  preflightLimits,
  runPreflight,
  skipPreflightRequested,
} from './preflight';
import { DEFAULT_CONFIG, LIMITS, type TrainConfig } from './trainConfig';

const GiB = 1024 ** 3;
const gpuLimits = { maxBufferSizeBytes: GiB, maxStorageBufferBindingSizeBytes: GiB };
/** The software adapter of these machines (SwiftShader): 1 GiB per buffer. */
const swiftShader: BackendInfo = {
  backend: 'webgpu',
  adapterDescription: 'google swiftshader',
  isSoftwareAdapter: true,
  limits: gpuLimits,
  fallbackReasons: [],
};
const hardware: BackendInfo = { ...swiftShader, isSoftwareAdapter: false, adapterDescription: 'nvidia' };
const webgl: BackendInfo = {
  backend: 'webgl',
  adapterDescription: 'WebGL 2',
  isSoftwareAdapter: false,
  limits: null,
  fallbackReasons: ['webgpu: WebGPU found no adapter'],
};
const cpu: BackendInfo = { ...webgl, backend: 'cpu', adapterDescription: 'JavaScript (no GPU)' };

/** The example link: `#px=512&b=512`, every other setting at its default. */
const oversize: TrainConfig = { ...DEFAULT_CONFIG, imageSizePx: 512, batchSize: 512 };

describe('preflightLimits', () => {
  it('takes the per-buffer limits from WebGPU and a budget by kind of adapter', () => {
    expect(preflightLimits(swiftShader)).toMatchObject({ ...gpuLimits, memoryBudgetBytes: GiB });
    expect(preflightLimits(hardware)).toMatchObject({ ...gpuLimits, memoryBudgetBytes: 4 * GiB });
    expect(preflightLimits(swiftShader).source).toContain('1 GiB budget is assumed for a software adapter');
    expect(preflightLimits(hardware).source).toContain('4 GiB budget is assumed');
  });

  it('assumes conservative limits off WebGPU and says so', () => {
    for (const info of [webgl, cpu]) {
      const limits = preflightLimits(info);
      expect(limits.maxBufferSizeBytes).toBe(ASSUMED_BUFFER_LIMIT_BYTES);
      expect(limits.maxStorageBufferBindingSizeBytes).toBe(ASSUMED_BUFFER_LIMIT_BYTES);
      expect(limits.memoryBudgetBytes).toBe(MEMORY_BUDGET_BYTES.noWebGpu);
      expect(limits.source).toBe(
        `${info.backend} reports no memory limits, so a conservative 1 GiB per buffer and a 1 GiB budget are assumed`,
      );
    }
  });
});

describe('runPreflight', () => {
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
    expect(result.reason).toContain('this GPU allows 1.0 GiB per buffer and the memory budget is 1.0 GiB.');
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
            result.estimate.totalBytes <= limits.memoryBudgetBytes
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
