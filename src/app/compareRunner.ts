/**
 * Runs an A/B comparison: configuration A is the app's config, B is A with the app store's
 * `compareOverrides` applied. Each side is an arm (./runs/armRunner.ts): its own new training worker and
 * GPU device, so memory figures never mix, run until the timing rule says its throughput is stable. A runs
 * to the end first, then B, never both at once. Sequential runs from the same seed are fair: both sides see
 * the same synthetic data and the same initial weights, and each worker starts on a fresh device.
 * Progress and results go to the comparison store; every worker is terminated when its side ends, and on Stop.
 */
import { timingRuleFor } from '../config/stableTiming';
import { measuredRunBlocker } from '../state/activity';
import { comparisonConfigs, namedSides } from '../state/compareRules';
import { useCompareStore, type CompareSide, type CompareSideId } from '../state/compareStore';
import { useAppStore } from '../state/store';
import { activityNow, skipPreflightNow } from './activityNow';
import { ArmCancelled, runArm, type ArmRun } from './runs/armRunner';

let current: { arm: ArmRun | null; cancelled: boolean } | null = null;

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

/** Connects the comparison store's Start and Stop to this runner; call once at boot. */
export function startCompareClient(): void {
  useCompareStore.getState().attachController({ start: startComparison, stop: stopComparison });
}

function startComparison(): void {
  const app = useAppStore.getState();
  const configs = comparisonConfigs(app.config, app.compareOverrides);
  const blocker = measuredRunBlocker({
    configs: namedSides(configs),
    activity: activityNow(),
    backendInfo: app.backendInfo,
    skipPreflight: skipPreflightNow(),
  });
  // The panel shows the same rule's reason, in the page's language, and keeps Run disabled meanwhile.
  if (blocker !== null) return;
  const run = { arm: null as ArmRun | null, cancelled: false };
  current = run;
  useCompareStore.setState({
    phase: 'running',
    activeSide: 'a',
    message: null,
    a: newSide(configs.a),
    b: newSide(configs.b),
    overridesB: structuredClone(app.compareOverrides ?? {}),
    link: app.shareLink(false, false),
    finishedAt: null,
    liveWorkers: 0,
  });
  void (async () => {
    try {
      for (const side of ['a', 'b'] as const) {
        if (run.cancelled) throw new ArmCancelled();
        useCompareStore.setState({ activeSide: side, liveWorkers: 1 });
        const config = configs[side];
        run.arm = runArm(`compare-${side}`, config, timingRuleFor(config), {
          onBackend: (backend) => patchSide(side, { backend }),
          onRows: (rows, verdict) => patchSide(side, { rows: [...rows], verdict }),
        });
        const result = await run.arm.done;
        patchSide(side, { rows: result.rows, verdict: result.verdict, finished: true });
        useCompareStore.setState({ liveWorkers: 0 });
      }
      useCompareStore.setState({ phase: 'done', activeSide: null, finishedAt: new Date().toISOString() });
    } catch (error) {
      const stopped = error instanceof ArmCancelled;
      useCompareStore.setState({
        phase: stopped ? 'stopped' : 'failed',
        activeSide: null,
        message: stopped ? 'Comparison stopped.' : error instanceof Error ? error.message : String(error),
      });
    } finally {
      if (current === run) current = null;
      useCompareStore.setState({ liveWorkers: 0 });
    }
  })();
}

/** Stops the running comparison (if any) and terminates its worker at once. */
function stopComparison(): void {
  if (!current) return;
  current.cancelled = true;
  current.arm?.cancel();
}
