import { describe, expect, it } from 'vitest';
import { pyBool, pyChoice, pyFloat, pyFloatList, pyInt } from './pythonLiteral';

const any = { min: -1e9, max: 1e9 };

describe('Python literals', () => {
  it('write integers, floats (always with a point or exponent), booleans, words and lists', () => {
    expect(pyInt(42, 'SEED', any)).toBe('42');
    expect(pyFloat(0.01, 'LR', any)).toBe('0.01');
    expect(pyFloat(1e-7, 'EPS', any)).toBe('1e-7');
    expect(pyFloat(2, 'LR', any)).toBe('2.0');
    expect(pyFloat(-0, 'X', any)).toBe('0.0');
    expect(pyFloat(1e21, 'BIG', { min: 0, max: 1e22 })).toBe('1e+21');
    expect(pyBool(true, 'AUGMENT')).toBe('True');
    expect(pyBool(false, 'AUGMENT')).toBe('False');
    expect(pyChoice('float32-onehot', 'MASK', ['uint8', 'float32-onehot'])).toBe('"float32-onehot"');
    expect(pyFloatList([110.1, 106], 'MEAN', any, 2)).toBe('[110.1, 106.0]');
  });

  it('refuse anything else, naming the setting', () => {
    expect(() => pyInt(1.5, 'SEED', any)).toThrow('SEED: 1.5 is not an integer');
    expect(() => pyInt(11, 'DEPTH', { min: 2, max: 4 })).toThrow('DEPTH: 11 is not within 2–4');
    expect(() => pyInt('3', 'DEPTH', any)).toThrow('DEPTH');
    expect(() => pyFloat(Number.NaN, 'LR', any)).toThrow('LR: NaN is not a finite number');
    expect(() => pyFloat(Infinity, 'LR', any)).toThrow('LR');
    expect(() => pyBool(1, 'AUGMENT')).toThrow('AUGMENT');
    expect(() => pyChoice('uint8"; import os', 'DTYPE', ['uint8'])).toThrow('DTYPE');
    expect(() => pyChoice('Bad Word', 'W', ['Bad Word'])).toThrow('W: "Bad Word" is not a safe word');
    expect(() => pyFloatList([1, 2], 'MEAN', any, 3)).toThrow('MEAN');
    expect(() => pyFloatList([1, Number.NaN], 'MEAN', any, 2)).toThrow('MEAN[1]');
  });

  it('never echo more than 40 characters of a hostile string', () => {
    const long = `x${'a'.repeat(500)}`;
    expect(() => pyChoice(long, 'W', ['ok'])).toThrow(/^W: "xa{39}" is not one of ok$/);
  });
});
