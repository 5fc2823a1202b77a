/**
 * Byte counts as text, in binary units (B, KiB, MiB, GiB: steps of 1024) for every panel, tile and chart:
 * the short form ("1.5 KiB"), the exact form ("1,536 B"), and axis ticks at round binary steps
 * (256 KiB, 512 KiB, …; never a fraction of a byte). Digits are written for a locale (Intl.NumberFormat;
 * `en-US` unless the caller passes the page's locale); the unit symbols are the same in every language.
 * Pure; imports nothing.
 */

const formats = new Map<string, Intl.NumberFormat>();

/** `n` with exactly `decimals` decimals in `locale`; `grouping` adds thousands separators. */
export function formatNumber(n: number, locale = 'en-US', decimals = 0, grouping = false): string {
  const key = `${locale}|${decimals}|${grouping ? 1 : 0}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping: grouping,
    });
    formats.set(key, f);
  }
  return f.format(n);
}

const BYTE_UNITS = [
  { unit: 'B', bytes: 1 },
  { unit: 'KiB', bytes: 1024 },
  { unit: 'MiB', bytes: 1024 ** 2 },
  { unit: 'GiB', bytes: 1024 ** 3 },
] as const;
export type ByteUnit = (typeof BYTE_UNITS)[number];

/** The largest binary unit not above |bytes| (B for anything under 1 KiB). */
export function byteUnitFor(bytes: number): ByteUnit {
  const magnitude = Math.abs(bytes);
  let chosen: ByteUnit = BYTE_UNITS[0];
  for (const u of BYTE_UNITS) if (magnitude >= u.bytes) chosen = u;
  return chosen;
}

/**
 * "512 B", "1.5 KiB", "37.5 GiB": whole bytes under 1 KiB, else `decimals` decimals (one unless told: two
 * tell apart a budget and a need within 5% of each other); GiB is the largest unit.
 */
export function formatBytes(bytes: number, locale = 'en-US', decimals = 1): string {
  if (!Number.isFinite(bytes)) return '—';
  const sign = bytes < 0 ? '-' : '';
  const magnitude = Math.abs(bytes);
  if (magnitude < 1024) return `${sign}${formatNumber(Math.round(magnitude), locale)} B`;
  let k = 1;
  // Move up a unit when the rounded figure would read 1024.0 of the smaller one.
  const scale = 10 ** decimals;
  while (k < BYTE_UNITS.length - 1 && Math.round((magnitude / BYTE_UNITS[k]!.bytes) * scale) / scale >= 1024)
    k++;
  const u = BYTE_UNITS[k]!;
  return `${sign}${formatNumber(magnitude / u.bytes, locale, decimals)} ${u.unit}`;
}

/** 33554432 → "33,554,432 B" (whole bytes, the locale's separators: the exact integer a lesson quotes). */
export function formatExactBytes(bytes: number, locale = 'en-US'): string {
  if (!Number.isFinite(bytes)) return '—';
  return `${formatNumber(Math.round(bytes), locale, 0, true)} B`;
}

/** Tick steps a byte axis may use: every power of two from 1 B to 512 GiB. */
export const BYTE_TICK_INCREMENTS: readonly number[] = Object.freeze(
  Array.from({ length: 40 }, (_, k) => 2 ** k),
);

/** Decimals needed to write a multiple of 2^-k exactly (0.5 → 1, 0.25 → 2, 0.125 → 3), capped at 6. */
function binaryFractionDecimals(value: number): number {
  for (let d = 0; d <= 6; d++) {
    const scaled = value * 10 ** d;
    if (Math.abs(scaled - Math.round(scaled)) < 1e-9) return d;
  }
  return 6;
}

/**
 * Axis ticks in one unit: the largest unit not above the largest tick in which the step needs at most two
 * decimals, trailing zeros dropped. [0, 262144, 524288, 786432, 1048576] (step 256 KiB) →
 * ['0 MiB', '0.25 MiB', '0.5 MiB', '0.75 MiB', '1 MiB']; [0, 512, 1024, 1536] → ['0 KiB', '0.5 KiB', …].
 */
export function formatByteTicks(splits: readonly number[], increment: number): string[] {
  const largest = splits.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
  const step = increment > 0 && Number.isFinite(increment) ? increment : 1;
  let k = BYTE_UNITS.indexOf(byteUnitFor(largest));
  while (k > 0 && binaryFractionDecimals(step / BYTE_UNITS[k]!.bytes) > 2) k--;
  const { unit, bytes } = BYTE_UNITS[k]!;
  const decimals = binaryFractionDecimals(step / bytes);
  return splits.map((v) => `${Number((v / bytes).toFixed(decimals))} ${unit}`);
}
