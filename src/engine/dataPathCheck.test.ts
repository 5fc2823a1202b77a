import * as tf from './tf';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type TrainConfig } from '../config/trainConfig';
import { browserBatchBytes } from '../data/batchBytes';
import { DATA_PATHS } from '../config/dataPaths';
import { checkDataPaths } from './dataPathCheck';

const tiny: TrainConfig = { ...DEFAULT_CONFIG, imageSizePx: 16, batchSize: 2, baseWidth: 4, augment: false };

beforeAll(async () => {
  await tf.setBackend('cpu');
  await tf.ready();
});

describe('every data path gives the model the same tensor (cpu backend)', () => {
  it('matches the CPU reference, agrees on the first loss, and counts bytes by the formula', async () => {
    const before = tf.memory().numTensors;
    const rows = await checkDataPaths(tiny, 'cpu');
    expect(rows.map((r) => r.label)).toEqual(DATA_PATHS.map((p) => p.label));
    for (const row of rows) {
      expect(row.ok, `${row.label}: error ${row.maxAbsError} > ${row.tolerance}`).toBe(true);
      if (row.imageDtype !== 'float16' || row.normalizeOn === 'model')
        expect(row.maxAbsError).toBeLessThanOrEqual(1e-6);
      expect(row.firstLoss).toBeCloseTo(rows[0]!.firstLoss, 3);
      expect(row.uploadedImageBytes).toBe(browserBatchBytes({ ...tiny, ...row }, 'cpu').uploadImageBytes);
    }
    expect(tf.memory().numTensors).toBe(before);
  });
});
