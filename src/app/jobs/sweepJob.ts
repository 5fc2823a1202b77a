/**
 * The sweep as a job: each value of the app store's sweep, on the store's config, as one arm
 * (../runs/armRunner.ts) in its own new training worker, one after the other, until the timing rule says
 * its throughput is stable (warm-up and the loader's initial prefetch never timed). Before each point the
 * pre-flight checks it on this device: a refused point is marked with the reason and skipped, as is a
 * point whose worker fails or loses its device; the sweep goes on. Stop (the job's signal) ends the running
 * point's worker and marks the rest stopped. Progress goes to state/sweepStore.ts, a few times a second.
 */
import { isAbortError, throwIfAborted } from '../../config/jobs';
import { runPreflight } from '../../config/preflight';
import { DEFAULT_SWEEP, sweepPointConfig, sweepTimingRule, sweepValues } from '../../config/sweep';
import { estimateByGroup, measurePoint, pendingPoint } from '../../config/sweepPoint';
import { useAppStore } from '../../state/store';
import { emptySweepRun, useSweepStore } from '../../state/sweepStore';
import { runArm } from '../runs/armRunner';
import type { JobDefinition } from './runJob';

const store = useSweepStore;

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

async function runPoints(signal: AbortSignal, skipPreflight: boolean): Promise<void> {
  const { spec, base, backend, points } = store.getState();
  if (!spec || !base || !backend) return;
  for (const [index, point] of points.entries()) {
    throwIfAborted(signal);
    const config = sweepPointConfig(base, spec.setting, point.value);
    const preflight = runPreflight(config, backend);
    const estimate =
      preflight.verdict === 'waiting' || !preflight.estimate ? null : estimateByGroup(preflight.estimate);
    if (preflight.verdict === 'refused' && !skipPreflight) {
      store.getState().patchPoint(index, { status: 'refused', reason: preflight.reason, estimate });
      continue;
    }
    store.setState({ activeIndex: index, activeStep: 0 });
    store.getState().patchPoint(index, { status: 'running', estimate });
    const startedMs = performance.now();
    try {
      const rule = sweepTimingRule(config, window.location.search);
      const result = await runArm(`sweep-${index}`, config, rule, signal, {
        onRows: (rows, verdict) => {
          store.setState({ activeStep: rows.at(-1)?.step ?? 0 });
          store.getState().patchPoint(index, { measured: measurePoint(rows, verdict, rule.blockSteps) });
        },
      });
      store.getState().patchPoint(index, {
        status: 'done',
        measured: measurePoint(result.rows, result.verdict, rule.blockSteps),
        wallMs: performance.now() - startedMs,
      });
    } catch (error) {
      if (signal.aborted || isAbortError(error)) throw error;
      // A GPU error, a lost device or a crashed worker ends this point only.
      store.getState().patchPoint(index, { status: 'failed', reason: errorText(error) });
    }
  }
}

export const sweepJob: JobDefinition<'sweep'> = {
  body: async (_input, signal) => {
    const app = useAppStore.getState();
    // The start rule has checked the backend; a sweep without one has nothing to size its values by.
    if (!app.backendInfo) return;
    const spec = app.sweep ?? DEFAULT_SWEEP;
    const values = sweepValues(spec, app.config, app.backendInfo);
    store.setState({
      ...emptySweepRun(),
      spec,
      base: app.config,
      backend: app.backendInfo,
      points: values.map(pendingPoint),
      noValues: values.length === 0,
    });
    try {
      await runPoints(signal, app.skipPreflight);
    } finally {
      // A point still pending or running when the sweep ends was stopped (its status says so; the UI words it).
      const points = store
        .getState()
        .points.map((p) =>
          p.status === 'running' || p.status === 'pending'
            ? { ...p, status: 'stopped' as const, reason: null }
            : p,
        );
      store.setState({ activeIndex: null, points });
    }
  },
};
