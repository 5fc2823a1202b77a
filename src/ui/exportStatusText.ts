/** The PyTorch export's note (state/pytorchExportStore.ts) in the page's words; refusals one per line. Pure. */
import type { ExportRefusal } from '../config/pytorchExport';
import { fill } from '../i18n/fill';
import type { Dictionary } from '../i18n/types';
import type { PyTorchExportNote } from '../state/pytorchExportStore';

/** "uploadPath: why", in the page's words (the setting is its link-free field name, as the user sees it). */
export function refusalLine(t: Dictionary, refusal: ExportRefusal): string {
  return `${refusal.setting}: ${fill(t.panels.export.pytorch.refusals[refusal.code], refusal.params)}`;
}

export function exportStatusText(t: Dictionary, note: PyTorchExportNote): string {
  const w = t.panels.export.pytorch;
  switch (note.kind) {
    case 'refused':
      return [w.refused, ...note.refusals.map((r) => refusalLine(t, r))].join('\n');
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
