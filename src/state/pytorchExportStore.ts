/**
 * The PyTorch export's small store: its status and message, and the action that exports the current
 * experiment (reusable: the Export panel calls it, and so can any lesson view). Refusals are decided
 * here, from the config's rule (src/config/pytorchExport.ts), before any work starts; the work itself
 * (initial weights from the engine, batches, the zip, the download) goes through a controller that
 * src/app attaches at boot, so the store never imports the engine or the exporter.
 */
import { create } from 'zustand';
import {
  pytorchExportRefusals,
  type ExportRefusal,
  type PyTorchExportRequest,
} from '../config/pytorchExport';
import type { TrainConfig } from '../config/trainConfig';
import { useAppStore } from './store';

/** What the last export did, for the UI to say (src/ui/exportStatusText.ts). */
export type PyTorchExportNote =
  | { kind: 'refused'; refusals: readonly ExportRefusal[] }
  | { kind: 'not-ready' }
  | { kind: 'building' }
  | { kind: 'saved'; fileName: string; zipBytes: number }
  | { kind: 'failed'; error: string };

export type PyTorchExportStatus = 'idle' | 'building' | 'saved' | 'refused' | 'failed';

export interface PyTorchExportSaved {
  fileName: string;
  /** Size of the downloaded zip. */
  zipBytes: number;
}

export interface PyTorchExportController {
  /** Builds the project for `config` and saves it as a download. Rejects with a plain-text reason. */
  exportProject(config: TrainConfig, request: PyTorchExportRequest): Promise<PyTorchExportSaved>;
}

export interface PyTorchExportState {
  status: PyTorchExportStatus;
  /** What happened, as a note the UI words in the page's language; null before the first export. */
  message: PyTorchExportNote | null;
  controller: PyTorchExportController | null;
  attachController(controller: PyTorchExportController): void;
  /**
   * Exports the experiment: `config` when given (a lesson's), else the config the current run was trained
   * with, else the form's. Resolves with the outcome's status; never rejects.
   */
  exportPyTorch(request: PyTorchExportRequest, config?: TrainConfig): Promise<PyTorchExportStatus>;
}

export const usePyTorchExportStore = create<PyTorchExportState>()((set, get) => ({
  status: 'idle',
  message: null,
  controller: null,
  attachController: (controller) => set({ controller }),
  exportPyTorch: async (request, given) => {
    const { controller, status } = get();
    if (status === 'building') return status;
    const { runConfig, config: formConfig } = useAppStore.getState();
    const config = given ?? runConfig ?? formConfig;
    const refusals = pytorchExportRefusals(config, request);
    if (refusals.length) {
      set({ status: 'refused', message: { kind: 'refused', refusals } });
      return 'refused';
    }
    if (!controller) {
      set({ status: 'failed', message: { kind: 'not-ready' } });
      return 'failed';
    }
    set({ status: 'building', message: { kind: 'building' } });
    try {
      const saved = await controller.exportProject(config, request);
      set({
        status: 'saved',
        message: { kind: 'saved', fileName: saved.fileName, zipBytes: saved.zipBytes },
      });
      return 'saved';
    } catch (error) {
      set({
        status: 'failed',
        message: { kind: 'failed', error: error instanceof Error ? error.message : String(error) },
      });
      return 'failed';
    }
  },
}));

export const selectPyTorchExportStatus = (s: PyTorchExportState) => s.status;
export const selectPyTorchExportMessage = (s: PyTorchExportState) => s.message;
