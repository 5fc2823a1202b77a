import { describe, expect, it } from 'vitest';
import { EMPTY_DATASET_VIEW, type DatasetView } from '../config/datasetView';
import { datasetBlocker } from './datasetStore';

const ready = (problems: DatasetView['problems']): DatasetView => ({
  ...EMPTY_DATASET_VIEW,
  status: 'ready',
  pairs: 12,
  problems,
});

describe('datasetBlocker: no run on a missing or broken dataset', () => {
  it('never blocks synthetic data, whatever the files', () => {
    const broken = ready([{ severity: 'error', file: 'a.jpg', problem: { code: 'truncated' } }]);
    expect(datasetBlocker('synthetic', { files: broken, photos: broken })).toBeNull();
  });

  it('blocks until files are read, and while the photos are drawn', () => {
    const state = { files: EMPTY_DATASET_VIEW, photos: EMPTY_DATASET_VIEW };
    expect(datasetBlocker('files', state)).toEqual({ code: 'noFilesLoaded' });
    expect(datasetBlocker('photos', state)).toEqual({ code: 'photosNotReady' });
  });

  it('blocks on errors, naming the first one, and not on warnings or notices', () => {
    const warnings = ready([{ severity: 'warning', file: 'b.jpg', problem: { code: 'maskWithoutImage' } }]);
    expect(datasetBlocker('files', { files: warnings, photos: EMPTY_DATASET_VIEW })).toBeNull();
    const errors = ready([
      { severity: 'warning', file: 'b.jpg', problem: { code: 'maskWithoutImage' } },
      { severity: 'error', file: 'cut.jpg', problem: { code: 'truncated' } },
      { severity: 'error', file: 'masks/x.png', problem: { code: 'classTooHigh', value: 9, numClasses: 4 } },
    ]);
    expect(datasetBlocker('files', { files: errors, photos: EMPTY_DATASET_VIEW })).toEqual({
      code: 'datasetBroken',
      errors: 2,
      file: 'cut.jpg',
      first: { code: 'truncated' },
    });
  });
});
