/**
 * The batch finder as a job: each search starts its own short-lived training worker (its own tfjs engine
 * and GPU device, so the user's trained model and the main run's memory are never touched), runs
 * config/batchFinder.ts's search with the pre-flight as its guard, asks the worker for one real step per
 * batch tried ('trial': a new model, one step under GPU error scopes, everything freed), and ends the
 * worker when the search ends. Stop is the job's signal: the worker is spawned with it (terminated the
 * moment it fires) and a pending wait (for the worker's backend or a trial's answer) rejects with the abort
 * error. A trial that leaves tensors alive ends the search as failed. The result (`finderResult` below) and
 * every trial go to state/finderStore.ts.
 */
import type { BackendInfo } from '../../config/backendInfo';
import {
  findLargestBatch,
  preflightGuard,
  type TrialOutcome,
  type TrialReport,
} from '../../config/batchFinder';
import { abortError, throwIfAborted } from '../../config/jobs';
import type { TrainConfig } from '../../config/trainConfig';
import { useFinderStore, type FinderTrialRow } from '../../state/finderStore';
import { spawnTrainingWorker } from '../spawnTrainingWorker';
import type { FromWorker, ToWorker } from '../trainingProtocol';
import type { JobDefinition } from './runJob';

/** The largest batch that ran so far: a stopped search's answer. */
const largestSoFar = (): number =>
  Math.max(0, ...useFinderStore.getState().trials.flatMap((t) => (t.outcome === 'ok' ? [t.batchSize] : [])));

export const finderJob: JobDefinition<'finder'> = {
  // The finder's trials are the device's own answer: the pre-flight guards each one, not the start.
  body: async (config, signal) => {
    useFinderStore.setState({ trials: [], result: null });
    let predictedLargestBatch = 0;
    const worker = openWorker(config, signal);
    try {
      const info = await worker.ready;
      const guard = preflightGuard(config, info);
      predictedLargestBatch = guard.predictedLargestBatch;
      let last: TrialReport | null = null;
      let requestId = 0;
      const result = await findLargestBatch({
        start: config.batchSize,
        multipleOf: config.microBatches,
        refuse: guard.refuse,
        limitSource: guard.limitSource,
        stopped: () => signal.aborted,
        trial: async (batchSize): Promise<TrialOutcome> => {
          last = await worker.request({
            type: 'trial',
            config: { ...config, batchSize },
            requestId: ++requestId,
          });
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
      const { largestBatch, bound } = result;
      useFinderStore.setState({ result: { config, largestBatch, predictedLargestBatch, bound } });
    } catch (error) {
      // Stopped mid-trial: what ran so far is still an answer (runJob records the stop).
      if (signal.aborted) {
        const largestBatch = largestSoFar();
        useFinderStore.setState({
          result: { config, largestBatch, predictedLargestBatch, bound: { kind: 'stopped' } },
        });
      }
      throw error;
    } finally {
      worker.close();
    }
  },
};

interface TrialWorker {
  /** Resolves with the worker's backend. */
  ready: Promise<BackendInfo>;
  /** Posts a trial and resolves with its report. */
  request(message: ToWorker & { type: 'trial' }): Promise<TrialReport>;
  close(): void;
}

/**
 * Starts the search's worker. A lost device, a crash or the signal rejects whatever is being waited for
 * (the worker's backend or a trial's answer); the signal also terminates the worker.
 */
function openWorker(config: TrainConfig, signal: AbortSignal): TrialWorker {
  let pending: { resolve(value: never): void; reject(error: unknown): void } | null = null;
  let onReady: ((info: BackendInfo) => void) | null = null;
  let onReport: ((id: number, report: TrialReport) => void) | null = null;
  const fail = (error: unknown) => {
    const wait = pending;
    pending = null;
    wait?.reject(error);
  };
  const onAbort = () => fail(abortError());
  signal.addEventListener('abort', onAbort, { once: true });
  let started = false;
  const worker = spawnTrainingWorker(
    'batch-finder',
    config.backend,
    {
      onMessage: (message: FromWorker) => {
        if (message.type === 'ready') onReady?.(message.info);
        else if (message.type === 'trial') onReport?.(message.requestId, message.report);
        else if (message.type === 'status' && message.status === 'device-lost') {
          fail(new Error(`the GPU device was lost${message.message ? `: ${message.message}` : ''}`));
        } else if (message.type === 'status' && message.status === 'failed' && !started) {
          fail(new Error(message.message ?? 'the training backend did not start'));
        }
      },
      onCrash: (text) => fail(new Error(`the trial worker crashed: ${text}`)),
    },
    signal,
  );
  /** Waits for one answer; rejects at once if the signal has already fired. */
  const wait = <T>(listen: (resolve: (value: T) => void) => void): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      throwIfAborted(signal);
      pending = { resolve: resolve as (value: never) => void, reject };
      listen((value) => {
        pending = null;
        resolve(value);
      });
    });
  const ready = wait<BackendInfo>((resolve) => {
    onReady = resolve;
  }).then((info) => {
    started = true;
    onReady = null;
    return info;
  });
  return {
    ready,
    request: (message) =>
      wait<TrialReport>((resolve) => {
        onReport = (id, report) => {
          if (id === message.requestId) resolve(report);
        };
        worker.postMessage(message);
      }),
    close: () => {
      signal.removeEventListener('abort', onAbort);
      worker.terminate();
    },
  };
}
