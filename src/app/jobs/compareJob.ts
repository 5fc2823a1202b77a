/**
 * The A/B comparison as a job: configuration A is the app's config, B is A with the app store's
 * `compareOverrides` applied. Each side is an arm (../runs/armRunner.ts): its own new training worker and
 * GPU device, so memory figures never mix, run until the timing rule says its throughput is stable. A runs
 * to the end first, then B, never both at once. Sequential runs from the same seed are fair: both sides see
 * the same synthetic data and the same initial weights, and each worker starts on a fresh device.
 * Progress and results go to the comparison store; Stop (the job's signal) ends the running side's worker.
 */
import { timingRuleFor } from '../../config/stableTiming';
import { comparisonConfigs, namedSides } from '../../state/compareRules';
import { useCompareStore, type CompareSide, type CompareSideId } from '../../state/compareStore';
import { useAppStore } from '../../state/store';
import { runArm } from '../runs/armRunner';
import type { JobDefinition } from './runJob';

function patchSide(side: CompareSideId, patch: Partial<CompareSide>): void {
  const now = useCompareStore.getState()[side];
  if (now) useCompareStore.setState({ [side]: { ...now, ...patch } });
}

const newSide = (config: CompareSide['config']): CompareSide => ({
  config,
  backend: null,
  rows: [],
  verdict: null,
  finished: false,
});

const configsNow = () => {
  const app = useAppStore.getState();
  return comparisonConfigs(app.config, app.compareOverrides);
};

export const compareJob: JobDefinition<'compare'> = {
  configs: () => namedSides(configsNow()),
  body: async (_input, signal) => {
    const app = useAppStore.getState();
    const configs = configsNow();
    useCompareStore.setState({
      activeSide: 'a',
      a: newSide(configs.a),
      b: newSide(configs.b),
      overridesB: structuredClone(app.compareOverrides ?? {}),
      link: app.shareLink(false, false),
      liveWorkers: 0,
    });
    try {
      for (const side of ['a', 'b'] as const) {
        useCompareStore.setState({ activeSide: side, liveWorkers: 1 });
        const config = configs[side];
        const result = await runArm(`compare-${side}`, config, timingRuleFor(config), signal, {
          onBackend: (backend) => patchSide(side, { backend }),
          onRows: (rows, verdict) => patchSide(side, { rows: [...rows], verdict }),
        });
        patchSide(side, { rows: result.rows, verdict: result.verdict, finished: true });
        useCompareStore.setState({ liveWorkers: 0 });
      }
    } finally {
      useCompareStore.setState({ activeSide: null, liveWorkers: 0 });
    }
  },
};
