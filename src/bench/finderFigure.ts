/**
 * Case i's batch-finder figure: the measured finder (config/batchFinder.ts) against the estimate's
 * prediction, under a simulated small per-buffer limit. The pre-flight guards every trial with the device
 * limits set to `limitBytes` (as the app's would be on such a device); each trial is one real step of a
 * new trainer, and it fails when the step throws or when any buffer the WebGPU allocator handed out
 * during it was larger than `limitBytes` (what a device with that maxBufferSize would have refused).
 * Every trainer is disposed before the next trial and the tensor count checked against its baseline.
 * Needs webgpu (the allocator tap). No DOM.
 */
import { findLargestBatch, finderRatio, preflightGuard, type TrialOutcome } from '../config/batchFinder';
import type { BackendInfo } from '../config/backendInfo';
import type { TrainConfig } from '../config/trainConfig';
import { buildHostBatch } from '../data/buildBatch';
import { allocatorTap } from '../engine/allocatorTap';
import { readMemory } from '../engine/memoryReadout';
import { createTrainer } from '../engine/trainer';

export interface FinderFigure {
  config: TrainConfig;
  limitBytes: number;
  /** The largest batch that ran under the limit. */
  largestBatch: number;
  /** The largest batch the estimate says fits under the limit. */
  predictedLargestBatch: number;
  /** largestBatch ÷ predictedLargestBatch (null when nothing is predicted to fit). */
  ratio: number | null;
  /** "8 ✓, 16 ✓, 32 refused, …" in the order tried. */
  trials: string;
  /** The first failure's reason, if any trial failed. */
  firstFailure: string | null;
}

export async function measureFinderFigure(
  config: TrainConfig,
  info: BackendInfo,
  limitBytes: number,
): Promise<FinderFigure> {
  const tap = allocatorTap();
  if (!tap) throw new Error('the finder figure needs the webgpu backend (its allocator tap)');
  const limited: BackendInfo = {
    ...info,
    limits: { maxBufferSizeBytes: limitBytes, maxStorageBufferBindingSizeBytes: limitBytes },
  };
  const guard = preflightGuard(config, limited);
  const trial = async (batchSize: number): Promise<TrialOutcome> => {
    const baseline = readMemory().numTensors;
    let largest = { bytes: 0, name: '' };
    const stopListening = tap.listen({
      acquired: (_buffer, bytes, usage) => {
        if (bytes > largest.bytes) largest = { bytes, name: `usage ${usage}` };
      },
      released: () => {},
    });
    const trainer = createTrainer({ ...config, batchSize }, 'webgpu');
    let outcome: TrialOutcome;
    try {
      await trainer.step(buildHostBatch({ ...config, batchSize }, 0));
      outcome =
        largest.bytes > limitBytes
          ? { failed: `a buffer of ${largest.bytes} B (${largest.name}) is over the ${limitBytes} B limit` }
          : 'ok';
    } catch (error) {
      outcome = { failed: error instanceof Error ? error.message : String(error) };
    } finally {
      stopListening();
      trainer.dispose();
    }
    const after = readMemory().numTensors;
    if (after !== baseline) throw new Error(`a trial at batch ${batchSize} left ${after - baseline} tensors`);
    return outcome;
  };
  const result = await findLargestBatch({ start: config.batchSize, refuse: guard.refuse, trial });
  const mark = { ok: '✓', failed: '✗', refused: 'refused' } as const;
  return {
    config,
    limitBytes,
    largestBatch: result.largestBatch,
    predictedLargestBatch: guard.predictedLargestBatch,
    ratio: finderRatio(result.largestBatch, guard.predictedLargestBatch),
    trials: result.trials.map((t) => `${t.batchSize} ${mark[t.outcome]}`).join(', '),
    firstFailure: result.trials.find((t) => t.outcome === 'failed')?.reason ?? null,
  };
}
