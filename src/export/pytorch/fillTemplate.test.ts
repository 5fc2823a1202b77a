import { describe, expect, it } from 'vitest';
import { fillTemplate, placeholdersOf } from './fillTemplate';
import { pyInt, type PythonLiteral } from './pythonLiteral';

const lit = (n: number) => pyInt(n, 'X', { min: 0, max: 100 });

describe('fillTemplate', () => {
  it('replaces every placeholder, each as often as it appears', () => {
    const template = 'A = {{A}}\nB = {{B}}\nC = {{A}} + {{B}}\n';
    expect(placeholdersOf(template)).toEqual(['A', 'B']);
    expect(fillTemplate(template, { A: lit(1), B: lit(2) })).toBe('A = 1\nB = 2\nC = 1 + 2\n');
  });

  it('refuses a missing value and an unused one', () => {
    expect(() => fillTemplate('A = {{A}}', {})).toThrow('without a value: A');
    expect(() => fillTemplate('A = {{A}}', { A: lit(1), B: lit(2) })).toThrow('does not use: B');
  });

  it('refuses a malformed placeholder', () => {
    expect(() => fillTemplate('A = {{a}}', {})).toThrow('malformed');
    expect(() => fillTemplate('A = {{A}\n', { A: lit(1) })).toThrow('malformed');
  });

  it('does not read placeholders inside the values', () => {
    const sneaky = '{{B}}' as PythonLiteral;
    expect(fillTemplate('A = {{A}}\nB = {{B}}', { A: sneaky, B: lit(2) })).toBe('A = {{B}}\nB = 2');
  });
});
