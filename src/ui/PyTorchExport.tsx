/**
 * Export → PyTorch: pick the strategy and the GPUs or processes, press the button; the export job refuses
 * (with each setting and why) or builds and downloads the project. Reads the job's status and the export
 * store's note; exports the config the current run was trained with, else the form's.
 */
import { useId, useState } from 'react';
import { PYTORCH_EXPORT_LIMITS, PYTORCH_STRATEGIES, type PyTorchStrategy } from '../config/pytorchExport';
import { exportStatusText } from './exportStatusText';
import { rangeOptions, SelectField } from './fields/SelectField';
import { useLocale, useText } from './i18n/useText';
import { useJob } from './jobs/useJob';
import {
  selectExportConfig,
  selectPyTorchExportNote,
  usePyTorchExportStore,
} from '../state/pytorchExportStore';
import { useAppStore } from '../state/store';

const PROCESS_OPTIONS = rangeOptions(PYTORCH_EXPORT_LIMITS.processes);

export function PyTorchExport() {
  const id = useId();
  const [strategy, setStrategy] = useState<PyTorchStrategy>('single');
  const [gpus, setGpus] = useState(2);
  const job = useJob('export');
  const note = usePyTorchExportStore(selectPyTorchExportNote);
  const processes = strategy === 'single' ? 1 : gpus;
  const t = useText();
  const locale = useLocale();
  const w = t.panels.export.pytorch;
  return (
    <div className="pytorch-export">
      <h3>{w.title}</h3>
      <SelectField
        id={`${id}-s`}
        label={w.strategy}
        value={strategy}
        options={PYTORCH_STRATEGIES}
        text={(s) => w.strategies[s]}
        onChange={(v) => setStrategy(v as PyTorchStrategy)}
        data-testid="export-pytorch-strategy"
      />
      <SelectField
        id={`${id}-n`}
        label={w.processes}
        value={processes}
        options={PROCESS_OPTIONS}
        disabled={strategy === 'single'}
        onChange={(v) => setGpus(Number(v))}
        data-testid="export-pytorch-processes"
      />
      <div className="buttons">
        <button
          type="button"
          disabled={job.phase === 'running'}
          onClick={() => {
            const app = useAppStore.getState();
            app.startJob('export', { request: { strategy, processes }, config: selectExportConfig(app) });
          }}
          data-testid="export-pytorch"
        >
          {w.button}
        </button>
      </div>
      <p className="help pytorch-export-status" role="status" data-testid="export-pytorch-status">
        {exportStatusText(t, locale, job, note) ?? w.help}
      </p>
    </div>
  );
}
