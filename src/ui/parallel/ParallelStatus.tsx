/** One status line of the multi-device run: phase, how it ended, backend, parameters, loss. */
import {
  selectParallelLatest,
  selectParallelRun,
  selectParallelSummary,
  useParallelStore,
} from '../../state/parallelStore';
import { fill, plural } from '../../i18n/fill';
import { formatNumber } from '../format';
import { useLocale, useText } from '../i18n/useText';
import { jobMessageText } from '../jobs/jobMessageText';
import { useJob } from '../jobs/useJob';

export function ParallelStatus() {
  const { phase, message } = useJob('parallel');
  const run = useParallelStore(selectParallelRun);
  const latest = useParallelStore(selectParallelLatest);
  const summary = useParallelStore(selectParallelSummary);
  const t = useText();
  const w = t.parallel.status;
  const locale = useLocale();
  // Until every replica reports ready, the run has no description yet: its workers are starting.
  const shown = phase === 'running' && run === null ? 'starting' : phase;
  const text = shown === 'running' ? fill(w.running, { step: latest?.step ?? 0 }) : w[shown];
  const ended =
    phase !== 'running' && summary !== null
      ? ` ${fill(plural(locale, summary.replicas, w.summary), { steps: summary.stepsDone, replicas: summary.replicas })}`
      : '';
  const detail =
    message !== null && message.code !== 'stopped' ? ` ${jobMessageText(t, locale, message)}` : '';
  return (
    <p
      className={`parallel-status status-${shown}`}
      role="status"
      data-testid="parallel-status"
      data-status={shown}
    >
      {text}
      {detail}
      {ended}
      {run
        ? fill(w.run, {
            backend: run.backendDescription,
            params: formatNumber(run.parameterCount, locale, 0, true),
          })
        : ''}
      {latest && Number.isFinite(latest.loss) ? fill(w.loss, { loss: latest.loss.toFixed(4) }) : ''}
    </p>
  );
}
