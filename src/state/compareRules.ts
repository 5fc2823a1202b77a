/**
 * The rules of an A/B comparison, pure: the two configs it runs (B = A with its overrides) and why it may
 * not start now. Read by the comparison panel (to explain a disabled button) and by the runner in src/app
 * (to refuse). No React, no workers.
 */
import type { BackendInfo, RunStatus } from '../config/backendInfo';
import { runPreflight } from '../config/preflight';
import { LIMITS, type TrainConfig } from '../config/trainConfig';
import { applyOverrides } from '../config/urlCodec';
import type { ComparePhase } from './compareStore';

/** The two configs a comparison runs: A and B with `steps` steps each and validation left to the end. */
export function comparisonConfigs(
  a: TrainConfig,
  overrides: Partial<TrainConfig> | null,
  steps: number,
): { a: TrainConfig; b: TrainConfig } {
  // A validation pass costs as much as a step or more on a software adapter; the comparison only needs the
  // step telemetry, so validation runs only where the worker always runs it (before step 1).
  const runShape = { maxSteps: steps, validateEverySteps: LIMITS.validateEverySteps.max };
  const b = applyOverrides(a, overrides ?? {});
  return { a: { ...a, ...runShape }, b: { ...b, ...runShape } };
}

export interface BlockerInput {
  configs: { a: TrainConfig; b: TrainConfig };
  comparePhase: ComparePhase;
  mainStatus: RunStatus;
  backendInfo: BackendInfo | null;
  /** The page was opened with `?skipPreflight=1`. */
  skipPreflight: boolean;
}

/**
 * Why a comparison cannot start now, in plain words; null when it can. Refuses while the main run trains
 * (it would share the cores and distort both) and when either config fails the pre-flight memory check on
 * the main worker's backend (unless the page was opened with `?skipPreflight=1`).
 */
export function comparisonBlocker(input: BlockerInput): string | null {
  if (input.comparePhase === 'running') return 'A comparison is already running.';
  if (input.mainStatus === 'running')
    return 'Stop the main run first: two runs at once would distort step times.';
  if (input.mainStatus === 'booting' || input.backendInfo === null)
    return 'The training backend is still starting.';
  if (input.skipPreflight) return null;
  for (const side of ['a', 'b'] as const) {
    const result = runPreflight(input.configs[side], input.backendInfo);
    if (result.verdict === 'refused') {
      return `Configuration ${side.toUpperCase()} does not fit this device: ${result.reason}`;
    }
  }
  return null;
}
