import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type TrainConfig } from '../config/trainConfig';
import { en } from '../i18n/en';
import { changesByRole, describeRunStart } from './runStartLabel';

const base: TrainConfig = { ...DEFAULT_CONFIG, seed: 42, workers: 0, maxSteps: 4 };

describe('describeRunStart', () => {
  it('names a worker-count change, the trained model continuing', () => {
    const info = describeRunStart(en, base, { ...base, workers: 2 }, { newModel: false, fromStep: 4 });
    expect(info.label).toBe('workers 0→2');
    expect(info.detail).toBe('Continues the trained model from its step 4: Loader workers 0 → 2');
    expect(info).toMatchObject({ newModel: false, fromStep: 4 });
  });

  it('says a new model, model-defining settings first, at most two then +N', () => {
    const next = { ...base, maxSteps: 8, workers: 2, seed: 7, batchSize: base.batchSize * 2 };
    const info = describeRunStart(en, base, next, { newModel: true, fromStep: 0 });
    expect(info.label).toBe(`new model: seed 42→7, batch size ${base.batchSize}→${next.batchSize} +2`);
    expect(info.detail).toBe(
      `New model (weights from the seed): Seed 42 → 7; Batch size ${base.batchSize} → ${next.batchSize}; ` +
        'Loader workers 0 → 2; Steps 4 → 8',
    );
  });

  it('says "resumed" when nothing changed, and "new model" alone when only the model was rebuilt', () => {
    expect(describeRunStart(en, base, base, { newModel: false, fromStep: 4 }).label).toBe('resumed');
    expect(describeRunStart(en, base, base, { newModel: false, fromStep: 4 }).detail).toMatch(
      /no setting changed$/,
    );
    expect(describeRunStart(en, null, base, { newModel: true, fromStep: 0 }).label).toBe('new model');
  });

  it('writes lists and switches readably', () => {
    const next = { ...base, augment: !base.augment, mean255: [1, 2, 3] };
    const info = describeRunStart(en, base, next, { newModel: true, fromStep: 0 });
    expect(info.label).toContain(`mean ${base.mean255.join('/')}→1/2/3`);
    expect(info.label).toContain(`augment ${base.augment ? 'on→off' : 'off→on'}`);
  });
});

describe('field names and order', () => {
  it('drops the unit in brackets and keeps acronyms', () => {
    const shortFieldName = (t: typeof en, key: keyof typeof en.fields.settings) =>
      t.fields.settings[key].short;
    expect(shortFieldName(en, 'imageSizePx')).toBe('image size');
    expect(shortFieldName(en, 'workers')).toBe('workers');
    expect(shortFieldName(en, 'prefetch')).toBe('prefetch per worker');
    expect(shortFieldName(en, 'depth')).toBe('U-Net depth');
  });
  it('orders model, data, loader, device, loop', () => {
    const next = { ...base, maxSteps: 9, workers: 3, imageSizePx: 16, seed: 1, backend: 'cpu' as const };
    expect(changesByRole(base, next)).toEqual(['seed', 'imageSizePx', 'workers', 'backend', 'maxSteps']);
  });
});
