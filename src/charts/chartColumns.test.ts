import { describe, expect, it } from 'vitest';
import { joinColumns, lastValue, stackColumns } from './chartColumns';
import { byteUnitFor } from '../config/byteFormat';
import { formatExactBytes } from '../config/byteFormat';
import { decimalsFor, formatByteTicks, formatBytesShort, formatTicks } from './chartFormat';

describe('stackColumns', () => {
  it('adds each part onto the ones before it', () => {
    expect(
      stackColumns([
        [1, 2],
        [10, 20],
        [100, 200],
      ]),
    ).toEqual([
      [1, 2],
      [11, 22],
      [111, 222],
    ]);
  });
  it('counts null as 0 unless every part below is null too', () => {
    expect(
      stackColumns([
        [null, 1],
        [null, null],
        [5, null],
      ]),
    ).toEqual([
      [null, 1],
      [null, 1],
      [5, 1],
    ]);
  });
  it('handles no parts', () => {
    expect(stackColumns([])).toEqual([]);
  });
});

describe('joinColumns', () => {
  it('merges two ascending x columns, nulls where a series has no point', () => {
    const joined = joinColumns([1, 2, 3, 4], [[10, 20, 30, 40]], [0, 3, 6], [[0.1, 0.3, 0.6]]);
    expect(joined.xs).toEqual([0, 1, 2, 3, 4, 6]);
    expect(joined.ys).toEqual([
      [null, 10, 20, 30, 40, null],
      [0.1, null, null, 0.3, null, 0.6],
    ]);
  });
  it('works with one side empty', () => {
    expect(joinColumns([], [[]], [2, 5], [[1, 2]])).toEqual({
      xs: [2, 5],
      ys: [
        [null, null],
        [1, 2],
      ],
    });
  });
});

describe('lastValue', () => {
  it('skips trailing nulls', () => {
    expect(lastValue([1, 2, null, null])).toBe(2);
    expect(lastValue([null])).toBeNull();
    expect(lastValue([])).toBeNull();
  });
});

describe('chart number formats', () => {
  it('uses the binary byte units of the tiles and enough decimals for the tick step', () => {
    expect(byteUnitFor(999).unit).toBe('B');
    expect(byteUnitFor(1_500_000).unit).toBe('MiB');
    expect(decimalsFor(0.5)).toBe(1);
    expect(decimalsFor(0.25)).toBe(2);
    expect(decimalsFor(0.2)).toBe(1);
    expect(decimalsFor(2)).toBe(0);
    expect(decimalsFor(5e-4)).toBe(4);
    expect(formatTicks([0, 0.25, 0.5], 0.25, '')).toEqual(['0.00', '0.25', '0.50']);
    expect(formatByteTicks([0, 512 * 1024, 1024 * 1024], 512 * 1024)).toEqual(['0 MiB', '0.5 MiB', '1 MiB']);
    expect(formatBytesShort(1_234_567)).toBe('1.2 MiB');
    expect(formatBytesShort(512)).toBe('512 B');
    expect(formatExactBytes(1536)).toBe('1,536 B');
  });
});
