/**
 * A finished comparison: B ÷ A samples/s as the paired rounds' median with its interval and the verdict the
 * interval allows (a "Run again" when it did not settle), both sides described, the summary table, per-step
 * charts, JSON and PNG exports. Every figure reads only the steps the paired blocks timed.
 */
import { useMemo, useState } from 'react';
import { DEFAULT_PAIRED_RULE, type PairedVerdict } from '../../config/pairedTiming';
import { ratioVerdict } from '../../config/ratioVerdict';
import { verdictWords } from '../results/verdictText';
import { downloadBlob } from '../../export/download';
import { useCompareStore, type CompareSide } from '../../state/compareStore';
import { useAppStore } from '../../state/store';
import { buildCompareExport, compareFileName } from '../../export/compareExport';
import { describeSide, formatCompareRatio, formatCompareValue } from './compareCells';
import { buildCompareSummary, pairedSideInput, type CompareSideInput } from '../../config/compareSummary';
import { StepCharts } from './StepCharts';
import { tablePng } from '../../export/tablePng';
import { SummaryTable } from './SummaryTable';
import { fill } from '../../i18n/fill';
import { useLocale, useText } from '../i18n/useText';

/** A side's summary input: its paired blocks' steps when it has them, else its timing rule's range. */
function sideInput(side: CompareSide): CompareSideInput {
  if (side.timedSteps) return pairedSideInput(side.rows, side.timedSteps);
  return {
    rows: side.rows,
    firstTimedStep: side.verdict?.firstTimedStep ?? 2,
    ...(side.verdict ? { lastTimedStep: side.verdict.lastTimedStep } : {}),
  };
}

export function CompareResults({ a, b }: { a: CompareSide; b: CompareSide }) {
  const summary = useMemo(() => buildCompareSummary(sideInput(a), sideInput(b)), [a, b]);
  const paired = useCompareStore((s) => s.paired);
  const t = useText();
  const locale = useLocale();
  const describedA = describeSide(t, locale, a.config, a.backend?.backend ?? null, b.config);
  const describedB = describeSide(t, locale, b.config, b.backend?.backend ?? null, a.config);
  const w = t.compare;
  const [exportError, setExportError] = useState<string | null>(null);
  const exportJson = () => {
    const s = useCompareStore.getState();
    const data = buildCompareExport({
      finishedAt: useAppStore.getState().jobs.compare.finishedAt,
      overridesB: s.overridesB,
      link: s.link ?? '',
      a: { config: a.config, backend: a.backend, rows: a.rows, timedSteps: a.timedSteps },
      b: { config: b.config, backend: b.backend, rows: b.rows, timedSteps: b.timedSteps },
      paired: s.paired,
      summary,
    });
    const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
    downloadBlob(blob, compareFileName(useAppStore.getState().jobs.compare.finishedAt, 'json'));
  };
  const exportPng = async () => {
    try {
      const format = { na: w.na, locale };
      const blob = await tablePng({
        title: fill(w.pngTitle, { a: summary.timedStepsA, b: summary.timedStepsB }),
        subtitles: [`A: ${describedA}`, `B: ${describedB}`],
        rows: [
          [w.table.metric, 'A', 'B', 'B/A'],
          ...summary.metrics.map((m) => [
            w.metrics[m.id],
            formatCompareValue(m.unit, m.a, format),
            formatCompareValue(m.unit, m.b, format),
            formatCompareRatio(m, format),
          ]),
        ],
      });
      downloadBlob(blob, compareFileName(useAppStore.getState().jobs.compare.finishedAt, 'png'));
    } catch (error) {
      setExportError(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <div className="compare-results" data-testid="compare-results">
      {paired && <PairedRatio paired={paired} />}
      <p className="compare-sides">
        <span className="key-a">A</span>: {describedA}
        <br />
        <span className="key-b">B</span>: {describedB}
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

/** B ÷ A samples/s: the paired median, its interval and the verdict words, all from the one interval. */
function PairedRatio({ paired }: { paired: PairedVerdict }) {
  const t = useText();
  const locale = useLocale();
  const ratio = paired.ratios[1] ?? null;
  if (!ratio) return null;
  const verdict = ratioVerdict(ratio, paired.state);
  const words = verdictWords(t, locale, ratio, verdict, DEFAULT_PAIRED_RULE.tolerance);
  return (
    <div className="compare-verdict">
      <p className="result-label">{t.compare.paired.label}</p>
      <p
        className="result-verdict"
        data-testid="compare-verdict"
        data-verdict={verdict.code}
        data-median={ratio.median}
        data-low={ratio.low}
        data-high={ratio.high}
        data-rounds={ratio.rounds}
      >
        B <strong>{words.verdict}</strong>: {words.figure} ({words.interval}). {words.settledNote}
      </p>
      <p className="result-gap" data-testid="compare-explain" data-verdict={verdict.code}>
        <strong>{words.explainTitle}</strong> {t.verdict.compareExplain[verdict.code]}
      </p>
      {verdict.notSettled && (
        <div className="buttons">
          <button
            type="button"
            onClick={() => useAppStore.getState().startJob('compare', null)}
            data-testid="compare-run-again"
          >
            {t.compare.paired.runAgain}
          </button>
        </div>
      )}
    </div>
  );
}
