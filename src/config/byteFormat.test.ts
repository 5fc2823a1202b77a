import { describe, expect, it } from 'vitest';
import {
  BYTE_TICK_INCREMENTS,
  byteUnitFor,
  formatBytes,
  formatByteTicks,
  formatExactBytes,
} from './byteFormat';

const KiB = 1024;
const MiB = 1024 ** 2;
const GiB = 1024 ** 3;

describe('formatBytes', () => {
  it('writes B, KiB, MiB, GiB (steps of 1024) with one decimal', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1024)).toBe('1.0 KiB');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(23_552)).toBe('23.0 KiB');
    expect(formatBytes(MiB - 1)).toBe('1.0 MiB');
    expect(formatBytes(167_772_160)).toBe('160.0 MiB');
    expect(formatBytes(37.5 * GiB)).toBe('37.5 GiB');
    expect(formatBytes(1024 * GiB)).toBe('1024.0 GiB');
    expect(formatBytes(-1536)).toBe('-1.5 KiB');
  });
  it('writes two decimals when asked, moving up a unit at 1024.00', () => {
    expect(formatBytes(1_536_000, 'en-US', 2)).toBe('1.46 MiB');
    expect(formatBytes(1_587_410, 'en-US', 2)).toBe('1.51 MiB');
    expect(formatBytes(MiB - 1, 'en-US', 2)).toBe('1.00 MiB');
    expect(formatBytes(1000, 'en-US', 2)).toBe('1000 B');
  });
  it('never writes a fraction of a byte, and a dash for what is not a number', () => {
    expect(formatBytes(0.3)).toBe('0 B');
    expect(formatBytes(511.6)).toBe('512 B');
    expect(formatBytes(Number.NaN)).toBe('—');
    expect(formatBytes(Number.POSITIVE_INFINITY)).toBe('—');
  });
});

describe('formatExactBytes', () => {
  it('writes whole bytes with separators', () => {
    expect(formatExactBytes(167_772_160)).toBe('167,772,160 B');
    expect(formatExactBytes(1536)).toBe('1,536 B');
    expect(formatExactBytes(0)).toBe('0 B');
  });
});

describe('byte axis ticks', () => {
  it('steps are whole powers of two: no fractional byte, 256 KiB and 512 KiB among them', () => {
    expect(BYTE_TICK_INCREMENTS[0]).toBe(1);
    expect(BYTE_TICK_INCREMENTS.every((s) => Number.isInteger(s) && Math.log2(s) % 1 === 0)).toBe(true);
    expect(BYTE_TICK_INCREMENTS).toContain(256 * KiB);
    expect(BYTE_TICK_INCREMENTS).toContain(512 * KiB);
    expect(BYTE_TICK_INCREMENTS.at(-1)).toBeGreaterThanOrEqual(256 * GiB);
  });

  it('writes ticks in the largest unit that keeps the step to two decimals', () => {
    const quarterMiB = [0, 1, 2, 3, 4].map((k) => k * 256 * KiB);
    expect(formatByteTicks(quarterMiB, 256 * KiB)).toEqual([
      '0 MiB',
      '0.25 MiB',
      '0.5 MiB',
      '0.75 MiB',
      '1 MiB',
    ]);
    expect(formatByteTicks([0, 512, 1024, 1536], 512)).toEqual(['0 KiB', '0.5 KiB', '1 KiB', '1.5 KiB']);
    // A step of 128 KiB would need three decimals in MiB: KiB instead.
    expect(formatByteTicks([0, 128 * KiB, 256 * KiB, MiB], 128 * KiB)).toEqual([
      '0 KiB',
      '128 KiB',
      '256 KiB',
      '1024 KiB',
    ]);
    expect(formatByteTicks([0, 2 * GiB, 4 * GiB], 2 * GiB)).toEqual(['0 GiB', '2 GiB', '4 GiB']);
  });

  it('below 1 KiB ticks are whole bytes', () => {
    expect(formatByteTicks([0, 1], 1)).toEqual(['0 B', '1 B']);
    expect(formatByteTicks([0, 256, 512, 768], 256)).toEqual(['0 B', '256 B', '512 B', '768 B']);
  });

  it('picks the unit of a value', () => {
    expect(byteUnitFor(1023).unit).toBe('B');
    expect(byteUnitFor(1024).unit).toBe('KiB');
    expect(byteUnitFor(1.5 * MiB).unit).toBe('MiB');
    expect(byteUnitFor(-2 * GiB).unit).toBe('GiB');
  });
});
