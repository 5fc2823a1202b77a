/** Plain-words number formats of the lesson cards. Pure. */

/** 0.873 → "87%". */
export const percent = (share: number): string => `${Math.round(share * 100)}%`;

/** 4 → "4.00×"; 0.25 → "0.25×". */
export const times = (factor: number): string => `${factor.toFixed(2)}×`;

/** 2684354560 → "2.68 GB" (decimal, as the article writes its megabytes). */
export function decimalBytes(bytes: number): string {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(2)} GB`;
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(0)} MB`;
  return `${bytes} B`;
}
