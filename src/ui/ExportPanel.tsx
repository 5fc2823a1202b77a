/**
 * Export the run: JSON (config + every telemetry row + evaluations), CSV (one row per step) and each
 * chart as a PNG, named after the config, and the experiment as a PyTorch project (PyTorchExport.tsx).
 * Reads the history and the store only when a button is pressed.
 */
import { useState } from 'react';
import { chartPngBlob } from '../export/chartPng';
import type { ChartId } from '../charts/chartSpec';
import { CHART_SPECS } from '../charts/chartSpecs';
import { localizeSpec } from '../charts/localizeSpec';
import { downloadBlob } from '../export/download';
import { exportFileName, toCsv, toRunJson } from '../export/exportRun';
import { telemetryHistory } from '../charts/telemetryHistory';
import { useAppStore } from '../state/store';
import { PyTorchExport } from './PyTorchExport';
import { fill } from '../i18n/fill';
import type { Dictionary } from '../i18n/types';
import { useText } from './i18n/useText';

function exportData(t: Dictionary, kind: 'json' | 'csv'): string {
  const { runConfig, config: currentConfig, backendInfo } = useAppStore.getState();
  // The config the history was trained with, not whatever the form shows now.
  const config = runConfig ?? currentConfig;
  const now = new Date();
  const rows = telemetryHistory.rows;
  const name = exportFileName(config, kind, now);
  if (kind === 'csv') {
    downloadBlob(new Blob([toCsv(rows)], { type: 'text/csv' }), name);
  } else {
    const json = toRunJson({
      config,
      backend: backendInfo,
      rows,
      evals: telemetryHistory.evals,
      exportedAt: now,
    });
    downloadBlob(new Blob([json], { type: 'application/json' }), name);
  }
  return fill(t.panels.export.savedData, { name, count: rows.length });
}

async function exportPng(t: Dictionary, id: ChartId): Promise<string> {
  const blob = await chartPngBlob(id);
  const { runConfig, config } = useAppStore.getState();
  const name = exportFileName(runConfig ?? config, 'png', new Date(), id);
  downloadBlob(blob, name);
  return fill(t.panels.export.saved, { name });
}

export function ExportPanel() {
  const [message, setMessage] = useState<string | null>(null);
  const t = useText();
  const w = t.panels.export;
  const report = (work: () => string | Promise<string>) => {
    Promise.resolve()
      .then(work)
      .then(setMessage, (error: unknown) =>
        setMessage(fill(w.failed, { error: error instanceof Error ? error.message : String(error) })),
      );
  };
  return (
    <section className="panel export" aria-labelledby="export-title">
      <h2 id="export-title">{w.title}</h2>
      <div className="buttons">
        <button type="button" onClick={() => report(() => exportData(t, 'json'))} data-testid="export-json">
          JSON
        </button>
        <button type="button" onClick={() => report(() => exportData(t, 'csv'))} data-testid="export-csv">
          CSV
        </button>
        {CHART_SPECS.map((spec) => (
          <button
            type="button"
            key={spec.id}
            onClick={() => report(() => exportPng(t, spec.id))}
            data-testid={`export-png-${spec.id}`}
          >
            {fill(t.charts.png, { title: localizeSpec(spec, t).title })}
          </button>
        ))}
      </div>
      <p className="help" role="status" data-testid="export-status">
        {message ?? w.help}
      </p>
      <PyTorchExport />
    </section>
  );
}
