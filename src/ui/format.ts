/** Number formatting for display. Bytes always also appear exactly (with separators) where they teach. */

const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'] as const;

/** 1536 → "1.5 KiB"; exact below 1 KiB. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes)) return '—';
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${UNITS[unit]}`;
}

/** 33554432 → "33,554,432 B". */
export function formatExactBytes(bytes: number): string {
  return `${bytes.toLocaleString('en-US')} B`;
}

export function formatMs(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`;
}

export function formatRatio(ratio: number): string {
  return `${ratio.toFixed(ratio < 1 ? 3 : 2)}×`;
}
