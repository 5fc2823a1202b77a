import { describe, expect, it } from 'vitest';
import {
  DATA_FILE_BYTES_MAX,
  describeRefusals,
  exportedBatchCount,
  pytorchExportRefusals,
  rawBatchBytes,
} from './pytorchExport';
import { DEFAULT_CONFIG } from './trainConfig';

const single = { strategy: 'single', processes: 1 } as const;

describe('PyTorch export refusals', () => {
  it('accept the default config and every strategy whose shards are equal', () => {
    expect(pytorchExportRefusals(DEFAULT_CONFIG, single)).toEqual([]);
    for (const strategy of ['dp-gather', 'dp-loss-in-forward', 'ddp'] as const) {
      expect(pytorchExportRefusals({ ...DEFAULT_CONFIG, batchSize: 4 }, { strategy, processes: 4 })).toEqual(
        [],
      );
    }
  });

  it('refuse the tf.tensor upload, with the reason in words', () => {
    const refusals = pytorchExportRefusals({ ...DEFAULT_CONFIG, uploadPath: 'tf-tensor' }, single);
    expect(refusals.map((r) => r.setting)).toEqual(['uploadPath']);
    expect(describeRefusals(refusals)).toMatch(/^uploadPath: .*widens a Uint8Array to int32.*1 B per value/);
  });

  it('refuse images from files (the data file holds the synthetic shapes), and only those', () => {
    for (const dataSource of ['files', 'photos'] as const) {
      const refusals = pytorchExportRefusals({ ...DEFAULT_CONFIG, dataSource }, single);
      expect(refusals.map((r) => r.setting)).toEqual(['dataSource']);
      expect(describeRefusals(refusals)).toMatch(/^dataSource: .*stay in this browser/);
    }
    expect(pytorchExportRefusals({ ...DEFAULT_CONFIG, dataSource: 'synthetic' }, single)).toEqual([]);
  });

  it('refuse unequal shards and a process count that does not fit the strategy', () => {
    expect(
      pytorchExportRefusals({ ...DEFAULT_CONFIG, batchSize: 6 }, { strategy: 'ddp', processes: 4 }),
    ).toEqual([
      {
        setting: 'processes',
        code: 'uneven',
        params: { batch: 6, processes: 4 },
        reason: 'a batch of 6 does not split into 4 equal shards',
      },
    ]);
    expect(pytorchExportRefusals(DEFAULT_CONFIG, { strategy: 'single', processes: 2 })[0]?.setting).toBe(
      'processes',
    );
    expect(pytorchExportRefusals(DEFAULT_CONFIG, { strategy: 'ddp', processes: 9 })[0]?.setting).toBe(
      'processes',
    );
    expect(pytorchExportRefusals(DEFAULT_CONFIG, { strategy: 'ddp', processes: 1.5 })[0]?.setting).toBe(
      'processes',
    );
  });

  it('refuse a data file over the limit, saying how many batches would fit', () => {
    const big = { ...DEFAULT_CONFIG, imageSizePx: 512, batchSize: 64, maxSteps: 100 };
    // 64 × 512² × (3 + 1) B = 64 MiB per batch: 4 fit under 256 MiB, the default 8 do not.
    expect(rawBatchBytes(big)).toBe(64 * 2 ** 20);
    expect(exportedBatchCount(big, {})).toBe(8);
    const [refusal] = pytorchExportRefusals(big, single);
    expect(refusal?.setting).toBe('batchSize');
    expect(refusal?.reason).toContain(`over the data file's limit of ${DATA_FILE_BYTES_MAX} B (4 would fit)`);
    expect(pytorchExportRefusals(big, { ...single, batches: 4 })).toEqual([]);
  });

  it('export min(maxSteps, 8) batches unless asked, and refuse a count out of range', () => {
    expect(exportedBatchCount({ maxSteps: 3 }, {})).toBe(3);
    expect(exportedBatchCount({ maxSteps: 1000 }, {})).toBe(8);
    expect(pytorchExportRefusals(DEFAULT_CONFIG, { ...single, batches: 0 })[0]?.setting).toBe('batches');
    expect(pytorchExportRefusals(DEFAULT_CONFIG, { ...single, batches: 65 })[0]?.setting).toBe('batches');
  });
});
