/**
 * The A/B comparison as a job: configuration A is the app's config, B is A with the app store's
 * `compareOverrides` applied. A and B are measured in paired rounds (../runs/pairedArms.ts): one training
 * worker and GPU device per side, both kept alive for the whole measurement, training one at a time in
 * timed blocks A, B, A, B… until the interval of B ÷ A is narrow enough or capped (config/pairedTiming.ts).
 * Both sides start from the same seed and see the same synthetic data. Each side's rows, the steps its
 * blocks timed and the paired verdict go to the comparison store; Stop (the job's signal) ends both workers.
 */
import { forcedCompareRatio, forcedTimeFactor } from '../../config/forcedRatio';
import { DEFAULT_PAIRED_RULE, pairedVerdict } from '../../config/pairedTiming';
import type { TelemetryRow } from '../../config/telemetry';
import { comparisonConfigs, namedSides } from '../../state/compareRules';
import { useCompareStore, type CompareSide, type CompareSideId } from '../../state/compareStore';
import { useAppStore } from '../../state/store';
import { runPairedArms, type PairedArmsResult } from '../runs/pairedArms';
import type { JobDefinition } from './runJob';

const SIDES = ['a', 'b'] as const satisfies readonly CompareSideId[];

function patchSide(side: CompareSideId, patch: Partial<CompareSide>): void {
  const now = useCompareStore.getState()[side];
  if (now) useCompareStore.setState({ [side]: { ...now, ...patch } });
}

const newSide = (config: CompareSide['config']): CompareSide => ({
  config,
  backend: null,
  rows: [],
  verdict: null,
  timedSteps: null,
  finished: false,
});

const configsNow = () => {
  const app = useAppStore.getState();
  return comparisonConfigs(app.config, app.compareOverrides);
};

/**
 * Test build only (config/forcedRatio.ts): B's timed blocks, and its rows in them, scaled so that every
 * round's B ÷ A is `ratio`; the verdict is read again from the scaled blocks, settled or capped as measured.
 */
export function forceRatio(result: PairedArmsResult, ratio: number): PairedArmsResult {
  const [a, b] = result.arms;
  if (!a || !b) return result;
  const factors = b.blocks.map((block, r) => forcedTimeFactor(a.blocks[r]!, block, ratio));
  const factorOfStep = new Map<number, number>();
  let at = 0;
  for (const [r, block] of b.blocks.entries()) {
    for (const step of b.timedSteps.slice(at, at + block.steps)) factorOfStep.set(step, factors[r]!);
    at += block.steps;
  }
  const rows: TelemetryRow[] = b.rows.map((row) => {
    const factor = factorOfStep.get(row.step);
    return factor === undefined ? row : { ...row, stepMs: row.stepMs * factor };
  });
  const blocks = b.blocks.map((block, r) => ({ ...block, timedMs: block.timedMs * factors[r]! }));
  const rounds = a.blocks.map((block, r) => [block, blocks[r]!]);
  const verdict = { ...pairedVerdict(rounds, 0, DEFAULT_PAIRED_RULE), state: result.verdict.state };
  return { arms: [a, { ...b, rows, blocks }], roundRatios: verdict.roundRatios, verdict };
}

export const compareJob: JobDefinition<'compare'> = {
  configs: () => namedSides(configsNow()),
  body: async (_input, signal) => {
    const app = useAppStore.getState();
    const configs = configsNow();
    useCompareStore.setState({
      activeSide: 'a',
      a: newSide(configs.a),
      b: newSide(configs.b),
      paired: null,
      overridesB: structuredClone(app.compareOverrides ?? {}),
      link: app.shareLink(false, false),
      liveWorkers: SIDES.length,
    });
    try {
      const arms = SIDES.map((side) => ({ id: `compare-${side}`, config: configs[side] }));
      const measured = await runPairedArms(arms, signal, DEFAULT_PAIRED_RULE, {
        onBackend: (i, backend) => patchSide(SIDES[i]!, { backend }),
        onRows: (i, rows) => {
          patchSide(SIDES[i]!, { rows: [...rows] });
          if (useCompareStore.getState().activeSide !== SIDES[i])
            useCompareStore.setState({ activeSide: SIDES[i]! });
        },
        onRound: (verdict) => useCompareStore.setState({ paired: verdict }),
      });
      const forced = typeof location === 'undefined' ? null : forcedCompareRatio(location.search);
      const result = forced === null ? measured : forceRatio(measured, forced);
      for (const [i, side] of SIDES.entries()) {
        const arm = result.arms[i]!;
        patchSide(side, { rows: arm.rows, timedSteps: arm.timedSteps, backend: arm.backend, finished: true });
      }
      useCompareStore.setState({ paired: result.verdict });
    } finally {
      useCompareStore.setState({ activeSide: null, liveWorkers: 0 });
    }
  },
};
