/** One status line of the multi-device run: phase, backend, parameters, loss. */
import {
  selectParallelLatest,
  selectParallelRun,
  selectParallelStatus,
  useParallelStore,
} from '../../state/parallelStore';

export function ParallelStatus() {
  const status = useParallelStore(selectParallelStatus);
  const message = useParallelStore((s) => s.message);
  const run = useParallelStore(selectParallelRun);
  const latest = useParallelStore(selectParallelLatest);
  const text = {
    idle: 'Not run yet.',
    starting: 'Starting the replica workers and their GPU devices…',
    running: `Training: step ${latest?.step ?? 0}`,
    finished: 'Finished.',
    stopped: 'Stopped.',
    failed: 'The run failed.',
  }[status];
  return (
    <p
      className={`parallel-status status-${status}`}
      role="status"
      data-testid="parallel-status"
      data-status={status}
    >
      {text}
      {message ? ` ${message}` : ''}
      {run ? ` — ${run.backendDescription}, ${run.parameterCount.toLocaleString('en-US')} parameters` : ''}
      {latest && Number.isFinite(latest.loss) ? `, loss ${latest.loss.toFixed(4)}` : ''}
    </p>
  );
}
