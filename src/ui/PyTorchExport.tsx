/**
 * Export → PyTorch: pick the strategy and the GPUs or processes, press the button; the store's action
 * refuses (with each setting and why, as text) or builds and downloads the project. Reads only the
 * export store's status and message.
 */
import { useId, useState } from 'react';
import { PYTORCH_EXPORT_LIMITS, PYTORCH_STRATEGIES, type PyTorchStrategy } from '../config/pytorchExport';
import { exportStatusText } from './exportStatusText';
import { useText } from './i18n/useText';
import {
  selectPyTorchExportMessage,
  selectPyTorchExportStatus,
  usePyTorchExportStore,
} from '../state/pytorchExportStore';

const PROCESS_OPTIONS = Array.from(
  { length: PYTORCH_EXPORT_LIMITS.processes.max - PYTORCH_EXPORT_LIMITS.processes.min + 1 },
  (_, i) => PYTORCH_EXPORT_LIMITS.processes.min + i,
);

export function PyTorchExport() {
  const id = useId();
  const [strategy, setStrategy] = useState<PyTorchStrategy>('single');
  const [gpus, setGpus] = useState(2);
  const status = usePyTorchExportStore(selectPyTorchExportStatus);
  const message = usePyTorchExportStore(selectPyTorchExportMessage);
  const exportPyTorch = usePyTorchExportStore((s) => s.exportPyTorch);
  const processes = strategy === 'single' ? 1 : gpus;
  const t = useText();
  const w = t.panels.export.pytorch;
  return (
    <div className="pytorch-export">
      <h3>{w.title}</h3>
      <div className="field">
        <label htmlFor={`${id}-s`}>{w.strategy}</label>
        <select
          id={`${id}-s`}
          value={strategy}
          onChange={(e) => setStrategy(e.target.value as PyTorchStrategy)}
          data-testid="export-pytorch-strategy"
        >
          {PYTORCH_STRATEGIES.map((s) => (
            <option key={s} value={s}>
              {w.strategies[s]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-n`}>{w.processes}</label>
        <select
          id={`${id}-n`}
          value={processes}
          disabled={strategy === 'single'}
          onChange={(e) => setGpus(Number(e.target.value))}
          data-testid="export-pytorch-processes"
        >
          {PROCESS_OPTIONS.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <div className="buttons">
        <button
          type="button"
          disabled={status === 'building'}
          onClick={() => void exportPyTorch({ strategy, processes })}
          data-testid="export-pytorch"
        >
          {w.button}
        </button>
      </div>
      <p className="help pytorch-export-status" role="status" data-testid="export-pytorch-status">
        {message ? exportStatusText(t, message) : w.help}
      </p>
    </div>
  );
}
