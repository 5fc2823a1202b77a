/**
 * Chart columns of a step profile, prepared before drawing (uPlot draws, it does not compute): the memory
 * of each category stacked over the step's kernels, and the top kernels by time for the bar chart. Pure;
 * unit-tested.
 */
import {
  MEMORY_CATEGORIES,
  type KernelRow,
  type MemoryTimeline,
  type PhaseSpan,
  type StepPhase,
} from '../config/stepProfile';
import { stackColumns, type Column } from './chartColumns';

export interface MemoryStack {
  /** x per point: 0 before the first kernel, k for kernel k (1-based), n + 1 after the last one. */
  xs: number[];
  /** Running sums, bottom category first, as drawn. */
  stacked: Column[];
  /** Highest stacked total: the profile's peak. */
  peakBytes: number;
}

export function memoryStack(timeline: MemoryTimeline): MemoryStack {
  const xs = timeline.kernelIndex.map((k) => k + 1);
  const parts = MEMORY_CATEGORIES.map((c) => timeline.bytes[c]);
  const stacked = stackColumns(parts);
  const top = stacked.at(-1) ?? [];
  const peakBytes = top.reduce<number>((m, v) => Math.max(m, v ?? 0), 0);
  return { xs, stacked, peakBytes };
}

export interface KernelBars {
  /** 1..n. */
  xs: number[];
  ms: number[];
  labels: string[];
}

/** The `n` slowest kernel rows (rows come slowest first); empty without kernel times. */
export function topKernelBars(rows: readonly KernelRow[], n: number): KernelBars {
  const timed = rows.filter((r) => r.ms !== null).slice(0, n);
  return {
    xs: timed.map((_, i) => i + 1),
    ms: timed.map((r) => r.ms ?? 0),
    labels: timed.map((r) => (r.family.includes('gradient') ? `${r.name} (grad)` : r.name)),
  };
}

export interface PhaseShare {
  phase: StepPhase;
  ms: number;
  /** Of the profiled step's wall-clock ms; null when the step has no duration. */
  share: number | null;
}

/**
 * The profiled step's phases in the order they ran, each with its wall-clock ms and its share of the step
 * (`stepMs`: profiledStepMs, the serialised step). Shares add up to at most 1: a phase longer than the
 * step is capped at the step's remainder, so a rounding overrun never shows more than the whole.
 */
export function phaseShares(phases: readonly PhaseSpan[], stepMs: number): PhaseShare[] {
  let left = stepMs > 0 && Number.isFinite(stepMs) ? stepMs : 0;
  return phases.map(({ phase, durationMs }) => {
    const ms = Math.max(0, durationMs);
    if (!(stepMs > 0) || !Number.isFinite(stepMs)) return { phase, ms, share: null };
    const counted = Math.min(ms, left);
    left -= counted;
    return { phase, ms, share: counted / stepMs };
  });
}
