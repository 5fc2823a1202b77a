/**
 * The PyTorch export as a job: the refusal rule (config/pytorchExport.ts) runs first and a refused export
 * starts no work (its note lists each setting and its code); otherwise a worker builds the project, the
 * zip is saved as `batchlab-<dtype>-<normalize>-<size>px-b<batch>-pytorch-<strategy>-<time>.zip`, and the
 * worker ends. Stop (the job's signal) ends the worker at once. The note goes to the export store.
 */
import { downloadBlob } from '../../export/download';
import { exportFileName } from '../../export/exportRun';
import { pytorchExportRefusals, type PyTorchExportRequest } from '../../config/pytorchExport';
import type { TrainConfig } from '../../config/trainConfig';
import { usePyTorchExportStore } from '../../state/pytorchExportStore';
import type { ExportWorkerDone, ExportWorkerRequest } from '../pytorchExport/exportProtocol';
import { askEngineWorker } from '../askEngineWorker';
import type { JobDefinition } from './runJob';

/** The saved download. */
export interface PyTorchExportSaved {
  fileName: string;
  /** Size of the downloaded zip. */
  zipBytes: number;
}

/** Builds the project for `config` and saves it; rejects with the error's words, or the abort error. */
export type ExportProject = (
  config: TrainConfig,
  request: PyTorchExportRequest,
  signal: AbortSignal,
) => Promise<PyTorchExportSaved>;

const buildInWorker: ExportProject = (config, request, signal) => {
  const fileName = exportFileName(config, 'zip', new Date(), `pytorch-${request.strategy}`);
  const folder = fileName.replace(/\.zip$/, '');
  const message: ExportWorkerRequest = { config, request, folder };
  return askEngineWorker<ExportWorkerDone>('export', 'pytorch', message, signal).then((reply) => {
    downloadBlob(new Blob([reply.zip], { type: 'application/zip' }), fileName);
    return { fileName, zipBytes: reply.zip.byteLength };
  });
};

/** The export job around `exportProject` (the worker in the app; a stand-in in unit tests). */
export function createExportJob(exportProject: ExportProject): JobDefinition<'export'> {
  return {
    body: async ({ request, config }, signal) => {
      const store = usePyTorchExportStore;
      store.setState({ note: null });
      const refusals = pytorchExportRefusals(config, request);
      if (refusals.length) {
        store.setState({ note: { kind: 'refused', refusals } });
        // The job fails; its note (not these words) is what the page shows, in its language.
        throw new Error(refusals.map((r) => `${r.setting}: ${r.code}`).join('; '));
      }
      const saved = await exportProject(config, request, signal);
      store.setState({ note: { kind: 'saved', fileName: saved.fileName, zipBytes: saved.zipBytes } });
    },
  };
}

export const exportJob = createExportJob(buildInWorker);
