/**
 * Lesson 4, tradeoff curves: the question, the sweep picker, one Run / Stop button and its progress, the
 * result card, then the three curves (samples/s; peak, pool and in-use memory beside the estimate; samples/s
 * per MiB of peak) and the table of every point, with CSV / JSON / PNG exports named after the sweep.
 * Reads the app store (the sweep and its base config) and the sweep store; runs through the sweep store's
 * actions. The batch-size finder belongs in the marked slot.
 */
import { BatchFinder } from '../finder/BatchFinder';
import { useId, useMemo } from 'react';
import { chartPngBlob } from '../../export/chartPng';
import { downloadBlob } from '../../export/download';
import { SWEEP_CHARTS, type SweepChartSource } from '../../charts/sweepCharts';
import { sweepCsv, sweepFileName, sweepJson } from '../../export/sweepExport';
import { skipPreflightRequested } from '../../config/preflight';
import { busyReason } from '../../state/activity';
import { useAppStore } from '../../state/store';
import { useSweepStore, type SweepRun } from '../../state/sweepStore';
import { SourceChart, useValueFeed } from '../charts/SourceChart';
import { CopyLink } from '../links/CopyLink';
import { useActivity } from '../lessons/useActivity';
import { useText } from '../i18n/useText';
import { SweepPicker } from './SweepPicker';
import { SweepResultCard } from './SweepResultCard';
import { SweepTable } from './SweepTable';
import { sweepEnded, sweepProgress, SWEEP_TEXT, sweepValueWords } from './sweepText';

const CHART_PX = { wide: 170, narrow: 160 };
const skipPreflight = typeof window === 'undefined' ? false : skipPreflightRequested(window.location.search);

function progressText(run: SweepRun): string {
  if (run.phase === 'idle') return run.message ?? SWEEP_TEXT.notRun;
  if (run.phase === 'done') return SWEEP_TEXT.done;
  if (run.phase !== 'running') return sweepEnded(run.phase, run.message);
  const point = run.activeIndex === null ? undefined : run.points[run.activeIndex];
  if (!point || !run.spec) return '…';
  return sweepProgress(
    sweepValueWords(run.spec.setting, point.value),
    run.activeIndex ?? 0,
    run.points.length,
    run.activeStep,
  );
}

function SweepRunControls({ run }: { run: SweepRun }) {
  const backendInfo = useAppStore((s) => s.backendInfo);
  const activity = useActivity();
  const blockedId = useId();
  const running = run.phase === 'running';
  const t = useText();
  const busy = running ? null : busyReason(activity);
  const blocker = running
    ? null
    : busy
      ? t.preflight.blocker[busy.code]
      : backendInfo === null
        ? SWEEP_TEXT.booting
        : null;
  return (
    <div className="lesson-run">
      {running ? (
        <button type="button" onClick={() => useSweepStore.getState().stop()} data-testid="sweep-stop">
          {SWEEP_TEXT.stop}
        </button>
      ) : (
        <button
          type="button"
          className="primary"
          onClick={() => useSweepStore.getState().run()}
          disabled={blocker !== null}
          aria-describedby={blocker ? blockedId : undefined}
          data-testid="sweep-run"
          data-skip-preflight={skipPreflight ? '1' : undefined}
        >
          {SWEEP_TEXT.run}
        </button>
      )}
      <p className="lesson-progress" role="status" data-testid="sweep-progress" data-phase={run.phase}>
        {progressText(run)}
      </p>
      {blocker && (
        <p id={blockedId} className="help" data-testid="sweep-blocked">
          {blocker}
        </p>
      )}
    </div>
  );
}

function SweepExports({ run }: { run: SweepRun }) {
  const { spec, base } = run;
  if (!spec || !base || run.points.length === 0 || run.phase === 'running') return null;
  const values = run.points.map((p) => p.value);
  const name = (ext: string, part?: string) => sweepFileName(spec, values, base, ext, part);
  const json = () =>
    sweepJson({
      spec,
      base,
      backend: run.backend,
      startedAt: run.startedAt,
      finishedAt: run.finishedAt,
      points: run.points,
    });
  return (
    <div className="sweep-exports" role="group" aria-label="Export the sweep">
      <button
        type="button"
        onClick={() =>
          downloadBlob(new Blob([sweepCsv(spec, run.points)], { type: 'text/csv' }), name('csv'))
        }
        data-testid="sweep-export-csv"
      >
        {SWEEP_TEXT.exportCsv}
      </button>
      <button
        type="button"
        onClick={() => downloadBlob(new Blob([json()], { type: 'application/json' }), name('json'))}
        data-testid="sweep-export-json"
      >
        {SWEEP_TEXT.exportJson}
      </button>
      {SWEEP_CHARTS.map((chart) => (
        <button
          key={chart.id}
          type="button"
          onClick={() =>
            void chartPngBlob(chart.id).then((blob) =>
              downloadBlob(blob, name('png', chart.id.replace('sweep-', ''))),
            )
          }
          data-testid={`sweep-export-png-${chart.id}`}
        >
          {SWEEP_TEXT.exportPng}: {chart.title}
        </button>
      ))}
    </div>
  );
}

export function TradeoffsView() {
  const run = useSweepStore();
  const titleId = useId();
  const backend = run.backend;
  const source = useMemo<SweepChartSource>(
    () => ({
      setting: run.spec?.setting ?? null,
      points: run.points,
      bufferLimitBytes: backend?.limits
        ? Math.min(backend.limits.maxBufferSizeBytes, backend.limits.maxStorageBufferBindingSizeBytes)
        : null,
    }),
    [run.spec, run.points, backend],
  );
  const feed = useValueFeed(source);
  const running = run.phase === 'running';
  return (
    <article className="lesson tradeoffs" aria-labelledby={titleId} data-testid="view-tradeoffs-page">
      <div className="lesson-main">
        <p className="lesson-eyebrow">{SWEEP_TEXT.eyebrow}</p>
        <h2 id={titleId} className="lesson-question" data-testid="lesson-question">
          {SWEEP_TEXT.question}
        </h2>
        <p className="help">{SWEEP_TEXT.intro}</p>
        <SweepPicker disabled={running} />
        <SweepRunControls run={run} />
        {run.spec && <SweepResultCard setting={run.spec.setting} points={run.points} />}
        {/* The batch-size finder answers the curve's last question: the largest batch that really fits. */}
        <BatchFinder />
        <div className="lesson-share">
          <CopyLink withRunOption={false} />
        </div>
      </div>
      <div className="lesson-side">
        {SWEEP_CHARTS.map((chart) => (
          <SourceChart key={chart.id} spec={chart} feed={feed} heightPx={CHART_PX} />
        ))}
        <p className="help">{SWEEP_TEXT.memoryHelp}</p>
      </div>
      <div className="sweep-points">
        {run.spec && <SweepTable setting={run.spec.setting} points={run.points} />}
        <SweepExports run={run} />
      </div>
    </article>
  );
}
