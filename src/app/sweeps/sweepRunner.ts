/**
 * Runs a sweep: each value of the app store's sweep, on the store's config, as one arm
 * (../runs/armRunner.ts) in its own new training worker, one after the other, until the timing rule says
 * its throughput is stable (warm-up and the loader's initial prefetch never timed). Before each point the
 * pre-flight checks it on this device: a refused point is marked with the reason and skipped, as is a
 * point whose worker fails or loses its device; the sweep goes on. Stop ends the running point's worker
 * and marks the rest stopped. Progress goes to state/sweepStore.ts, a few times a second.
 */
import { runPreflight } from '../../config/preflight';
import { DEFAULT_SWEEP, sweepPointConfig, sweepTimingRule, sweepValues } from '../../config/sweep';
import { estimateByGroup, measurePoint, pendingPoint } from '../../config/sweepPoint';
import { busyReason } from '../../state/activity';
import { DICTIONARIES } from '../../i18n/dictionaries';
import { useAppStore } from '../../state/store';
import { emptySweepRun, useSweepStore } from '../../state/sweepStore';
import { activityNow, skipPreflightNow } from '../activityNow';
import { ArmCancelled, runArm, type ArmRun } from '../runs/armRunner';

interface Current {
  cancelled: boolean;
  arm: ArmRun | null;
}
let current: Current | null = null;

const store = useSweepStore;

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

async function runPoints(run: Current): Promise<void> {
  const { spec, base, backend, points } = store.getState();
  if (!spec || !base || !backend) return;
  for (const [index, point] of points.entries()) {
    if (run.cancelled) throw new ArmCancelled();
    const config = sweepPointConfig(base, spec.setting, point.value);
    const preflight = runPreflight(config, backend);
    const estimate =
      preflight.verdict === 'waiting' || !preflight.estimate ? null : estimateByGroup(preflight.estimate);
    if (preflight.verdict === 'refused' && !skipPreflightNow()) {
      store.getState().patchPoint(index, { status: 'refused', reason: preflight.reason, estimate });
      continue;
    }
    store.getState().patch({ activeIndex: index, activeStep: 0 });
    store.getState().patchPoint(index, { status: 'running', estimate });
    const startedMs = performance.now();
    run.arm = runArm(`sweep-${index}`, config, sweepTimingRule(config, window.location.search), {
      onRows: (rows, verdict) => {
        store.getState().patch({ activeStep: rows.at(-1)?.step ?? 0 });
        store.getState().patchPoint(index, { measured: measurePoint(rows, verdict) });
      },
    });
    try {
      const result = await run.arm.done;
      store.getState().patchPoint(index, {
        status: 'done',
        measured: measurePoint(result.rows, result.verdict),
        wallMs: performance.now() - startedMs,
      });
    } catch (error) {
      if (error instanceof ArmCancelled) throw error;
      // A GPU error, a lost device or a crashed worker ends this point only.
      store.getState().patchPoint(index, { status: 'failed', reason: errorText(error) });
    } finally {
      run.arm = null;
    }
  }
}

function runSweep(): void {
  const app = useAppStore.getState();
  const refuse = (message: string) => {
    if (store.getState().phase !== 'running') store.getState().patch({ message });
  };
  const busy = busyReason(activityNow());
  const words = DICTIONARIES[app.lang].preflight.blocker;
  if (busy !== null && busy.code !== 'doesNotFit') return refuse(words[busy.code]);
  if (!app.backendInfo) return refuse(words.booting);
  const spec = app.sweep ?? DEFAULT_SWEEP;
  const values = sweepValues(spec, app.config, app.backendInfo);
  if (values.length === 0) return refuse('The sweep has no value to run.');
  const run: Current = { cancelled: false, arm: null };
  current = run;
  store.setState({
    ...emptySweepRun(),
    phase: 'running',
    spec,
    base: app.config,
    backend: app.backendInfo,
    points: values.map(pendingPoint),
    startedAt: new Date().toISOString(),
  });
  void (async () => {
    try {
      await runPoints(run);
      store.getState().patch({ phase: 'done', activeIndex: null, finishedAt: new Date().toISOString() });
    } catch (error) {
      const stopped = error instanceof ArmCancelled;
      const points = store
        .getState()
        .points.map((p) =>
          p.status === 'running' || p.status === 'pending'
            ? { ...p, status: 'stopped' as const, reason: 'Stopped.' }
            : p,
        );
      store.getState().patch({
        phase: stopped ? 'stopped' : 'failed',
        message: stopped ? 'Stopped.' : errorText(error),
        activeIndex: null,
        points,
        finishedAt: new Date().toISOString(),
      });
    } finally {
      if (current === run) current = null;
    }
  })();
}

function stopSweep(): void {
  if (!current) return;
  current.cancelled = true;
  current.arm?.cancel();
}

/** Connects the sweep store's actions to this runner; call once at boot. */
export function startSweepClient(): void {
  store.getState().attachController({ run: runSweep, stop: stopSweep });
}
