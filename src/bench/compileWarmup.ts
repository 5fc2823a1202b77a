/**
 * tfjs-backend-webgpu's parallel compilation, applied to BatchLab's training step: with the flag
 * WEBGPU_ENGINE_COMPILE_ONLY on, every op only creates its pipeline (createComputePipelineAsync, which the
 * browser compiles on its own threads, in parallel) and records no GPU work; checkCompileCompletionAsync
 * waits for all of them. The step graph runs once on a scratch model, optimizer and batch of the same
 * shapes (pipelines are keyed by program and shapes, not by values), then everything scratch is freed.
 * The real first step then finds its pipelines ready. WebGPU only; elsewhere it does nothing.
 */
import * as tf from '@tensorflow/tfjs';
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import type { TrainConfig } from '../config/trainConfig';
import type { HostBatch } from '../data/hostBatch';
import { makeOptimizer } from '../engine/optimizer';
import { softmaxCrossEntropy } from '../engine/loss';
import { createNormalizeLayer } from '../engine/normalizeLayer';
import { createUNetForConfig } from '../engine/unet';
import { disposeDeviceBatch, uploadBatch } from '../engine/uploadBatch';

const FLAG = 'WEBGPU_ENGINE_COMPILE_ONLY';

/** Pipelines the webgpu backend holds (compiled or compiling); 0 elsewhere. */
export function pipelineCount(): number {
  if (tf.getBackend() !== 'webgpu') return 0;
  return Object.keys((tf.backend() as unknown as { pipelineCache: Record<string, unknown> }).pipelineCache)
    .length;
}

/** Compiles every pipeline of one training step in parallel; resolves when all are ready. */
export async function compileStepPipelines(config: TrainConfig, batch: HostBatch): Promise<void> {
  if (tf.getBackend() !== 'webgpu') return;
  const backend = tf.backend() as WebGPUBackend;
  const model = createUNetForConfig(config);
  const optimizer = makeOptimizer(config);
  const normalize = createNormalizeLayer(config.mean255, config.std255);
  const device = uploadBatch(batch, 'webgpu', config.uploadPath);
  tf.env().set(FLAG, true);
  try {
    const loss = optimizer.minimize(
      () =>
        softmaxCrossEntropy(model.forward(normalize.images(device.images)), normalize.labels(device.masks)),
      true,
      model.variables,
    );
    loss?.dispose();
    await backend.checkCompileCompletionAsync();
  } finally {
    tf.env().set(FLAG, false);
    disposeDeviceBatch(device);
    model.dispose();
    optimizer.dispose();
    normalize.dispose();
  }
}
