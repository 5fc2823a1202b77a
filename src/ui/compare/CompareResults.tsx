/** A finished comparison: both sides described, the summary table, per-step charts, JSON and PNG exports. */
import { useMemo, useState } from 'react';
import { downloadBlob } from '../../export/download';
import { useCompareStore, type CompareSide } from '../../state/compareStore';
import { useAppStore } from '../../state/store';
import { buildCompareExport, compareFileName, describeSide } from './compareExport';
import { buildCompareSummary } from './compareSummary';
import { StepCharts } from './StepCharts';
import { summaryPng } from './summaryImage';
import { SummaryTable } from './SummaryTable';
import { fill } from '../../i18n/fill';
import { useLocale, useText } from '../i18n/useText';

export function CompareResults({ a, b }: { a: CompareSide; b: CompareSide }) {
  const summary = useMemo(
    () =>
      buildCompareSummary(
        {
          rows: a.rows,
          firstTimedStep: a.verdict?.firstTimedStep ?? 2,
          ...(a.verdict ? { lastTimedStep: a.verdict.lastTimedStep } : {}),
        },
        {
          rows: b.rows,
          firstTimedStep: b.verdict?.firstTimedStep ?? 2,
          ...(b.verdict ? { lastTimedStep: b.verdict.lastTimedStep } : {}),
        },
      ),
    [a, b],
  );
  const backendA = a.backend?.backend ?? null;
  const backendB = b.backend?.backend ?? null;
  const t = useText();
  const locale = useLocale();
  const w = t.compare;
  const [exportError, setExportError] = useState<string | null>(null);
  const exportJson = () => {
    const s = useCompareStore.getState();
    const data = buildCompareExport({
      finishedAt: useAppStore.getState().jobs.compare.finishedAt,
      overridesB: s.overridesB,
      link: s.link ?? '',
      a: { config: a.config, backend: a.backend, rows: a.rows },
      b: { config: b.config, backend: b.backend, rows: b.rows },
      summary,
    });
    const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
    downloadBlob(blob, compareFileName(useAppStore.getState().jobs.compare.finishedAt, 'json'));
  };
  const exportPng = async () => {
    try {
      const blob = await summaryPng(summary, {
        title: fill(w.pngTitle, { a: summary.timedStepsA, b: summary.timedStepsB }),
        subtitles: [
          `A: ${describeSide(t, locale, a.config, backendA, b.config)}`,
          `B: ${describeSide(t, locale, b.config, backendB, a.config)}`,
        ],
        columns: [w.table.metric, 'A', 'B', 'B/A'],
        labels: w.metrics,
        format: { na: w.na, locale },
      });
      downloadBlob(blob, compareFileName(useAppStore.getState().jobs.compare.finishedAt, 'png'));
    } catch (error) {
      setExportError(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <div className="compare-results" data-testid="compare-results">
      <p className="compare-sides">
        <span className="key-a">A</span>: {describeSide(t, locale, a.config, backendA, b.config)}
        <br />
        <span className="key-b">B</span>: {describeSide(t, locale, b.config, backendB, a.config)}
      </p>
      <SummaryTable summary={summary} />
      <StepCharts a={a} b={b} />
      <div className="buttons">
        <button type="button" onClick={exportJson} data-testid="compare-export-json">
          {w.exportJson}
        </button>
        <button type="button" onClick={() => void exportPng()} data-testid="compare-export-png">
          {w.exportPng}
        </button>
      </div>
      {exportError !== null && (
        <p className="status" role="alert" data-testid="compare-export-error">
          {exportError}
        </p>
      )}
    </div>
  );
}
