/**
 * Start / Stop / Reset and the run's status line. Start stays disabled while the pre-flight memory check
 * refuses the config (PreflightNotice says why); after a lost GPU device only Reload helps, so it replaces
 * Start and Reset. A run on files waits for a dataset without errors (the line says which file and why).
 */
import { useId, type ReactNode } from 'react';
import { datasetBlocker, useDatasetStore } from '../state/datasetStore';
import { useAppStore, type StatusNote } from '../state/store';
import { usePreflight } from './usePreflight';
import { datasetBlockWords } from './dataset/datasetText';
import { fill } from '../i18n/fill';
import { useLocale, useText } from './i18n/useText';

/** `children` go under the status line (the Playground puts the run's progress there). */
export function RunControls({ children }: { children?: ReactNode } = {}) {
  const status = useAppStore((s) => s.status);
  const message = useAppStore((s) => s.statusMessage);
  const note = useAppStore((s) => s.statusNote);
  const noteText = (n: StatusNote): string =>
    n.kind === 'finished'
      ? fill(t.finished, { n: n.steps })
      : n.kind === 'worker-crashed'
        ? fill(t.workerCrashed, { error: n.error })
        : t.autoStartRefused;
  const start = useAppStore((s) => s.start);
  const stop = useAppStore((s) => s.stop);
  const reset = useAppStore((s) => s.reset);
  const { blocksStart } = usePreflight();
  const source = useAppStore((s) => s.config.dataSource);
  const files = useDatasetStore((s) => s.files);
  const photos = useDatasetStore((s) => s.photos);
  const datasetBlocked = datasetBlocker(source, { files, photos });
  const blockedId = useId();
  const words = useText();
  const locale = useLocale();
  const t = words.app.run;
  const statusAllowsStart = status === 'idle' || status === 'stopped' || status === 'failed';
  // The batch finder's trials share the CPU and the GPU: a run beside them would distort both.
  const finderRunning = useAppStore((s) => s.jobs.finder.phase === 'running');
  const canStart = statusAllowsStart && !blocksStart && !finderRunning && datasetBlocked === null;
  const deviceLost = status === 'device-lost';
  return (
    <section className="panel run-controls" aria-label={t.label}>
      <div className="buttons">
        <button
          type="button"
          className="primary"
          onClick={start}
          disabled={!canStart}
          aria-describedby={blocksStart ? blockedId : undefined}
          data-testid="start"
        >
          {t.start}
        </button>
        <button type="button" onClick={stop} disabled={status !== 'running'} data-testid="stop">
          {t.stop}
        </button>
        <button
          type="button"
          onClick={reset}
          disabled={status === 'booting' || status === 'running' || deviceLost}
          data-testid="reset"
        >
          {t.reset}
        </button>
        {deviceLost && (
          <button type="button" onClick={() => window.location.reload()} data-testid="reload">
            {t.reload}
          </button>
        )}
      </div>
      {blocksStart && (
        <p id={blockedId} className="status status-failed" data-testid="start-blocked">
          {t.blocked}
        </p>
      )}
      {datasetBlocked !== null && (
        <p className="status status-failed" data-testid="start-blocked-dataset">
          {datasetBlockWords(words, locale, datasetBlocked)}
        </p>
      )}
      <p className={`status status-${status}`} role="status" data-testid="status">
        {t.status[status]}
        {note ? ` ${noteText(note)}` : message ? ` ${message}` : ''}
      </p>
      {children}
    </section>
  );
}
