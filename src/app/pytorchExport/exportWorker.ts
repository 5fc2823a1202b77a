/**
 * The PyTorch export worker: builds the config's initial weights with the engine (a fresh seeded U-Net
 * on the cpu backend, read back and disposed: the same numbers as on any backend, since tfjs draws them
 * on the host), builds the raw first batches with the data loader's code, and writes the zip. Runs off
 * the page's thread and apart from training, so a big export neither freezes the UI nor touches the run.
 */
import { exportedBatchCount } from '../../config/pytorchExport';
import { buildHostBatch } from '../../data/buildBatch';
import { loadBackend } from '../../engine/backend';
import { readInitialWeights } from '../../engine/initialWeights';
import * as tf from '../../engine/tf';
import { buildPyTorchProject, rawBatchConfig } from '../../export/pytorch/buildProject';
import type { ExportWorkerReply, ExportWorkerRequest } from './exportProtocol';

interface WorkerScope {
  postMessage(message: ExportWorkerReply, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<ExportWorkerRequest>) => void) | null;
}
const scope = self as unknown as WorkerScope;

async function build({ config, request, folder }: ExportWorkerRequest): Promise<ArrayBuffer> {
  await loadBackend('cpu');
  if (!(await tf.setBackend('cpu'))) throw new Error('the cpu backend did not start');
  await tf.ready();
  const variables = await readInitialWeights(config);
  const raw = rawBatchConfig(config);
  const batches = Array.from({ length: exportedBatchCount(config, request) }, (_, i) =>
    buildHostBatch(raw, i),
  );
  const { zip } = buildPyTorchProject({ config, request, variables, batches, folder });
  return zip.buffer as ArrayBuffer;
}

scope.onmessage = (event) => {
  build(event.data).then(
    (zip) => scope.postMessage({ type: 'done', zip }, [zip]),
    (error: unknown) =>
      scope.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
  );
};
