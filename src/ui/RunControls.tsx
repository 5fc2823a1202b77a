/**
 * Start / Stop / Reset and the run's status line.
 */
import { useAppStore } from '../state/store';

const STATUS_TEXT = {
  booting: 'Starting the training backend…',
  idle: 'Ready.',
  running: 'Training…',
  stopped: 'Stopped.',
  failed: 'The run stopped with an error.',
  'device-lost': 'The GPU device was lost.',
} as const;

export function RunControls() {
  const status = useAppStore((s) => s.status);
  const message = useAppStore((s) => s.statusMessage);
  const start = useAppStore((s) => s.start);
  const stop = useAppStore((s) => s.stop);
  const reset = useAppStore((s) => s.reset);
  const canStart = status === 'idle' || status === 'stopped' || status === 'failed';
  return (
    <section className="panel run-controls" aria-label="Run">
      <div className="buttons">
        <button type="button" className="primary" onClick={start} disabled={!canStart} data-testid="start">
          Start
        </button>
        <button type="button" onClick={stop} disabled={status !== 'running'} data-testid="stop">
          Stop
        </button>
        <button
          type="button"
          onClick={reset}
          disabled={status === 'booting' || status === 'running'}
          data-testid="reset"
        >
          Reset
        </button>
        {status === 'device-lost' && (
          <button type="button" onClick={() => window.location.reload()} data-testid="reload">
            Reload
          </button>
        )}
      </div>
      <p className={`status status-${status}`} role="status" data-testid="status">
        {STATUS_TEXT[status]}
        {message ? ` ${message}` : ''}
      </p>
    </section>
  );
}
