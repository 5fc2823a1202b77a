/**
 * The measured batch-size finder's panel: a button that starts the search (state/finderStore.ts), its
 * progress (one row per trial: batch, ran / failed / refused and why, step time, peak), the result beside
 * the estimate's prediction with their ratio, and "Use batch N" (the app store's setConfig). Reads the finder
 * store's results and the finder job's status (`useJob('finder')`); Find and Stop are the app store's
 * startJob / stopJob. Every string comes from the dictionaries and is rendered as text.
 */
import { finderRatio } from '../../config/batchFinder';
import { fill } from '../../i18n/fill';
import {
  selectFinderResult,
  selectFinderTrials,
  useFinderStore,
  type FinderTrialRow,
} from '../../state/finderStore';
import type { JobStatus } from '../../state/jobsSlice';
import { selectIsRunning, useAppStore } from '../../state/store';
import { formatBytes, formatMs, formatRatio } from '../format';
import { useLocale, useText } from '../i18n/useText';
import { ColumnHeads } from '../ColumnHeads';
import { jobMessageText } from '../jobs/jobMessageText';
import { useJob, useJobBlocker } from '../jobs/useJob';
import type { Dictionary } from '../../i18n/types';
import {
  finderBoundText,
  finderCappedRow,
  finderResultText,
  finderRunning,
  finderStoppedEarly,
  finderUseBatch,
} from './finderText';

/** A reason's first sentence (Dawn's messages go on with advice for the programmer); the rest is in its title. */
const firstSentence = (text: string): string => text.split(/(?<=\.)\s|\n/)[0] ?? text;

function TrialRow({ trial }: { trial: FinderTrialRow }) {
  const T = useText().finder;
  const outcome = trial.outcome === 'ok' ? T.ran : trial.outcome === 'failed' ? T.failed : T.refused;
  return (
    <tr data-testid="finder-trial" data-batch={trial.batchSize} data-outcome={trial.outcome}>
      <td>{trial.batchSize}</td>
      <td>
        {outcome}
        {trial.reason ? (
          <span className="help" title={trial.reason}>
            : {firstSentence(trial.reason)}
          </span>
        ) : null}
      </td>
      <td>{trial.stepMs === null ? T.none : formatMs(trial.stepMs)}</td>
      <td>
        {trial.gpuPeakBytes !== null
          ? formatBytes(trial.gpuPeakBytes)
          : trial.outcome === 'ok'
            ? T.noPeak
            : T.none}
      </td>
    </tr>
  );
}

const find = () => useAppStore.getState().startJob('finder', useAppStore.getState().config);
const stop = () => useAppStore.getState().stopJob('finder');

/** The job's phase and message in words: a stop, a failure after the finder's own lead-in, a refusal. */
function statusText(T: Dictionary['finder'], job: JobStatus, trials: number, message: string): string {
  if (job.phase === 'running') return trials === 0 ? T.starting : finderRunning(trials);
  if (job.phase === 'stopped') return T.stopped;
  const said = job.message?.code === 'failed' ? fill(T.failedLead, { detail: job.message.detail }) : message;
  const lead = job.phase === 'idle' ? T.idle : '';
  return [lead, said].filter((part) => part !== '').join(' ');
}

export function BatchFinder() {
  const T = useText().finder;
  const job = useJob('finder');
  const phase = job.phase;
  const trials = useFinderStore(selectFinderTrials);
  const result = useFinderStore(selectFinderResult);
  const training = useAppStore(selectIsRunning);
  const blocker = useJobBlocker('finder');
  const t = useText();
  const locale = useLocale();
  const running = phase === 'running';
  const status = statusText(T, job, trials.length, jobMessageText(t, locale, job.message));
  const useResult = () => {
    if (!running && result && result.largestBatch > 0)
      useAppStore.getState().setConfig({ batchSize: result.largestBatch });
  };
  const ratio = result ? finderRatio(result.largestBatch, result.predictedLargestBatch) : null;
  return (
    <section className="panel batch-finder" aria-label={T.title} data-testid="batch-finder">
      <h2>{T.title}</h2>
      <p className="help">{T.intro}</p>
      <div className="buttons">
        <button
          type="button"
          onClick={find}
          disabled={running || training || blocker !== null}
          title={blocker ? jobMessageText(t, locale, { code: 'refused', blocker }) : undefined}
          data-testid="finder-find"
        >
          {T.find}
        </button>
        <button type="button" onClick={stop} disabled={!running} data-testid="finder-stop">
          {T.stop}
        </button>
      </div>
      <p className="status" role="status" data-testid="finder-status" data-phase={phase}>
        {status}
      </p>
      {trials.length > 0 && (
        <div className="table-scroll">
          <table className="finder-trials">
            <caption>{T.caption}</caption>
            <ColumnHeads heads={[T.colBatch, T.colOutcome, T.colStep, T.colPeak]} />
            <tbody>
              {trials.map((trial, i) => (
                <TrialRow key={i} trial={trial} />
              ))}
              {result?.bound.kind === 'form-max' && !running && (
                <tr data-testid="finder-trial" data-batch={result.bound.nextBatch} data-outcome="capped">
                  <td>{result.bound.nextBatch}</td>
                  <td>{finderCappedRow(result.bound.max)}</td>
                  <td>{T.none}</td>
                  <td>{T.none}</td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      )}
      {result && !running && (
        <div className="finder-result" data-testid="finder-result">
          {finderBoundText(result.largestBatch, result.bound) !== null && (
            <p className="finder-bound" data-testid="finder-bound" data-bound={result.bound.kind}>
              <strong>{finderBoundText(result.largestBatch, result.bound)}</strong>
            </p>
          )}
          <p>
            {phase === 'stopped'
              ? finderStoppedEarly(result.largestBatch)
              : finderResultText(
                  result.largestBatch,
                  result.predictedLargestBatch,
                  ratio === null ? null : formatRatio(ratio),
                )}
          </p>
          {result.largestBatch > 0 && (
            <button type="button" onClick={useResult} disabled={training} data-testid="finder-use-batch">
              {finderUseBatch(result.largestBatch)}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
