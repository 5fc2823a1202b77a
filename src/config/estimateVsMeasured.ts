/**
 * The pre-flight estimate checked against what a step measured, group by group: the estimate's six groups
 * (memoryEstimate.ts) beside the step profile's categories at the measured peak (stepProfile.ts), and the
 * estimate's total beside the measured peak and the allocator's pool. One pure helper for the profile
 * panel, the bench (case i) and any sweep that records these figures per point. No tfjs, no DOM.
 */
import type { MemoryEstimate, MemoryGroup } from './memoryEstimate';
import type { CategoryBytes, MemoryCategory } from './stepProfile';

/** Which measured category each estimate group is checked against: one home for the pairing. */
export const GROUP_CATEGORY: Readonly<Record<MemoryGroup, MemoryCategory>> = {
  parameter: 'parameters',
  optimizer: 'optimizerState',
  batch: 'inputs',
  activation: 'activations',
  gradient: 'gradients',
  transient: 'temporaries',
};

interface GroupComparison {
  group: MemoryGroup;
  category: MemoryCategory;
  estimateBytes: number;
  /** The category's bytes at the measured peak; null when nothing was measured. */
  measuredBytes: number | null;
  /** estimate ÷ measured; null without a measurement or when the measurement is 0. */
  ratio: number | null;
}

export interface EstimateComparison {
  groups: GroupComparison[];
  estimateBytes: number;
  /** The measured peak (allocator high-water mark or recorded tensor peak); null when there is none. */
  peakBytes: number | null;
  /** The allocator's bytes including its reuse pool; null when the backend has none. */
  poolBytes: number | null;
  /** estimate ÷ peak and estimate ÷ pool; null where the measurement is missing. */
  estimateOverPeak: number | null;
  estimateOverPool: number | null;
}

const ratioOf = (a: number, b: number | null): number | null => (b === null || b <= 0 ? null : a / b);

export function compareEstimate(
  estimate: MemoryEstimate,
  measured: { atPeak: CategoryBytes | null; peakBytes: number | null; poolBytes: number | null },
): EstimateComparison {
  // In the order of the categories (GROUP_CATEGORY's keys).
  const groups = (Object.keys(GROUP_CATEGORY) as MemoryGroup[]).map((group): GroupComparison => {
    const category = GROUP_CATEGORY[group];
    const estimateBytes = estimate[`${group}Bytes`];
    const measuredBytes = measured.atPeak ? measured.atPeak[category] : null;
    return { group, category, estimateBytes, measuredBytes, ratio: ratioOf(estimateBytes, measuredBytes) };
  });
  return {
    groups,
    estimateBytes: estimate.totalBytes,
    peakBytes: measured.peakBytes,
    poolBytes: measured.poolBytes,
    estimateOverPeak: ratioOf(estimate.totalBytes, measured.peakBytes),
    estimateOverPool: ratioOf(estimate.totalBytes, measured.poolBytes),
  };
}

/** The goal for the estimate: within ±15 % of the measured peak (so never below it by more). */
export const ESTIMATE_TOLERANCE = 0.15;

export const estimateWithinTolerance = (ratio: number): boolean =>
  ratio >= 1 - ESTIMATE_TOLERANCE && ratio <= 1 + ESTIMATE_TOLERANCE;
