/**
 * Number formatting for display. Bytes come from config/byteFormat.ts (binary units, shared with the
 * charts) and always also appear exactly (with separators) where they teach.
 */
export { formatBytes, formatExactBytes } from '../config/byteFormat';

export function formatMs(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`;
}

export function formatRatio(ratio: number): string {
  return `${ratio.toFixed(ratio < 1 ? 3 : 2)}×`;
}
