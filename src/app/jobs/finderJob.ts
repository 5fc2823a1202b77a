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

/**
 * Starts the search's worker. A lost device, a crash or the signal rejects whatever is being waited for
 * (the worker's backend or a trial's answer); the signal also terminates the worker.
 */
function openWorker(config: TrainConfig, signal: AbortSignal) {
  /** The one answer being waited for: the worker's 'ready', or the 'trial' report of one request. */
  let pending: {
    answers(message: FromWorker): boolean;
    resolve(message: FromWorker): void;
    reject(error: unknown): void;
  } | null = null;
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
        if (pending?.answers(message)) {
          const { resolve } = pending;
          pending = null;
          resolve(message);
        } else if (message.type === 'status' && message.status === 'device-lost') {
          fail(new Error(`the GPU device was lost${message.message ? `: ${message.message}` : ''}`));
        } else if (message.type === 'status' && message.status === 'failed' && !started) {
          fail(new Error(message.message ?? 'the training backend did not start'));
        }
      },
      onCrash: (text) => fail(new Error(`the trial worker crashed: ${text}`)),
    },
    signal,
  );
  /**
   * Waits for the message `answers` accepts, after `send` (if any) has asked for it; rejects at once, sending
   * nothing, if the signal has already fired.
   */
  const answer = <T extends FromWorker['type']>(
    answers: (message: FromWorker) => boolean,
    send?: () => void,
  ) =>
    new Promise<Extract<FromWorker, { type: T }>>((resolve, reject) => {
      throwIfAborted(signal);
      pending = { answers, resolve: resolve as (message: FromWorker) => void, reject };
      send?.();
    });
  return {
    /** Resolves with the worker's backend. */
    ready: answer<'ready'>((m) => m.type === 'ready').then((m) => {
      started = true;
      return m.info;
    }),
    /** Posts a trial and resolves with its report. */
    request: async (message: ToWorker & { type: 'trial' }): Promise<TrialReport> => {
      const answers = (m: FromWorker) => m.type === 'trial' && m.requestId === message.requestId;
      return (await answer<'trial'>(answers, () => worker.postMessage(message))).report;
    },
    close: () => {
      signal.removeEventListener('abort', onAbort);
      worker.terminate();
    },
  };
}
