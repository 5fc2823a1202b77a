/**
 * Presets are plain links: each decodes with zero problems, carries a B that really differs from A, stays
 * small enough for a software GPU and has a one-sentence lesson.
 */
import { DICTIONARIES } from '../i18n/dictionaries';
import { describe, expect, it } from 'vitest';
import { PRESETS } from './presets';

const findPreset = (id: string) => PRESETS.find((p) => p.id === id);
import { DEFAULT_CONFIG, trainConfigSchema } from './trainConfig';
import { applyOverrides, decodeHash } from './urlCodec';
import { CONFIG_KEYS } from './fieldTable';

const REQUIRED = ['article', 'int32-trap', 'starving-gpu', 'software-gpu', 'float16', 'onehot-masks'];

describe('PRESETS', () => {
  it('has every required preset, with unique ids', () => {
    const ids = PRESETS.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of REQUIRED) expect(findPreset(id)?.id).toBe(id);
    expect(findPreset('nope')).toBeUndefined();
  });

  it.each(PRESETS.map((p) => [p.id, p] as const))(
    '%s decodes with zero problems and a B that differs',
    (_, p) => {
      expect(p.hash.startsWith('#v=1&')).toBe(true);
      const d = decodeHash(p.hash);
      expect(d.problems).toEqual([]);
      expect(d.run).toBe(false);
      expect(() => trainConfigSchema.parse(d.config)).not.toThrow();
      expect(d.overridesB).not.toBeNull();
      const overrides = d.overridesB ?? {};
      const b = applyOverrides(d.config, overrides);
      expect(() => trainConfigSchema.parse(b)).not.toThrow();
      expect(b).not.toEqual(d.config);
      // Every override changes its field (no no-op overrides), and B needs no repair of A's other fields.
      for (const f of CONFIG_KEYS) {
        const v = overrides[f];
        if (v !== undefined) {
          expect(v).not.toEqual(d.config[f]);
          expect(b[f]).toEqual(v);
        }
      }
    },
  );

  it.each(PRESETS.map((p) => [p.id, p] as const))('%s stays small enough for a software GPU', (_, p) => {
    const d = decodeHash(p.hash);
    for (const c of [d.config, applyOverrides(d.config, d.overridesB ?? {})]) {
      expect(c.imageSizePx).toBeLessThanOrEqual(32);
      expect(c.batchSize).toBeLessThanOrEqual(4);
    }
  });

  it('each preset has a title and one plain sentence as its lesson, in every language', () => {
    for (const p of PRESETS) {
      for (const dict of Object.values(DICTIONARIES)) {
        const words = (dict.panels.presets as Record<string, { title: string; lesson: string } | undefined>)[
          p.id
        ];
        expect(words?.title.length).toBeGreaterThan(0);
        expect(words?.lesson).toMatch(/^[^<>]+[.。]$/);
        expect(words?.lesson.slice(0, -1)).not.toMatch(/[.!?]\s|[。！？]/);
      }
    }
  });

  it('the presets teach what they say', () => {
    const decoded = (id: string) => {
      const d = decodeHash(findPreset(id)?.hash ?? '');
      return { a: d.config, b: applyOverrides(d.config, d.overridesB ?? {}) };
    };
    const article = decoded('article');
    expect(article.a).toMatchObject({ imageDtype: 'uint8', normalizeOn: 'model', maskDtype: 'uint8' });
    expect(article.b).toMatchObject({ imageDtype: 'float32', normalizeOn: 'loader' });
    const trap = decoded('int32-trap');
    expect(trap.a).toMatchObject({ imageDtype: 'uint8', uploadPath: 'tf-tensor' });
    expect(trap.b).toMatchObject({ imageDtype: 'uint8', uploadPath: 'packed' });
    expect(decoded('starving-gpu').a).toMatchObject({
      workers: 0,
      augment: true,
      blurRadiusPx: 24,
      sourceScale: 32,
    });
    expect(decoded('starving-gpu').b.workers).toBe(2);
    expect(decoded('software-gpu').a).toMatchObject({
      imageSizePx: 16,
      batchSize: 2,
      depth: 2,
      baseWidth: 4,
    });
    const half = decoded('float16');
    expect(half.a).toMatchObject({ imageDtype: 'float16', normalizeOn: 'model' });
    expect(half.b).toMatchObject({ imageDtype: 'float16', normalizeOn: 'loader' });
    const masks = decoded('onehot-masks');
    expect(masks.a.maskDtype).toBe('float32-onehot');
    expect(masks.b.maskDtype).toBe('uint8');
  });

  it('presets start from DEFAULT_CONFIG', () => {
    const d = decodeHash(findPreset('onehot-masks')?.hash ?? '');
    expect({ ...d.config, maskDtype: DEFAULT_CONFIG.maskDtype }).toEqual(DEFAULT_CONFIG);
  });
});
