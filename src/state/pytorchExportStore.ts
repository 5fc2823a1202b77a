/**
 * The PyTorch export's small store: the note of the last export (the file it saved, or the settings it
 * refused, each with its code), written only by the export job (app/jobs/exportJob.ts). The job's phase
 * and a failure's words are the app store's `jobs.export`.
 */
import { create } from 'zustand';
import type { ExportRefusal } from '../config/pytorchExport';
import type { TrainConfig } from '../config/trainConfig';

/** What the last export did, for the UI to say (src/ui/exportStatusText.ts). */
export type PyTorchExportNote =
  | { kind: 'refused'; refusals: readonly ExportRefusal[] }
  | { kind: 'saved'; fileName: string; zipBytes: number };

export interface PyTorchExportState {
  /** The last export's outcome; null before the first and while one runs. */
  note: PyTorchExportNote | null;
}

export const usePyTorchExportStore = create<PyTorchExportState>()(() => ({ note: null }));

export const selectPyTorchExportNote = (s: PyTorchExportState) => s.note;

/** What the Export panel exports: the config the current run was trained with, else the form's. */
export const selectExportConfig = (s: { runConfig: TrainConfig | null; config: TrainConfig }): TrainConfig =>
  s.runConfig ?? s.config;
