/** The PyTorch export's note (state/pytorchExportStore.ts) in the page's words; refusals one per line. Pure. */
import { describeRefusals } from '../config/pytorchExport';
import { fill } from '../i18n/fill';
import type { Dictionary } from '../i18n/types';
import type { PyTorchExportNote } from '../state/pytorchExportStore';

export function exportStatusText(t: Dictionary, note: PyTorchExportNote): string {
  const w = t.panels.export.pytorch;
  switch (note.kind) {
    case 'refused':
      // The settings' reasons are technical (PyTorch's and the exporter's limits) and stay in English.
      return `${w.refused}\n${describeRefusals(note.refusals)}`;
    case 'not-ready':
      return w.notReady;
    case 'building':
      return w.building;
    case 'saved':
      return fill(w.saved, { name: note.fileName, bytes: note.zipBytes });
    case 'failed':
      return fill(w.failed, { error: note.error });
  }
}
