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

/** The comparison's configurations under the names the user knows them by. */
export const namedSides = (configs: { a: TrainConfig; b: TrainConfig }) => [
  { name: 'Configuration A', config: configs.a },
  { name: 'Configuration B', config: configs.b },
];
