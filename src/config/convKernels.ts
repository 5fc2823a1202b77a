/**
 * The vocabulary of the conv kernel choice, shared by the engine (engine/convChoice.ts measures and
 * chooses), the step profile (which carries the report) and the UI (which words it): the three directions
 * of a convolution, the candidates for each (tfjs's kernels, or BatchLab's own with one of its tilings) and
 * the measured choice's report. Pure types and tables: no tfjs.
 */

export const CONV_DIRECTIONS = ['forward', 'inputGradient', 'filterGradient'] as const;
export type ConvDirection = (typeof CONV_DIRECTIONS)[number];

/** tfjs's own kernels, or BatchLab's own (src/gpu/convKernels.ts) with a tiling of gpu/convGeometry.ts. */
export const CONV_CANDIDATES = [
  'tfjs',
  'own-software',
  'own-gpu',
  'own-gpuNoReduce',
  'own-gpuShared',
] as const;
export type ConvCandidate = (typeof CONV_CANDIDATES)[number];

/** The kernel each direction runs. */
export type ConvKernels = Record<ConvDirection, ConvCandidate>;

export interface ConvCandidateTime {
  direction: ConvDirection;
  candidate: ConvCandidate;
  /** Median wall ms of its timed runs (all the model's convs of the direction, until the device has finished them). */
  ms: number;
  /** Its fastest and slowest timed run, ms (the spread a close call is judged by). */
  minMs: number;
  maxMs: number;
  /** Timed runs after the warm-up (1 when its first run was already far behind the fastest; more on a close call). */
  runs: number;
}

/** What the engine chose by measurement, with what it rests on; carried by the step profile. */
export interface ConvChoiceReport {
  kernels: ConvKernels;
  /**
   * The kernels that stand without a measurement (the engine's rule): kept in a direction unless the
   * leader's median beat the default's fastest run (engine/convTuning.ts).
   */
  defaultKernels: ConvKernels;
  /** Where the choice came from: measured now, or this measurement reused from the session or an earlier visit. */
  source: 'measured' | 'session' | 'stored';
  /** Every candidate that fits the device, per direction, with its time (from the measurement reused). */
  candidates: ConvCandidateTime[];
  /** Wall ms the choice cost this time: the measurement, or the cache look-up. */
  tuningMs: number;
  /** Wall ms the measurement took when it was made (equal to tuningMs when source is 'measured'). */
  measuredTuningMs: number;
  /** Batch of the probes the candidates were timed on (their sides and channels are the model's). */
  probeBatch: number;
  /** How many of the model's convs the probes run per direction (all, or the largest on a fallback adapter). */
  probeConvs: number;
  /** Wall ms of the model's first training step after the choice (upload to loss readback); null before it. */
  firstStepMs: number | null;
}

/**
 * How a direction's choice stands, from the runs it rests on: the only candidate there; clear (the chosen
 * one's slowest run beat every other's fastest); or a close call (runs overlapped: the measurement cannot
 * tell them apart), where the default stayed ('closeDefault') or, the default being no candidate or clearly
 * behind, the lowest median was taken ('closeLowest').
 */
export type ConvChoiceVerdict = 'only' | 'clear' | 'closeDefault' | 'closeLowest';

export function convChoiceVerdict(
  report: Pick<ConvChoiceReport, 'kernels' | 'defaultKernels' | 'candidates'>,
  direction: ConvDirection,
): ConvChoiceVerdict {
  const of = report.candidates.filter((c) => c.direction === direction);
  const chosen = of.find((c) => c.candidate === report.kernels[direction]);
  const others = of.filter((c) => c !== chosen);
  if (!chosen || others.length === 0) return 'only';
  if (others.every((c) => c.minMs > chosen.maxMs)) return 'clear';
  return chosen.candidate === report.defaultKernels[direction] ? 'closeDefault' : 'closeLowest';
}
