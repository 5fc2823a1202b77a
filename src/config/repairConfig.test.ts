import { describe, expect, it } from 'vitest';
import { repairConfig } from './repairConfig';
import { DEFAULT_CONFIG, trainConfigSchema } from './trainConfig';

describe('repairConfig', () => {
  it('keeps a coherent config unchanged', () => {
    const { config, repairs } = repairConfig(DEFAULT_CONFIG);
    expect(config).toEqual(DEFAULT_CONFIG);
    expect(repairs).toEqual([]);
  });

  it('moves normalization to the model when uint8 storage is chosen', () => {
    const start = { ...DEFAULT_CONFIG, imageDtype: 'float32' as const, normalizeOn: 'loader' as const };
    const { config } = repairConfig({ ...start, imageDtype: 'uint8' }, 'imageDtype');
    expect(config.normalizeOn).toBe('model');
    expect(trainConfigSchema.safeParse(config).success).toBe(true);
  });

  it('switches storage to float32 when loader normalization is chosen for uint8', () => {
    const { config, repairs } = repairConfig({ ...DEFAULT_CONFIG, normalizeOn: 'loader' }, 'normalizeOn');
    expect(config.imageDtype).toBe('float32');
    expect(repairs.map((r) => r.field)).toEqual(['imageDtype']);
  });

  it('drops the tf.tensor path for non-uint8 storage and resizes mean/std to the channels', () => {
    const { config } = repairConfig({
      ...DEFAULT_CONFIG,
      uploadPath: 'tf-tensor',
      imageDtype: 'float16',
      channels: 1,
    });
    expect(config.uploadPath).toBe('packed');
    // The dataset's measured grayscale statistics (pinned by channelStats.test.ts).
    expect(config.mean255).toEqual([110.4]);
    expect(config.std255).toEqual([34.9]);
    expect(trainConfigSchema.safeParse(config).success).toBe(true);
  });

  it('keeps the batch splitting into equal micro-batches: the count gives way, unless it was just chosen', () => {
    const four = { ...DEFAULT_CONFIG, batchSize: 8, microBatches: 4 as const };
    const lowered = repairConfig({ ...four, batchSize: 6 }, 'batchSize');
    expect(lowered.config.microBatches).toBe(2);
    expect(lowered.config.batchSize).toBe(6);
    expect(lowered.repairs.map((r) => r.field)).toEqual(['microBatches']);
    const raised = repairConfig({ ...four, batchSize: 6, microBatches: 8 }, 'microBatches');
    expect(raised.config).toMatchObject({ batchSize: 8, microBatches: 8 });
    expect(raised.repairs.map((r) => r.field)).toEqual(['batchSize']);
    // An odd batch runs at once.
    expect(repairConfig({ ...four, batchSize: 5 }).config.microBatches).toBe(1);
    for (const c of [lowered.config, raised.config])
      expect(trainConfigSchema.safeParse(c).success).toBe(true);
  });

  it('lowers the source scale until image size × scale fits the 1024 px source side', () => {
    const wide = { ...DEFAULT_CONFIG, imageSizePx: 16, sourceScale: 64 };
    expect(repairConfig(wide).repairs).toEqual([]);
    const { config, repairs } = repairConfig({ ...wide, imageSizePx: 48 }, 'imageSizePx');
    expect(config.sourceScale).toBe(21); // ⌊1024 / 48⌋
    expect(config.imageSizePx).toBe(48);
    expect(repairs.map((r) => r.field)).toEqual(['sourceScale']);
    expect(trainConfigSchema.safeParse(config).success).toBe(true);
    expect(trainConfigSchema.safeParse({ ...config, sourceScale: 22 }).success).toBe(false);
  });
});
