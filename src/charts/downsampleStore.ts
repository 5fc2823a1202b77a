/**
 * A columnar store of chart points that keeps the whole history of a long run in bounded memory: an
 * x column, one column per series and a count column (raw samples per point). Pure data, no DOM.
 *
 * Layout: point 0 is the first raw sample, pinned forever. Points 1… are buckets of `stride` raw
 * samples each; only the newest bucket may be partial (it fills up before a new one opens). When all
 * `bucketCapacity` buckets are full and one more is needed, adjacent pairs are merged (1+2, 3+4, …) and
 * the stride doubles, so the buckets cover the whole run uniformly at half the resolution.
 *
 * Merge rule: a bucket's value is the MEAN of its raw samples (count-weighted when merging buckets), and
 * its x is the x of its LAST raw sample. So Σ value·count over a series is conserved by every merge,
 * the first x and the last x pushed are always plotted, and with stride 1 every value is the raw value.
 * null (a figure the backend lacks) contributes nothing: a merge of null and v is v.
 */

export interface DownsampleStore {
  /** Raw samples per bucket: 1, 2, 4, … (doubles at each compaction). */
  readonly stride: number;
  /** Points held now (≤ bucketCapacity + 1). */
  readonly length: number;
  /** Raw samples pushed since the last clear. */
  readonly pushed: number;
  /** x of each point, strictly increasing. Live arrays: read, never mutate. */
  readonly xs: readonly number[];
  /** ys[series][point]: mean of the raw samples of the point, null where none had a value. */
  readonly ys: readonly (readonly (number | null)[])[];
  /** Raw samples merged into each point. */
  readonly counts: readonly number[];
  /** Appends one raw sample; x must exceed every x pushed before (else the sample is ignored). */
  push(x: number, values: readonly (number | null)[]): void;
  clear(): void;
}

export const DEFAULT_BUCKET_CAPACITY = 2048;

function mergeValue(a: number | null, countA: number, b: number | null, countB: number): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return (a * countA + b * countB) / (countA + countB);
}

/** The store never holds more than bucketCapacity + 1 points: the pinned first one and the buckets. */
export function createDownsampleStore(
  seriesCount: number,
  bucketCapacity = DEFAULT_BUCKET_CAPACITY,
): DownsampleStore {
  if (!Number.isInteger(bucketCapacity) || bucketCapacity < 2 || bucketCapacity % 2 !== 0) {
    throw new RangeError(`bucketCapacity must be an even integer ≥ 2, got ${bucketCapacity}`);
  }
  const xs: number[] = [];
  const counts: number[] = [];
  const ys: (number | null)[][] = Array.from({ length: seriesCount }, () => []);
  let stride = 1;
  let pushed = 0;

  /** Halves the buckets (points 1…): pairs merge into their first slot, then the tail is cut. */
  const compact = () => {
    const buckets = xs.length - 1;
    for (let pair = 0; pair < buckets / 2; pair++) {
      const a = 1 + 2 * pair;
      const b = a + 1;
      const to = 1 + pair;
      const countA = counts[a] ?? 0;
      const countB = counts[b] ?? 0;
      for (const column of ys) column[to] = mergeValue(column[a] ?? null, countA, column[b] ?? null, countB);
      xs[to] = xs[b] ?? 0;
      counts[to] = countA + countB;
    }
    const length = 1 + buckets / 2;
    xs.length = length;
    counts.length = length;
    for (const column of ys) column.length = length;
    stride *= 2;
  };

  const append = (x: number, values: readonly (number | null)[]) => {
    xs.push(x);
    counts.push(1);
    ys.forEach((column, k) => column.push(values[k] ?? null));
  };

  return {
    get stride() {
      return stride;
    },
    get length() {
      return xs.length;
    },
    get pushed() {
      return pushed;
    },
    xs,
    ys,
    counts,
    push(x, values) {
      const last = xs.length - 1;
      if (last >= 0 && !(x > (xs[last] ?? -Infinity))) return;
      pushed++;
      const lastCount = counts[last] ?? 0;
      if (last >= 1 && lastCount < stride) {
        ys.forEach(
          (column, k) => (column[last] = mergeValue(column[last] ?? null, lastCount, values[k] ?? null, 1)),
        );
        xs[last] = x;
        counts[last] = lastCount + 1;
        return;
      }
      if (xs.length === bucketCapacity + 1) compact();
      append(x, values);
    },
    clear() {
      xs.length = 0;
      counts.length = 0;
      for (const column of ys) column.length = 0;
      stride = 1;
      pushed = 0;
    },
  };
}
