/**
 * The PyTorch export's status line in the page's words: building while its job runs, then the last note
 * (the saved file, or each refused setting on its own line), else how the job ended (a failure's own
 * words, a stop). null when there is nothing to say yet. Pure.
 */
import type { ExportRefusal } from '../config/pytorchExport';
import { fill } from '../i18n/fill';
import type { Dictionary } from '../i18n/types';
import type { JobStatus } from '../state/jobsSlice';
import type { PyTorchExportNote } from '../state/pytorchExportStore';
import { jobMessageText } from './jobs/jobMessageText';

/** "uploadPath: why", in the page's words (the setting is its link-free field name, as the user sees it). */
export function refusalLine(t: Dictionary, refusal: ExportRefusal): string {
  return `${refusal.setting}: ${fill(t.panels.export.pytorch.refusals[refusal.code], refusal.params)}`;
}

export function exportStatusText(
  t: Dictionary,
  locale: string,
  job: Pick<JobStatus, 'phase' | 'message'>,
  note: PyTorchExportNote | null,
): string | null {
  const w = t.panels.export.pytorch;
  if (job.phase === 'running') return w.building;
  if (note?.kind === 'refused') return [w.refused, ...note.refusals.map((r) => refusalLine(t, r))].join('\n');
  if (note?.kind === 'saved') return fill(w.saved, { name: note.fileName, bytes: note.zipBytes });
  if (job.message?.code === 'failed') return fill(w.failed, { error: job.message.detail });
  if (job.message !== null) return jobMessageText(t, locale, job.message);
  return null;
}
