/**
 * A batch's buildMs is the clock's span around the real work of building it: rendering every sample and
 * encoding the batch. The clock is faked and advances only inside that work (10 ms per rendered sample,
 * 1 ms per encoding), so each expected figure is exact and no real time is asserted: a buildMs taken
 * before or after the work, or around only part of it, reads a different number.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG, type TrainConfig } from '../config/trainConfig';
import { assembleBatch, buildHostBatch, buildTrainingSample, buildValidationBatch } from './buildBatch';
import type * as EncodeBatch from './encodeBatch';
import type * as SyntheticDataset from './syntheticDataset';

const clock = vi.hoisted(() => ({ nowMs: 5_000 }));
const RENDER_MS = 10;
const ENCODE_MS = 1;

vi.mock('./syntheticDataset', async (importOriginal) => {
  const real = await importOriginal<typeof SyntheticDataset>();
  return {
    ...real,
    renderSample: (...args: Parameters<typeof real.renderSample>) => {
      clock.nowMs += RENDER_MS;
      return real.renderSample(...args);
    },
  };
});

vi.mock('./encodeBatch', async (importOriginal) => {
  const real = await importOriginal<typeof EncodeBatch>();
  return {
    ...real,
    encodeImages: (...args: Parameters<typeof real.encodeImages>) => {
      clock.nowMs += ENCODE_MS;
      return real.encodeImages(...args);
    },
    encodeMasks: (...args: Parameters<typeof real.encodeMasks>) => {
      clock.nowMs += ENCODE_MS;
      return real.encodeMasks(...args);
    },
  };
});

const config: TrainConfig = { ...DEFAULT_CONFIG, imageSizePx: 16, batchSize: 3, blurRadiusPx: 1 };

beforeEach(() => {
  vi.spyOn(performance, 'now').mockImplementation(() => clock.nowMs);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('buildMs', () => {
  it('spans rendering and encoding of a training batch: 3 samples × 10 ms + 2 encodings × 1 ms', () => {
    expect(buildHostBatch(config, 4).buildMs).toBe(32);
    expect(buildHostBatch({ ...config, batchSize: 1, sourceScale: 2 }, 0).buildMs).toBe(12);
  });

  it('spans rendering and encoding of the validation batch: 5 samples × 10 ms + 2 × 1 ms', () => {
    expect(buildValidationBatch(config, 5).buildMs).toBe(52);
  });

  it('runs from the start a caller passed to assembleBatch to the end of encoding', () => {
    // The synchronous loader's path: it notes the start, builds samples one by one, then assembles.
    const startMs = performance.now();
    const samples = [0, 1].map((id) => buildTrainingSample(config, id));
    expect(assembleBatch(config, 0, samples, startMs).buildMs).toBe(22);
    expect(assembleBatch(config, 0, samples, startMs - 100).buildMs).toBe(124);
  });
});
