/**
 * Connects the batch finder's store to its trials: each search starts its own short-lived training worker
 * (its own tfjs engine and GPU device, so the user's trained model and the main run's memory are never
 * touched), runs config/batchFinder.ts's search with the pre-flight as its guard, asks the worker for one
 * real step per batch tried ('trial': a new model, one step under GPU error scopes, everything freed),
 * and terminates the worker when the search ends or on Stop. It never starts beside another measured run
 * or the main run (state/activity.ts), and a trial that leaves tensors alive ends the search as failed.
 */
import type { BackendInfo } from '../../config/backendInfo';
import {
  findLargestBatch,
  preflightGuard,
  type TrialOutcome,
  type TrialReport,
} from '../../config/batchFinder';
import type { TrainConfig } from '../../config/trainConfig';
import { measuredRunBlocker, type RunBlocker } from '../../state/activity';
import { DICTIONARIES } from '../../i18n/dictionaries';
import { fill } from '../../i18n/fill';
import { useFinderStore, type FinderTrialRow } from '../../state/finderStore';
import { useAppStore } from '../../state/store';
import { activityNow } from '../activityNow';
import { spawnTrainingWorker } from '../spawnTrainingWorker';
import type { FromWorker, ToWorker } from '../trainingProtocol';

class FinderStopped extends Error {
  constructor() {
    super('stopped');
    this.name = 'FinderStopped';
  }
}

interface FinderRun {
  cancelled: boolean;
  worker: Worker | null;
  /** Ends the wait in progress (for the worker's backend or a trial's answer) with an error. */
  abort: ((error: Error) => void) | null;
}

let current: FinderRun | null = null;

/** Connects the finder store's Find and Stop to this client; call once at boot. */
export function startFinderClient(): void {
  useFinderStore.getState().attachController({ find, stop });
}

function stop(): void {
  if (!current) return;
  current.cancelled = true;
  current.worker?.terminate();
  current.abort?.(new FinderStopped());
}

/** A refusal in the page's language (the finder skips the pre-flight, so a misfit never reaches here). */
function blockerWords(blocker: RunBlocker): string {
  const words = DICTIONARIES[useAppStore.getState().lang].preflight.blocker;
  return blocker.code === 'doesNotFit'
    ? fill(words.doesNotFit, { name: blocker.id, reason: '' })
    : words[blocker.code];
}

function find(config: TrainConfig): void {
  const blocker = measuredRunBlocker({
    configs: [],
    activity: activityNow(),
    backendInfo: useAppStore.getState().backendInfo,
    skipPreflight: true,
  });
  if (blocker !== null) {
    if (useFinderStore.getState().phase !== 'running')
      useFinderStore.setState({ message: blockerWords(blocker) });
    return;
  }
  const run: FinderRun = { cancelled: false, worker: null, abort: null };
  current = run;
  useFinderStore.setState({ phase: 'running', trials: [], result: null, message: null });
  void search(run, config).finally(() => {
    run.worker?.terminate();
    run.worker = null;
    if (current === run) current = null;
  });
}

async function search(run: FinderRun, config: TrainConfig): Promise<void> {
  let predictedLargestBatch = 0;
  const largestSoFar = () =>
    Math.max(
      0,
      ...useFinderStore.getState().trials.flatMap((t) => (t.outcome === 'ok' ? [t.batchSize] : [])),
    );
  try {
    const { info, request } = await openWorker(run, config);
    const guard = preflightGuard(config, info);
    predictedLargestBatch = guard.predictedLargestBatch;
    let last: TrialReport | null = null;
    let requestId = 0;
    const result = await findLargestBatch({
      start: config.batchSize,
      refuse: guard.refuse,
      limitSource: guard.limitSource,
      stopped: () => run.cancelled,
      trial: async (batchSize): Promise<TrialOutcome> => {
        last = await request({ type: 'trial', config: { ...config, batchSize }, requestId: ++requestId });
        if (last.tensorsAfter !== last.tensorsBefore) {
          throw new Error(
            `the trial at batch ${batchSize} left ${last.tensorsAfter - last.tensorsBefore} tensors alive`,
          );
        }
        return last.ok ? 'ok' : { failed: last.reason };
      },
      onTrial: (trial) => {
        const report: TrialReport | null = trial.outcome === 'refused' ? null : last;
        const row: FinderTrialRow = {
          ...trial,
          stepMs: report?.ok ? report.stepMs : null,
          gpuPeakBytes: report?.ok ? report.gpuPeakBytes : null,
        };
        last = null;
        useFinderStore.setState((s) => ({ trials: [...s.trials, row] }));
      },
    });
    useFinderStore.setState({
      phase: result.stopped ? 'stopped' : 'done',
      result: { config, largestBatch: result.largestBatch, predictedLargestBatch, bound: result.bound },
    });
  } catch (error) {
    if (error instanceof FinderStopped || run.cancelled) {
      useFinderStore.setState({
        phase: 'stopped',
        result: { config, largestBatch: largestSoFar(), predictedLargestBatch, bound: { kind: 'stopped' } },
      });
      return;
    }
    useFinderStore.setState({
      phase: 'failed',
      message: `The batch finder stopped: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
}

/**
 * Starts the search's worker and waits for its backend. `request` posts a trial and resolves with its
 * report; a lost device, a crash or Stop rejects whatever is being waited for.
 */
async function openWorker(
  run: FinderRun,
  config: TrainConfig,
): Promise<{ info: BackendInfo; request(message: ToWorker & { type: 'trial' }): Promise<TrialReport> }> {
  let onReady: ((info: BackendInfo) => void) | null = null;
  let onReport: ((id: number, report: TrialReport) => void) | null = null;
  const fail = (error: Error) => run.abort?.(error);
  const worker = spawnTrainingWorker('batch-finder', config.backend, {
    onMessage: (message: FromWorker) => {
      if (message.type === 'ready') onReady?.(message.info);
      else if (message.type === 'trial') onReport?.(message.requestId, message.report);
      else if (message.type === 'status' && message.status === 'device-lost') {
        fail(new Error(`the GPU device was lost${message.message ? `: ${message.message}` : ''}`));
      } else if (message.type === 'status' && message.status === 'failed' && onReady !== null) {
        fail(new Error(message.message ?? 'the training backend did not start'));
      }
    },
    onCrash: (text) => fail(new Error(`the trial worker crashed: ${text}`)),
  });
  run.worker = worker;
  if (run.cancelled) throw new FinderStopped();
  const info = await new Promise<BackendInfo>((resolve, reject) => {
    run.abort = reject;
    onReady = resolve;
  });
  onReady = null;
  const request = (message: ToWorker & { type: 'trial' }) =>
    new Promise<TrialReport>((resolve, reject) => {
      if (run.cancelled) {
        reject(new FinderStopped());
        return;
      }
      run.abort = reject;
      onReport = (id, report) => {
        if (id === message.requestId) resolve(report);
      };
      worker.postMessage(message);
    });
  return { info, request };
}
