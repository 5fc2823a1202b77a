/**
 * Number formatting for display, for the page's locale (`useLocale()`; `en-US` when not given). Bytes come
 * from config/byteFormat.ts (binary units, shared with the charts) and always also appear exactly (with
 * separators) where they teach.
 */
import { formatNumber } from '../config/byteFormat';

export { formatBytes, formatExactBytes, formatNumber } from '../config/byteFormat';

export function formatMs(ms: number, locale = 'en-US'): string {
  return ms >= 1000 ? `${formatNumber(ms / 1000, locale, 2)} s` : `${formatNumber(ms, locale, 1)} ms`;
}

export function formatRatio(ratio: number, locale = 'en-US'): string {
  return `${formatNumber(ratio, locale, ratio < 1 ? 3 : 2)}×`;
}
