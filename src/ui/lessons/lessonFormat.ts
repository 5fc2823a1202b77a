/** Plain-words number formats of the lesson cards, in the page's locale (`en-US` when not given). Pure. */
import { formatNumber } from '../format';

/** 0.873 → "87%". */
export const percent = (share: number, locale = 'en-US'): string =>
  `${formatNumber(Math.round(share * 100), locale)}%`;

/** 4 → "4.00×"; 0.25 → "0.25×". */
export const times = (factor: number, locale = 'en-US'): string => `${formatNumber(factor, locale, 2)}×`;

/** 2684354560 → "2.68 GB" (decimal, as the article writes its megabytes). */
export function decimalBytes(bytes: number, locale = 'en-US'): string {
  if (bytes >= 1e9) return `${formatNumber(bytes / 1e9, locale, 2)} GB`;
  if (bytes >= 1e6) return `${formatNumber(bytes / 1e6, locale, 0)} MB`;
  return `${bytes} B`;
}
