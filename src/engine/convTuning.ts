/**
 * The conv kernels chosen by measurement: for each direction, every candidate the device can run
 * (./convChoice.ts's convCandidates) is timed on probe convs, one warm-up run (it compiles the pipelines:
 * on a software adapter that is nearly all of the measurement's cost) then timed runs, each until the
 * device has finished it, and the fastest median is kept. A candidate whose first timed run is already
 * CUT_FACTOR× behind the fastest's is not run again (a kernel that does not suit the device, such as
 * tfjs's on a software adapter, 2–57× behind there, can cost seconds a run), unless it is the default
 * (below), which always gets its full runs. The others run `reps` times,
 * then more, up to `maxReps`, while the call is close: while the leader's slowest run is slower than another
 * candidate's fastest (their spreads overlap). Each candidate's fastest and slowest runs are kept with its
 * median. The fastest median wins, unless the default (the rule's kernel, what runs without a measurement)
 * had a run as fast as the leader's median: then the default stays, since the runs do not show the leader
 * faster (a switch on such noise once took the GPU tiling's filter gradient on a software adapter, whose
 * larger buffer of partial sums the memory estimate does not model: docs/PERFORMANCE.md).
 * The result is cached per adapter identity, probe shapes, candidates and KERNEL_VERSION in the stores the caller
 * passes, first to last (the worker's session in memory, then IndexedDB across visits: app/); a hit in a
 * later store is written back to the earlier ones. A new kernel version or another adapter tunes again.
 * The timing itself is injected (./convProbe.ts runs the real kernels), so the chooser is tested in Node
 * with made-up times. Knows nothing of tfjs.
 */
import {
  CONV_DIRECTIONS,
  type ConvCandidate,
  type ConvCandidateTime,
  type ConvChoiceReport,
  type ConvDirection,
  type ConvKernels,
} from '../config/convKernels';
import type { ConvShape } from '../gpu/convGeometry';
import { perDirection } from './convChoice';

/**
 * Bump with any change to an own kernel, a tiling, the candidates or the rule that chooses among them (the
 * default, `choose`): every stored choice is then re-measured.
 */
export const KERNEL_VERSION = 3;

/** A candidate this many times slower than the fastest after one timed run is not run again. */
const CUT_FACTOR = 2;

/** What a store keeps of a measurement. */
export type StoredConvChoice = Pick<
  ConvChoiceReport,
  'kernels' | 'defaultKernels' | 'candidates' | 'measuredTuningMs' | 'probeBatch' | 'probeConvs'
>;

/** Where measured choices are kept: in memory (below) or IndexedDB (app/convChoiceStore.ts). */
export interface ConvChoiceStore {
  get(key: string): Promise<StoredConvChoice | undefined>;
  set(key: string, value: StoredConvChoice): Promise<void>;
}

export function createMemoryConvStore(): ConvChoiceStore {
  const map = new Map<string, StoredConvChoice>();
  return {
    get: (key) => Promise.resolve(map.get(key)),
    set: (key, value) => {
      map.set(key, value);
      return Promise.resolve();
    },
  };
}

/** This realm's session (the training worker's, or a Node process's). */
export const sessionConvStore = createMemoryConvStore();

/** The cache key: what was measured (probe shapes, candidates), on what (adapter identity), by which kernels (version). */
export function convChoiceKey(
  adapterKey: string,
  shapes: readonly ConvShape[],
  candidates: Record<ConvDirection, readonly ConvCandidate[]>,
  version: number,
): string {
  return JSON.stringify({ version, adapterKey, shapes, candidates });
}

/** One timed run of a candidate over every conv of a direction, until the device has finished it: wall ms. */
export type RunCandidate = (direction: ConvDirection, candidate: ConvCandidate) => Promise<number>;

export interface TuneRequest {
  /** The adapter's identity (backend.ts's WebGpuCapabilities.adapterKey). */
  adapterKey: string;
  /** The conv shapes `run` times (the probes'), for the cache key. */
  shapes: readonly ConvShape[];
  candidates: Record<ConvDirection, readonly ConvCandidate[]>;
  /** The kernels that run without a measurement (convChoice.ts's rule): kept on a close call. */
  defaults: ConvKernels;
  run: RunCandidate;
  stores: readonly ConvChoiceStore[];
  /** Timed runs per candidate after the warm-up (fewer for one far behind). */
  reps: number;
  /** At most this many timed runs per candidate while the call stays close (default: reps). */
  maxReps?: number;
  /** Batch of the probes `run` times, and how many of the model's convs they are (for the report). */
  probeBatch: number;
  probeConvs: number;
  /** KERNEL_VERSION unless a test says otherwise. */
  version?: number;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** Whether the leader's spread is clear of every other candidate's: its slowest run beats their fastest. */
function settled(times: ReadonlyMap<ConvCandidate, number[]>, kept: readonly ConvCandidate[]): boolean {
  if (kept.length < 2) return true;
  const ranked = [...kept].sort((a, b) => median(times.get(a)!) - median(times.get(b)!));
  const slowestOfLeader = Math.max(...times.get(ranked[0]!)!);
  return ranked.slice(1).every((c) => Math.min(...times.get(c)!) > slowestOfLeader);
}

async function timeDirection(
  direction: ConvDirection,
  candidates: readonly ConvCandidate[],
  run: RunCandidate,
  reps: number,
  maxReps: number,
  standing: ConvCandidate,
): Promise<ConvCandidateTime[]> {
  for (const c of candidates) await run(direction, c); // warm-up: compiles the pipelines
  const times = new Map<ConvCandidate, number[]>();
  for (const c of candidates) times.set(c, [await run(direction, c)]);
  const best = Math.min(...[...times.values()].map((t) => t[0]!));
  const kept = candidates.filter((c) => c === standing || times.get(c)![0]! <= CUT_FACTOR * best);
  for (let rep = 1; rep < maxReps; rep++) {
    if (rep >= reps && settled(times, kept)) break;
    for (let j = 0; j < kept.length; j++) {
      const c = kept[(rep + j) % kept.length]!; // the order rotates, so drift hits every candidate alike
      times.get(c)!.push(await run(direction, c));
    }
  }
  return candidates.map((candidate) => {
    const t = times.get(candidate)!;
    return {
      direction,
      candidate,
      ms: median(t),
      minMs: Math.min(...t),
      maxMs: Math.max(...t),
      runs: t.length,
    };
  });
}

/**
 * Per direction, the fastest median (the first listed on a tie), unless the default had a run as fast as
 * the leader's median (its fastest run ≤ the leader's median): then the default. Judged against the
 * median, not the leader's slowest run, so that one slow run of the leader, which more runs make likelier,
 * does not keep a default that is slower in its typical run.
 */
function choose(candidates: readonly ConvCandidateTime[], defaults: ConvKernels): ConvKernels {
  const pick = (d: ConvDirection): ConvCandidate => {
    const of = candidates.filter((c) => c.direction === d);
    const best = of.reduce<ConvCandidateTime | null>((b, c) => (b === null || c.ms < b.ms ? c : b), null);
    if (!best) throw new Error(`no conv candidate was timed for ${d}`);
    const standing = of.find((c) => c.candidate === defaults[d]);
    return standing && standing.minMs <= best.ms ? standing.candidate : best.candidate;
  };
  return perDirection(pick);
}

/** The measured choice, from a store when one has it for this adapter, shapes and kernel version. */
export async function tuneConvKernels(req: TuneRequest): Promise<Omit<ConvChoiceReport, 'firstStepMs'>> {
  const t0 = performance.now();
  const key = convChoiceKey(req.adapterKey, req.shapes, req.candidates, req.version ?? KERNEL_VERSION);
  for (let i = 0; i < req.stores.length; i++) {
    const hit = await req.stores[i]!.get(key);
    if (!hit) continue;
    for (const earlier of req.stores.slice(0, i)) await earlier.set(key, hit);
    return { ...hit, source: i === 0 ? 'session' : 'stored', tuningMs: performance.now() - t0 };
  }
  const candidates: ConvCandidateTime[] = [];
  for (const d of CONV_DIRECTIONS) {
    const maxReps = Math.max(req.reps, req.maxReps ?? req.reps);
    candidates.push(
      ...(await timeDirection(d, req.candidates[d], req.run, req.reps, maxReps, req.defaults[d])),
    );
  }
  const measuredTuningMs = performance.now() - t0;
  const stored: StoredConvChoice = {
    kernels: choose(candidates, req.defaults),
    defaultKernels: req.defaults,
    candidates,
    measuredTuningMs,
    probeBatch: req.probeBatch,
    probeConvs: req.probeConvs,
  };
  for (const store of req.stores) await store.set(key, stored);
  return { ...stored, source: 'measured', tuningMs: measuredTuningMs };
}
