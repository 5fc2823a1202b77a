/**
 * The A/B comparison's configs, pure: B is A with its overrides (cross-field rules repaired). How long each
 * side runs is the timing rule's business (config/stableTiming.ts), and whether it may start is
 * state/activity.ts's. No React, no workers.
 */
import type { TrainConfig } from '../config/trainConfig';
import { applyOverrides } from '../config/urlCodec';

export function comparisonConfigs(
  a: TrainConfig,
  overrides: Partial<TrainConfig> | null,
): { a: TrainConfig; b: TrainConfig } {
  return { a, b: applyOverrides(a, overrides ?? {}) };
}

/** The comparison's configurations under the ids the UI names them by ('a' → "Configuration A"). */
export const namedSides = (configs: { a: TrainConfig; b: TrainConfig }) => [
  { id: 'a', config: configs.a },
  { id: 'b', config: configs.b },
];
