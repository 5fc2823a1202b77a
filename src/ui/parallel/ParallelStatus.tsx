/** One status line of the multi-device run: phase, backend, parameters, loss. */
import {
  selectParallelLatest,
  selectParallelRun,
  selectParallelStatus,
  useParallelStore,
} from '../../state/parallelStore';
import { fill } from '../../i18n/fill';
import { formatNumber } from '../format';
import { useLocale, useText } from '../i18n/useText';

export function ParallelStatus() {
  const status = useParallelStore(selectParallelStatus);
  const message = useParallelStore((s) => s.message);
  const run = useParallelStore(selectParallelRun);
  const latest = useParallelStore(selectParallelLatest);
  const w = useText().parallel.status;
  const locale = useLocale();
  const text = status === 'running' ? fill(w.running, { step: latest?.step ?? 0 }) : w[status];
  return (
    <p
      className={`parallel-status status-${status}`}
      role="status"
      data-testid="parallel-status"
      data-status={status}
    >
      {text}
      {message ? ` ${message}` : ''}
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
