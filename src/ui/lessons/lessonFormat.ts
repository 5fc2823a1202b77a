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

const SUPERSCRIPT: Readonly<Record<string, string>> = {
  '-': '⁻',
  '0': '⁰',
  '1': '¹',
  '2': '²',
  '3': '³',
  '4': '⁴',
  '5': '⁵',
  '6': '⁶',
  '7': '⁷',
  '8': '⁸',
  '9': '⁹',
};

/** 2.4e-8 → "2.4 × 10⁻⁸"; 0 → "0"; not a finite number → "—": tiny differences without a Latin "e". */
export function scientific(value: number, locale = 'en-US'): string {
  if (value === 0) return '0';
  if (!Number.isFinite(value)) return '—';
  let exponent = Math.floor(Math.log10(Math.abs(value)));
  // A mantissa that rounds to 10.0 moves up a power: 9.96e-8 → "1.0 × 10⁻⁷".
  if (Math.abs(Math.round((value / 10 ** exponent) * 10) / 10) >= 10) exponent += 1;
  const mantissa = value / 10 ** exponent;
  const power = [...String(exponent)].map((c) => SUPERSCRIPT[c] ?? c).join('');
  return `${formatNumber(mantissa, locale, 1)} × 10${power}`;
}
