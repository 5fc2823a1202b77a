/**
 * Engine reports → the store's figures (the UI's vocabulary): pure mapping, no I/O.
 */
import { totalBytes } from '../../engine/parallel/parallelTypes';
import type { DeviceFigures, ParallelStepFigures } from '../../state/parallelStore';
import type { ParallelStepRecord } from './coordinator';

export function toStepFigures(record: ParallelStepRecord): ParallelStepFigures {
  const devices: DeviceFigures[] = record.reports.map((r) => {
    const expected = record.expected[r.rank];
    return {
      rank: r.rank,
      gpuBytesInUsePeak: r.memory.gpuBytesInUsePeak,
      gpuBytesAllocated: r.memory.gpuBytesAllocated,
      tensorBytesPeak: r.memory.tensorBytesPeak,
      numTensors: r.memory.numTensors,
      stepMs: r.stepMs,
      busyMs: r.busyMs,
      waitMs: r.waitMs,
      sentBytes: { ...r.sentBytes },
      receivedBytes: { ...r.receivedBytes },
      expectedSentBytes: expected ? totalBytes(expected.sentBytes) : Number.NaN,
      expectedReceivedBytes: expected ? totalBytes(expected.receivedBytes) : Number.NaN,
    };
  });
  return { step: record.step, loss: record.loss, devices };
}
