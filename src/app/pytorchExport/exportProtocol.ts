/**
 * Messages between the page and the PyTorch export worker (one request per worker, then it ends).
 * The zip's ArrayBuffer is transferred, not copied.
 */
import type { PyTorchExportRequest } from '../../config/pytorchExport';
import type { TrainConfig } from '../../config/trainConfig';
import type { OneReply } from '../askEngineWorker';

export interface ExportWorkerRequest {
  config: TrainConfig;
  request: PyTorchExportRequest;
  /** Folder inside the zip (the download's name without `.zip`). */
  folder: string;
}

export interface ExportWorkerDone {
  type: 'done';
  zip: ArrayBuffer;
}

export type ExportWorkerReply = OneReply<ExportWorkerDone>;
