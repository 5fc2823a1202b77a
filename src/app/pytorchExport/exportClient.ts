/**
 * Connects the PyTorch export store to its worker: each export starts a worker, waits for the zip,
 * saves it as `batchlab-<dtype>-<normalize>-<size>px-b<batch>-pytorch-<strategy>-<time>.zip` and ends
 * the worker. A crashed worker becomes a plain-text failure.
 */
import { downloadBlob } from '../../export/download';
import { exportFileName } from '../../export/exportRun';
import type { PyTorchExportRequest } from '../../config/pytorchExport';
import type { TrainConfig } from '../../config/trainConfig';
import { usePyTorchExportStore, type PyTorchExportSaved } from '../../state/pytorchExportStore';
import type { ExportWorkerReply, ExportWorkerRequest } from './exportProtocol';

function exportProject(config: TrainConfig, request: PyTorchExportRequest): Promise<PyTorchExportSaved> {
  const fileName = exportFileName(config, 'zip', new Date(), `pytorch-${request.strategy}`);
  const folder = fileName.replace(/\.zip$/, '');
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./exportWorker.ts', import.meta.url), {
      type: 'module',
      name: 'pytorch-export',
    });
    worker.onmessage = (event: MessageEvent<ExportWorkerReply>) => {
      worker.terminate();
      const reply = event.data;
      if (reply.type === 'failed') {
        reject(new Error(reply.message));
        return;
      }
      downloadBlob(new Blob([reply.zip], { type: 'application/zip' }), fileName);
      resolve({ fileName, zipBytes: reply.zip.byteLength });
    };
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      reject(new Error(`the export worker crashed: ${event.message || 'unknown error'}`));
    };
    worker.postMessage({ config, request, folder } satisfies ExportWorkerRequest);
  });
}

export function startPyTorchExportClient(): void {
  usePyTorchExportStore.getState().attachController({ exportProject });
}
