/**
 * The dictionaries agree: every language has English's keys and no others, no empty value, the same
 * placeholders in every template; the checker itself finds each kind of fault in a broken pair; every id
 * the config names (lessons' arms, presets, problem codes, fields) has words; `fill` and `plural` behave.
 */
import { describe, expect, it } from 'vitest';
import { DATA_PATHS } from '../config/dataPaths';
import { CONFIG_KEYS, FIELD_TABLE } from '../config/fieldTable';
import { PYTORCH_STRATEGY_LABELS } from '../config/pytorchExport';
import { LANGS, langFromNavigator } from '../config/languages';
import { LESSONS } from '../config/lessons';
import { PRESETS } from '../config/presets';
import { PROBLEM_CODES } from '../config/problems';
import { checkDictionary, flatten } from '../../test/fixtures/checkDictionary';
import { DICTIONARIES } from './dictionaries';
import { en } from './en';
import { fill, placeholders, plural, templateParts } from './fill';

describe('dictionaries', () => {
  for (const lang of LANGS) {
    it(`${lang} has English's keys, no empty value, the same placeholders`, () => {
      expect(checkDictionary(en, DICTIONARIES[lang])).toEqual([]);
    });
  }

  it('zh-CN is not English: most of its texts differ from the English ones', () => {
    const a = flatten(en);
    const b = flatten(DICTIONARIES['zh-CN']);
    const same = [...a].filter(([key, text]) => b.get(key) === text).map(([key]) => key);
    // Only names and symbols stay (DataParallel, DDP, 'A', 'B', GFLOP/s…): a small share.
    expect(same.length / a.size).toBeLessThan(0.05);
  });

  it('every id the config names has words in every language', () => {
    for (const dict of Object.values(DICTIONARIES)) {
      for (const lesson of Object.values(LESSONS)) {
        const arms = dict.lessons[lesson.id].arms as Readonly<Record<string, string | undefined>>;
        for (const arm of lesson.arms) expect(arms[arm.id], `${lesson.id}.${arm.id}`).toBeTruthy();
      }
      const presets = dict.panels.presets as Readonly<Record<string, unknown>>;
      for (const p of PRESETS) expect(presets[p.id], p.id).toBeTruthy();
      for (const code of PROBLEM_CODES) expect(dict.problems.codes[code]).toBeTruthy();
      for (const key of CONFIG_KEYS) expect(dict.fields.settings[key].label).toBeTruthy();
    }
  });

  it('every menu value of a setting has words, unless it is a dtype (code-like: it shows as itself)', () => {
    const codeLike = /^(uint8|int32|float16|float32)$/;
    const options = en.fields.options as Readonly<
      Record<string, Readonly<Record<string, string>> | undefined>
    >;
    for (const key of CONFIG_KEYS) {
      const control = FIELD_TABLE[key].control;
      if (control?.kind !== 'select') continue;
      for (const value of control.options) {
        if (typeof value === 'number' || codeLike.test(value)) continue;
        expect(options[key]?.[value], `${key}=${value}`).toBeTruthy();
      }
    }
  });
});

describe('the English dictionary says what config names in English', () => {
  it('data paths and strategies read as the bench and the exports name them', () => {
    for (const path of DATA_PATHS) expect(en.panels.dataPath.modes[path.id]).toBe(path.label);
    expect(en.panels.export.pytorch.strategies).toEqual(PYTORCH_STRATEGY_LABELS);
  });
});

describe('checkDictionary finds each kind of fault', () => {
  const source = { a: 'Start', b: { c: '{n} steps', d: { one: '{n} step', other: '{n} steps' } } };

  it('accepts a faithful translation', () => {
    const good = { a: '开始', b: { c: '{n} 步', d: { one: '{n} 步', other: '{n} 步' } } };
    expect(checkDictionary(source, good)).toEqual([]);
  });

  it('reports a missing key, an extra key, an empty value and a placeholder renamed', () => {
    const broken = { a: '', b: { c: '{count} 步', d: { other: '{n} 步' }, e: 'extra' } };
    expect(checkDictionary(source, broken).sort()).toEqual(
      ['empty: a', 'extra: b.e', 'missing: b.d.one', 'placeholders differ: b.c ({n} vs {count})'].sort(),
    );
  });

  it('reports a placeholder dropped, and an array of another length', () => {
    expect(checkDictionary({ x: 'After step {step}.' }, { x: '之后。' })).toEqual([
      'placeholders differ: x ({step} vs {})',
    ]);
    expect(checkDictionary({ list: ['a', 'b'] }, { list: ['甲'] })).toEqual(['missing: list.1']);
  });
});

describe('fill, plural, placeholders', () => {
  it('fills named placeholders and leaves an unknown one visible', () => {
    expect(fill('{a} of {b}', { a: 1, b: '2' })).toBe('1 of 2');
    expect(fill('{a} and {missing}', { a: 'x' })).toBe('x and {missing}');
    expect(fill('{toString}', {})).toBe('{toString}');
    expect(placeholders('{b} {a} {b}')).toEqual(['a', 'b']);
    expect(templateParts('x {a} y')).toEqual(['x ', { name: 'a' }, ' y']);
  });

  it('picks plural forms by the locale’s rules', () => {
    const text = { one: 'one', other: 'other' };
    expect(plural('en-US', 1, text)).toBe('one');
    expect(plural('en-US', 2, text)).toBe('other');
    expect(plural('en-US', 0, text)).toBe('other');
    // Chinese has no singular form: 1 takes `other`.
    expect(plural('zh-CN', 1, text)).toBe('other');
  });
});

describe('language choice', () => {
  it('takes the first language BatchLab speaks from the browser list, English otherwise', () => {
    expect(langFromNavigator(['zh-CN', 'en'])).toBe('zh-CN');
    expect(langFromNavigator(['zh-TW'])).toBe('zh-CN');
    expect(langFromNavigator(['zh'])).toBe('zh-CN');
    expect(langFromNavigator(['fr-FR', 'zh-Hans'])).toBe('zh-CN');
    expect(langFromNavigator(['en-GB', 'zh-CN'])).toBe('en');
    expect(langFromNavigator(['fr', 'de'])).toBe('en');
    expect(langFromNavigator(['zhx'])).toBe('en');
    expect(langFromNavigator([])).toBe('en');
    expect(langFromNavigator(undefined)).toBe('en');
  });
});
