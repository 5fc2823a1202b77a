/**
 * Number formatting for chart axes and legends: milliseconds, rates and plain ticks. Bytes are
 * config/byteFormat.ts's (binary units, the same text as the tiles); the chart names below are that
 * module's functions. Pure.
 */
import { formatByteTicks, formatBytes } from '../config/byteFormat';

export { formatByteTicks };
/** Legend read-out of bytes: "23.0 KiB". */
export const formatBytesShort = formatBytes;

/** Decimals needed to write ticks `increment` apart exactly (0.5 → 1, 0.25 → 2, 2 → 0), at most 6. */
export function decimalsFor(increment: number): number {
  if (!(increment > 0) || !Number.isFinite(increment)) return 0;
  for (let d = 0; d < 6; d++) {
    const scaled = increment * 10 ** d;
    if (Math.abs(scaled - Math.round(scaled)) < 1e-9 * Math.max(1, scaled)) return d;
  }
  return 6;
}

export function formatTicks(splits: readonly number[], increment: number, unit: string): string[] {
  const decimals = decimalsFor(increment);
  return splits.map((v) => `${v.toFixed(decimals)}${unit ? ` ${unit}` : ''}`);
}

export function formatMsShort(ms: number): string {
  return ms >= 100 ? `${ms.toFixed(0)} ms` : `${ms.toPrecision(3)} ms`;
}

export function formatSignificant(value: number, digits = 4): string {
  return Number.isInteger(value) ? String(value) : value.toPrecision(digits);
}
