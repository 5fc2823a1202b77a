/**
 * Lesson 4, tradeoff curves: the question, the sweep picker, one Run / Stop button and its progress, the
 * result card, then the three curves (samples/s; peak, pool and in-use memory beside the estimate; samples/s
 * per MiB of peak) and the table of every point, with CSV / JSON / PNG exports named after the sweep.
 * Reads the app store (the sweep and its base config), the sweep store's results and the sweep job's
 * status (`useJob('sweep')`); Run and Stop are the app store's startJob / stopJob. The batch-size finder belongs in the marked slot.
 */
import { BatchFinder } from '../finder/BatchFinder';
import { useId, useMemo } from 'react';
import { chartPngBlob } from '../../export/chartPng';
import { downloadBlob } from '../../export/download';
import { sweepChartsIn, type SweepChartSource } from '../../charts/sweepCharts';
import { sweepCsv, sweepFileName, sweepJson } from '../../export/sweepExport';
import { DEFAULT_SWEEP, sweepValues } from '../../config/sweep';
import type { JobStatus } from '../../state/jobsSlice';
import { useAppStore } from '../../state/store';
import { useSweepStore, type SweepRun } from '../../state/sweepStore';
import { SourceChart, useValueFeed } from '../charts/SourceChart';
import { LESSON_CHART_PX } from '../charts/LessonCharts';
import { CopyLink } from '../links/CopyLink';
import { useLocale, useText } from '../i18n/useText';
import { jobMessageText } from '../jobs/jobMessageText';
import { useJob, useJobBlocker } from '../jobs/useJob';
import { RunStopControls } from '../lessons/LessonRunControls';
import type { Dictionary } from '../../i18n/types';
import { SweepPicker } from './SweepPicker';
import { SweepResultCard } from './SweepResultCard';
import { SweepTable } from './SweepTable';
import { sweepEnded, sweepProgress, sweepValueWords } from './sweepText';

/** The job's phase and message, and the run's progress, in words (`message`: the job's message worded). */
function progressText(w: Dictionary['sweeps'], job: JobStatus, run: SweepRun, message: string): string {
  if (job.message?.code === 'refused') return message;
  if (job.phase === 'idle') return w.notRun;
  if (job.phase === 'done') return run.noValues ? w.noValues : w.done;
  if (job.phase !== 'running')
    return sweepEnded(job.phase, job.message?.code === 'failed' ? job.message.detail : null);
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
  const job = useJob('sweep');
  const running = job.phase === 'running';
  const t = useText();
  const w = t.sweeps;
  const locale = useLocale();
  const ruleBlocker = useJobBlocker('sweep');
  const noValues = useAppStore((s) =>
    s.backendInfo === null
      ? false
      : sweepValues(s.sweep ?? DEFAULT_SWEEP, s.config, s.backendInfo).length === 0,
  );
  const blocker = running
    ? null
    : ruleBlocker
      ? jobMessageText(t, locale, { code: 'refused', blocker: ruleBlocker })
      : noValues
        ? w.noValues
        : null;
  return (
    <RunStopControls
      kind="sweep"
      onRun={() => useAppStore.getState().startJob('sweep', null)}
      runLabel={w.run}
      stopLabel={w.stop}
      phase={job.phase}
      progress={progressText(t.sweeps, job, run, jobMessageText(t, locale, job.message))}
      blocked={blocker}
    />
  );
}

function SweepExports({ run }: { run: SweepRun }) {
  const job = useJob('sweep');
  const t = useText();
  const w = t.sweeps;
  const charts = useMemo(() => sweepChartsIn(t), [t]);
  const { spec, base } = run;
  if (!spec || !base || run.points.length === 0 || job.phase === 'running') return null;
  const values = run.points.map((p) => p.value);
  const name = (ext: string, part?: string) => sweepFileName(spec, values, base, ext, part);
  const json = () =>
    sweepJson({
      spec,
      base,
      backend: run.backend,
      startedAt: job.startedAt,
      finishedAt: job.finishedAt,
      points: run.points,
    });
  return (
    <div className="sweep-exports" role="group" aria-label={w.exportGroup}>
      <button
        type="button"
        onClick={() =>
          downloadBlob(new Blob([sweepCsv(spec, run.points)], { type: 'text/csv' }), name('csv'))
        }
        data-testid="sweep-export-csv"
      >
        {w.exportCsv}
      </button>
      <button
        type="button"
        onClick={() => downloadBlob(new Blob([json()], { type: 'application/json' }), name('json'))}
        data-testid="sweep-export-json"
      >
        {w.exportJson}
      </button>
      {charts.map((chart) => (
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
          {w.exportPng}: {chart.title}
        </button>
      ))}
    </div>
  );
}

export function TradeoffsView() {
  const run = useSweepStore();
  const t = useText();
  const w = t.sweeps;
  const charts = useMemo(() => sweepChartsIn(t), [t]);
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
  const running = useJob('sweep').phase === 'running';
  return (
    <article className="lesson tradeoffs" aria-labelledby={titleId} data-testid="view-tradeoffs-page">
      <div className="lesson-main">
        <p className="lesson-eyebrow">{w.eyebrow}</p>
        <h2 id={titleId} className="lesson-question" data-testid="lesson-question">
          {w.question}
        </h2>
        <p className="help">{w.intro}</p>
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
        {charts.map((chart) => (
          <SourceChart key={chart.id} spec={chart} feed={feed} heightPx={LESSON_CHART_PX} />
        ))}
        <p className="help">{w.memoryHelp}</p>
      </div>
      <div className="sweep-points">
        {run.spec && <SweepTable setting={run.spec.setting} points={run.points} />}
        <SweepExports run={run} />
      </div>
    </article>
  );
}
