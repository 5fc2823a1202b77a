/**
 * Pure column preparation for uPlot's aligned data ([xs, ...ys]): copies out of the stores, stacking
 * for the step-time phases, and a join of two x columns (rows and evaluations) with nulls where a series
 * has no point. Runs once per chart per animation frame, outside React; no DOM.
 */

export type Column = (number | null)[];

/** Running sums: out[k][i] = parts[0][i] + … + parts[k][i], null counted as 0 (all null stays null). */
export function stackColumns(parts: readonly (readonly (number | null)[])[]): Column[] {
  const length = parts[0]?.length ?? 0;
  const out: Column[] = [];
  let below: Column | null = null;
  for (const part of parts) {
    const column: Column = new Array<number | null>(length);
    for (let i = 0; i < length; i++) {
      const v = part[i] ?? null;
      const under: number | null = below ? (below[i] ?? null) : null;
      column[i] = v === null && under === null ? null : (v ?? 0) + (under ?? 0);
    }
    out.push(column);
    below = column;
  }
  return out;
}

export interface Joined {
  xs: number[];
  /** ysA's columns then ysB's, each aligned to xs. */
  ys: Column[];
}

/**
 * Merges two ascending x columns into one ascending column without duplicates; each y column keeps its
 * values at its own xs and holds null elsewhere.
 */
export function joinColumns(
  xsA: readonly number[],
  ysA: readonly (readonly (number | null)[])[],
  xsB: readonly number[],
  ysB: readonly (readonly (number | null)[])[],
): Joined {
  const xs: number[] = [];
  const outA: Column[] = ysA.map(() => []);
  const outB: Column[] = ysB.map(() => []);
  let a = 0;
  let b = 0;
  while (a < xsA.length || b < xsB.length) {
    const xa = a < xsA.length ? xsA[a]! : Infinity;
    const xb = b < xsB.length ? xsB[b]! : Infinity;
    const x = Math.min(xa, xb);
    xs.push(x);
    outA.forEach((column, k) => column.push(xa === x ? (ysA[k]?.[a] ?? null) : null));
    outB.forEach((column, k) => column.push(xb === x ? (ysB[k]?.[b] ?? null) : null));
    if (xa === x) a++;
    if (xb === x) b++;
  }
  return { xs, ys: [...outA, ...outB] };
}

/** The last non-null value of a column (what a chart shows as its latest figure), or null. */
export function lastValue(column: readonly (number | null)[]): number | null {
  for (let i = column.length - 1; i >= 0; i--) {
    const v = column[i];
    if (v !== null && v !== undefined) return v;
  }
  return null;
}
