/**
 * The multi-device lesson's formula: the bytes device 0 holds that another device does not. Pure, shared by
 * the Several GPUs panel (through src/state/parallelStore.ts) and bench case h.
 */
import type { TrainConfig } from './trainConfig';
import { describeUNet, parameterCount } from './unetSpec';

/** The training-config fields the lesson's formulas read. */
export type Device0ExtraConfig = Pick<
  TrainConfig,
  'batchSize' | 'imageSizePx' | 'numClasses' | 'depth' | 'baseWidth' | 'channels' | 'optimizer'
>;

const F32 = 4;

/**
 * What device 0 holds that another device does not, at its step peak, from the config: under dp-gather
 * the gathered outputs B·H·W·K·4 (the article's figure), their gradients (as many bytes), the whole batch's
 * labels (B·H·W int32) and the batch loss (one float); under both dp strategies the other replicas'
 * weight gradients (N−1)·P·4 plus their sum P·4, and the optimizer state (Adam: 2·P·4), which lives on
 * device 0 only. ddp: nothing — every device holds the same. (Measured on webgpu with 2 and 4 devices,
 * the difference of in-use bytes matched this to the byte.)
 */
export interface Device0Extra {
  gatheredOutputBytes: number;
  outputGradientBytes: number;
  batchLabelBytes: number;
  lossBytes: number;
  weightGradientBytes: number;
  optimizerStateBytes: number;
  totalBytes: number;
}

export function expectedDevice0Extra(
  config: Device0ExtraConfig,
  settings: { replicas: number; strategy: 'dp-gather' | 'dp-loss-in-forward' | 'ddp' },
): Device0Extra {
  const n = settings.replicas;
  // ddp, or a single device: nothing extra.
  const dp = settings.strategy !== 'ddp' && n >= 2;
  const p = dp ? parameterCount(describeUNet(config)) : 0;
  const pixels = config.batchSize * config.imageSizePx * config.imageSizePx;
  const gather = dp && settings.strategy === 'dp-gather';
  const extra = {
    gatheredOutputBytes: gather ? pixels * config.numClasses * F32 : 0,
    outputGradientBytes: gather ? pixels * config.numClasses * F32 : 0,
    batchLabelBytes: gather ? pixels * F32 : 0,
    lossBytes: gather ? F32 : 0,
    weightGradientBytes: n * p * F32,
    optimizerStateBytes: config.optimizer === 'adam' ? 2 * p * F32 : 0,
  };
  return { ...extra, totalBytes: Object.values(extra).reduce((a, b) => a + b, 0) };
}
