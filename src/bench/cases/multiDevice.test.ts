/**
 * The device-0 formula shared by the Several GPUs panel and case h: what each strategy adds, in bytes.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../config/trainConfig';
import { describeUNet, parameterCount } from '../../config/unetSpec';
import { expectedDevice0ExtraBytes } from './multiDevice';

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
