/**
 * The device-0 formula shared by the Several GPUs panel and case h: what each strategy adds, in bytes.
 */
import { describe, expect, it } from 'vitest';
import { expectedDevice0Extra } from '../../config/device0Extra';
import type { ParallelStrategy } from '../../config/parallel';
import { DEFAULT_CONFIG, type TrainConfig } from '../../config/trainConfig';
import { describeUNet, parameterCount } from '../../config/unetSpec';

/** Device 0's extra bytes at its step peak, as case h's rows quote it. */
const expectedDevice0ExtraBytes = (config: TrainConfig, replicas: number, strategy: ParallelStrategy) =>
  expectedDevice0Extra(config, { replicas, strategy }).totalBytes;

const config = { ...DEFAULT_CONFIG, imageSizePx: 32, batchSize: 8 };
const p = parameterCount(describeUNet(config));

describe('expectedDevice0ExtraBytes', () => {
  it('is zero without a master or with one device', () => {
    expect(expectedDevice0ExtraBytes(config, 4, 'ddp')).toBe(0);
    expect(expectedDevice0ExtraBytes(config, 1, 'dp-gather')).toBe(0);
  });

  it('counts N weight gradients and Adam state under loss-in-forward', () => {
    expect(expectedDevice0ExtraBytes(config, 2, 'dp-loss-in-forward')).toBe(2 * p * 4 + 2 * p * 4);
    expect(expectedDevice0ExtraBytes({ ...config, optimizer: 'sgd' }, 4, 'dp-loss-in-forward')).toBe(
      4 * p * 4,
    );
  });

  it('adds the gathered outputs, their gradients, the labels and the loss under dp-gather', () => {
    const pixels = 8 * 32 * 32;
    const gather = expectedDevice0ExtraBytes(config, 2, 'dp-gather');
    expect(gather - expectedDevice0ExtraBytes(config, 2, 'dp-loss-in-forward')).toBe(
      2 * pixels * 4 * 4 + pixels * 4 + 4,
    );
  });
});
