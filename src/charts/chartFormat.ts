/**
 * Number formatting for chart axes and legends: decimal byte units (B, kB, MB, GB: 10³ steps, so tick
 * increments stay round), milliseconds and rates. Pure.
 */

const BYTE_UNITS = [
  { unit: 'B', bytes: 1 },
  { unit: 'kB', bytes: 1e3 },
  { unit: 'MB', bytes: 1e6 },
  { unit: 'GB', bytes: 1e9 },
] as const;

/** The largest decimal unit not above |bytes| (B for anything under 1 kB). */
export function byteUnitFor(bytes: number): (typeof BYTE_UNITS)[number] {
  const abs = Math.abs(bytes);
  let chosen: (typeof BYTE_UNITS)[number] = BYTE_UNITS[0];
  for (const u of BYTE_UNITS) if (abs >= u.bytes) chosen = u;
  return chosen;
}

/** Decimals needed to tell ticks `increment` apart. */
export function decimalsFor(increment: number): number {
  if (!(increment > 0) || !Number.isFinite(increment)) return 0;
  return Math.min(6, Math.max(0, -Math.floor(Math.log10(increment) + 1e-9)));
}

/** Axis ticks in one unit chosen from the largest tick: [0, 500000, 1000000] → ['0 MB', '0.5 MB', '1 MB']. */
export function formatByteTicks(splits: readonly number[], increment: number): string[] {
  const largest = splits.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
  const { unit, bytes } = byteUnitFor(largest);
  const decimals = decimalsFor(increment / bytes);
  return splits.map((v) => `${(v / bytes).toFixed(decimals)} ${unit}`);
}

/** Legend read-out: three significant digits in the value's own unit, e.g. "1.23 MB". */
export function formatBytesShort(bytes: number): string {
  const { unit, bytes: size } = byteUnitFor(bytes);
  const scaled = bytes / size;
  return `${unit === 'B' ? String(Math.round(scaled)) : scaled.toPrecision(3)} ${unit}`;
}

/** Exact byte count with separators: "1,536 B". */
export function formatBytesExact(bytes: number): string {
  return `${Math.round(bytes).toLocaleString('en-US')} B`;
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
