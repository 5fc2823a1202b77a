/**
 * One tiny training step of the real engine in plain Node on Dawn's WebGPU: the backend the app would
 * pick, a 16 px U-Net, two steps on batch 0 and one recorded for its profile, the tensor count before and
 * after, and the allocator's figures (the tfjs internals the peak and the profile read). Loaded by
 * smokeChild.mjs.
 */
import { DEFAULT_CONFIG, type TrainConfig } from '../../src/config/trainConfig';
import { buildHostBatch } from '../../src/data/buildBatch';
import { initBackend } from '../../src/engine/backend';
import * as tf from '../../src/engine/tf';
import { classifyTensors, memoryTimeline } from '../../src/engine/memoryTimeline';
import { createTrainer } from '../../src/engine/trainer';

const TINY: TrainConfig = { ...DEFAULT_CONFIG, imageSizePx: 16, batchSize: 2, baseWidth: 4, augment: false };

export async function runEngineSmoke() {
  const problems: string[] = [];
  const info = await initBackend('webgpu', {
    onDeviceLost: (reason) => problems.push(`device lost: ${reason}`),
    onGpuError: (message) => problems.push(`GPU error: ${message}`),
  });
  const baseline = tf.memory().numTensors;
  const trainer = createTrainer(TINY, info.backend);
  const batch = buildHostBatch(TINY, 0);
  const first = await trainer.step(batch);
  const second = await trainer.step(batch);
  const losses = [first.loss, second.loss];
  // tfjs-webgpu's allocator, read through the tap the app relies on (allocatorTap.ts, stepRecorder.ts).
  const recorded = await trainer.profileStep(batch, { kernelTimes: false });
  const timeline = memoryTimeline(recorded.recording, classifyTensors(recorded.recording));
  trainer.dispose();
  return {
    backend: info.backend,
    adapter: info.adapterDescription,
    software: info.isSoftwareAdapter,
    losses,
    tensorsBefore: baseline,
    tensorsAfter: tf.memory().numTensors,
    peak: {
      stepPeakBytes: second.gpuPeakBytes,
      stepInUseBytes: second.memory.gpuBytesInUse,
      stepPoolBytes: second.memory.gpuBytesAllocated,
      unit: recorded.recording.unit,
      trackedPeakBytes: recorded.result.gpuPeakBytes,
      replayedPeakBytes: timeline.peakBytes,
      inputBytes: timeline.atPeak.inputs,
    },
    problems,
  };
}
