import { describe, expect, it } from 'vitest';
import { CONFIG_KEYS, FIELD_TABLE } from '../../config/fieldTable';
import { numberInputValue } from './numberInput';

describe('numberInputValue', () => {
  const whole = { min: 1, max: 64, step: 1 };
  it('clamps, and rounds whole-number fields so a typed fraction never reaches the config', () => {
    expect(numberInputValue(1.5, whole)).toBe(2);
    expect(numberInputValue(1.1, whole)).toBe(1);
    expect(numberInputValue(500, whole)).toBe(64);
    expect(numberInputValue(-3, whole)).toBe(1);
    expect(numberInputValue(Number.NaN, whole)).toBeNull();
  });

  it('snaps to min + k·step and keeps fractional steps as typed', () => {
    expect(numberInputValue(37, { min: 16, max: 512, step: 8 })).toBe(40);
    expect(numberInputValue(511, { min: 16, max: 510, step: 8 })).toBe(504);
    expect(numberInputValue(0.01234, { min: 1e-5, max: 1, step: 0.0001 })).toBe(0.01234);
  });

  it('gives every whole-number config field an integer', () => {
    for (const key of CONFIG_KEYS) {
      const control = FIELD_TABLE[key].control;
      if (control?.kind !== 'number' || control.step < 1) continue;
      expect(Number.isInteger(numberInputValue(control.min + 0.4, control))).toBe(true);
    }
  });
});
