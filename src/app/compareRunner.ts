/**
 * Runs an A/B comparison: configuration A is the app's config, B is A with the app store's
 * `compareOverrides` applied. Each side trains in its OWN new training worker (trainingWorker.ts, its
 * protocol unchanged), so each has its own tfjs engine and GPU device and the memory figures never mix.
 * Progress and results go to the comparison store (src/state/compareStore.ts).
 *
 * Order: A runs to completion, then B, never both at once. On a software adapter every GPU step is CPU
 * work, and two runs sharing a few cores would each slow the other by an amount that depends on scheduling,
 * so concurrent step times would not compare. Alternating single steps is not possible either: the worker
 * builds a fresh trainer whenever any config field (maxSteps included) changes, so a "run to step i" message
 * per step would restart training. Sequential runs from the same seed are fair: both sides see the same
 * synthetic data and the same initial weights, and each worker starts on a fresh device.
 *
 * Each worker is terminated as soon as its side ends, and both on Stop, so no GPU device lingers.
 */
import type { TrainConfig } from '../config/trainConfig';
import type { TelemetryRow } from '../config/telemetry';
import { skipPreflightRequested } from '../config/preflight';
import { useAppStore } from '../state/store';
import { comparisonBlocker, comparisonConfigs } from '../state/compareRules';
import { useCompareStore, type CompareSide, type CompareSideId } from '../state/compareStore';
import { spawnTrainingWorker } from './spawnTrainingWorker';
import type { FromWorker, ToWorker } from './trainingProtocol';

class Cancelled extends Error {
  constructor() {
    super('stopped');
  }
}

interface ActiveRun {
  cancelled: boolean;
  /** Ends the running side at once (terminating its worker). */
  cancelSide: (() => void) | null;
}

let active: ActiveRun | null = null;
const liveWorkers = new Set<Worker>();

const setLive = () => useCompareStore.setState({ liveWorkers: liveWorkers.size });

function patchSide(side: CompareSideId, patch: Partial<CompareSide>): void {
  const current = useCompareStore.getState()[side];
  if (current) useCompareStore.setState({ [side]: { ...current, ...patch } });
}

/** Trains one side in a new worker until it reports 'stopped'; resolves with its telemetry rows. */
function runSide(run: ActiveRun, side: CompareSideId, config: TrainConfig): Promise<TelemetryRow[]> {
  return new Promise((resolve, reject) => {
    const name = side.toUpperCase();
    const rows: TelemetryRow[] = [];
    let started = false;
    let ended = false;
    const onMessage = (m: FromWorker) => {
      switch (m.type) {
        case 'ready':
          patchSide(side, { backend: m.info });
          return;
        case 'status':
          if (m.status === 'idle' && !started) {
            started = true;
            worker.postMessage({ type: 'start', config } satisfies ToWorker);
          } else if (m.status === 'stopped') {
            if (rows.length >= config.maxSteps) end(null);
            else end(new Error(`${name} stopped after ${rows.length} of ${config.maxSteps} steps`));
          } else if (m.status === 'failed' || m.status === 'device-lost') {
            end(
              new Error(
                `${name} ${m.status === 'failed' ? 'failed' : 'lost its GPU device'}: ${m.message ?? ''}`,
              ),
            );
          }
          return;
        case 'telemetry': {
          rows.push(...m.rows);
          patchSide(side, { stepsDone: rows[rows.length - 1]?.step ?? 0 });
          return;
        }
        default:
          return;
      }
    };
    const worker = spawnTrainingWorker(`compare-${side}`, config.backend, {
      onMessage: (m) => {
        if (!ended) onMessage(m);
      },
      onCrash: (text) => end(new Error(`${name}'s training worker crashed: ${text}`)),
    });
    liveWorkers.add(worker);
    setLive();
    const end = (error: Error | null) => {
      if (ended) return;
      ended = true;
      worker.terminate();
      liveWorkers.delete(worker);
      setLive();
      run.cancelSide = null;
      if (error) reject(error);
      else resolve(rows);
    };
    run.cancelSide = () => end(new Cancelled());
  });
}

const newSide = (config: TrainConfig): CompareSide => ({
  config,
  backend: null,
  stepsDone: 0,
  rows: [],
  finished: false,
});

/** The blocker for the stores' current state. */
export function currentComparisonBlocker(configs: { a: TrainConfig; b: TrainConfig }): string | null {
  const app = useAppStore.getState();
  return comparisonBlocker({
    configs,
    comparePhase: useCompareStore.getState().phase,
    mainStatus: app.status,
    backendInfo: app.backendInfo,
    skipPreflight: skipPreflightRequested(window.location.search),
  });
}

/** Connects the comparison store's Start and Stop to this runner; call once at boot. */
export function startCompareClient(): void {
  useCompareStore.getState().attachController({ start: startComparison, stop: stopComparison });
}

/** Starts a comparison of the current config (A) with its overrides (B); no-op with a message if blocked. */
function startComparison(): void {
  const app = useAppStore.getState();
  const steps = useCompareStore.getState().stepsPerSide;
  const configs = comparisonConfigs(app.config, app.compareOverrides, steps);
  const blocker = currentComparisonBlocker(configs);
  if (blocker !== null) {
    if (useCompareStore.getState().phase !== 'running') {
      useCompareStore.setState({ message: blocker });
    }
    return;
  }
  const run: ActiveRun = { cancelled: false, cancelSide: null };
  active = run;
  useCompareStore.setState({
    phase: 'running',
    activeSide: 'a',
    message: null,
    a: newSide(configs.a),
    b: newSide(configs.b),
    overridesB: structuredClone(app.compareOverrides ?? {}),
    link: app.shareLink(false, false),
    finishedAt: null,
  });
  void (async () => {
    try {
      for (const side of ['a', 'b'] as const) {
        if (run.cancelled) throw new Cancelled();
        useCompareStore.setState({ activeSide: side });
        const rows = await runSide(run, side, configs[side]);
        patchSide(side, { rows, finished: true, stepsDone: rows[rows.length - 1]?.step ?? 0 });
      }
      useCompareStore.setState({ phase: 'done', activeSide: null, finishedAt: new Date().toISOString() });
    } catch (error) {
      const stopped = error instanceof Cancelled;
      useCompareStore.setState({
        phase: stopped ? 'stopped' : 'failed',
        activeSide: null,
        message: stopped ? 'Comparison stopped.' : error instanceof Error ? error.message : String(error),
      });
    } finally {
      if (active === run) active = null;
      terminateAll();
    }
  })();
}

/** Stops the running comparison (if any) and terminates its workers at once. */
function stopComparison(): void {
  if (!active) return;
  active.cancelled = true;
  active.cancelSide?.();
}

function terminateAll(): void {
  for (const worker of liveWorkers) worker.terminate();
  liveWorkers.clear();
  setLive();
}
