/**
 * The shape of a bench run's results, shared by the bench page, the Node runner (bench/node) and the
 * driver (scripts/bench.mjs, which prints the tables and writes bench/results/<timestamp>.json).
 * Pure types, a table of the cases and how a ratio meets its goal; no tfjs, no DOM.
 */
import { round } from './timing';

/** Every case of `npm run bench`, by its letter in issue 9 (h: issue 7's several devices; i, j: issue 14's memory and sweeps). */
export const BENCH_CASES = {
  a: 'dataPath',
  b: 'trainVsFit',
  c: 'backends',
  d: 'loaderWorkers',
  e: 'telemetry',
  f: 'firstStep',
  g: 'gflops',
  h: 'multiDevice',
  i: 'peakMemory',
  j: 'sweepOverhead',
  k: 'fusedUpdate',
  l: 'pytorch',
} as const;
export type CaseLetter = keyof typeof BENCH_CASES;
type CaseId = (typeof BENCH_CASES)[CaseLetter];

/** A table cell: numbers stay numbers in the JSON; null = not applicable / not measured. */
export type Cell = string | number | null;

interface BenchColumn {
  key: string;
  /** Header, with the unit in it ("median ms", "samples/s"). */
  label: string;
}

/** A ratio of two figures measured side by side in the same run, with the goal if it has one. */
export interface BenchRatio {
  label: string;
  value: number;
  /** e.g. "≤ 0.5"; absent when the ratio only informs. */
  goal?: string;
  /** Whether `value` meets `goal`; absent without a goal. */
  met?: boolean;
}

const MEETS: Record<'≤' | '≥' | '>' | '=', (value: number, limit: number) => boolean> = {
  '≤': (value, limit) => value <= limit,
  '≥': (value, limit) => value >= limit,
  '>': (value, limit) => value > limit,
  '=': (value, limit) => value === limit,
};

/**
 * A ratio against the goal `op limit`, the limit written as the issue writes it ('1.0', '1e-6'):
 * the value rounded for the table, `met` judged on the exact value.
 */
export function goalRatio(
  label: string,
  value: number,
  op: keyof typeof MEETS,
  limit: `${number}`,
): BenchRatio {
  return { label, value: round(value), goal: `${op} ${limit}`, met: MEETS[op](value, Number(limit)) };
}

export interface CaseResult {
  letter: CaseLetter;
  id: CaseId;
  title: string;
  columns: BenchColumn[];
  rows: Record<string, Cell>[];
  ratios: BenchRatio[];
  /** What the case measured exactly, and anything that limits its reading. */
  notes: string[];
  /** Set when the case could not run to the end; rows hold what was measured before. */
  error?: string;
  /** Wall time of the whole case, warm-ups included. */
  durationMs: number;
}

/** What a case run by runCases returns: the runner adds its letter, id and durationMs. */
export type CaseBody = Omit<CaseResult, 'letter' | 'id' | 'durationMs'>;

export interface AdapterSummary {
  vendor: string;
  architecture: string;
  description: string;
  isFallbackAdapter: boolean;
}

export interface BenchEnvironment {
  runner: 'browser' | 'node';
  /** The tfjs backend the cases ran on (case c switches and restores it). */
  backend: string;
  adapter: AdapterSummary | null;
  userAgent: string;
  hardwareConcurrency: number;
  tfjsVersion: string;
  /** Backends that failed before the one in use, with the reason. */
  fallbackReasons: string[];
}

export interface BenchReport {
  quick: boolean;
  environment: BenchEnvironment;
  cases: CaseResult[];
  /** Uncaptured GPU errors and device losses during the run: any entry invalidates the figures. */
  gpuProblems: string[];
}

/** The page's handle for the driver: window.batchlabBench. */
export interface BenchHandle {
  ready: boolean;
  done: boolean;
  /** Progress lines, also printed to the console. */
  log: string[];
  report: BenchReport | null;
  /** Set when the page failed outside any case (e.g. no backend at all). */
  error: string | null;
}

/** Parses "a,b,g" (letters or ids); empty or absent = every case. Unknown names throw. */
export function parseCaseList(list: string | null | undefined): CaseLetter[] {
  const all = Object.keys(BENCH_CASES) as CaseLetter[];
  if (!list) return all;
  const byId = new Map(all.map((letter) => [BENCH_CASES[letter] as string, letter]));
  return list
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0)
    .map((name) => {
      const letter = (all as string[]).includes(name) ? (name as CaseLetter) : byId.get(name);
      if (!letter) throw new Error(`unknown bench case "${name}" (known: ${all.join(', ')})`);
      return letter;
    });
}
