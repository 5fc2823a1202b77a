/**
 * Rows of the Data path panel: for one shape (batch, size, channels, classes) and backend, the bytes of
 * every storage dtype × normalization placement × upload path, and their ratio to float32 + loader.
 * Pure; the numbers come from the byte calculator in src/data/batchBytes.ts.
 */
import type { BackendName } from '../config/backendInfo';
import type { TrainConfig } from '../config/trainConfig';
import { browserBatchBytes } from '../data/batchBytes';
import { BASELINE_DATA_PATH, DATA_PATHS, type DataPath } from '../config/dataPaths';

export interface DataPathRow {
  mode: DataPath;
  hostBatchBytes: number;
  bytesToGpu: number;
  gpuInputBytes: number;
  /** bytesToGpu / bytesToGpu of float32 + loader. */
  ratioToFloat32: number;
  current: boolean;
}

export function dataPathRows(config: TrainConfig, backend: BackendName): DataPathRow[] {
  const bytesOf = (mode: DataPath) => {
    const b = browserBatchBytes({ ...config, ...mode.patch }, backend);
    return {
      hostBatchBytes: b.hostImageBytes + b.hostMaskBytes,
      bytesToGpu: b.uploadImageBytes + b.uploadMaskBytes,
      gpuInputBytes: b.gpuImageBytes + b.gpuMaskBytes,
    };
  };
  const baseline = bytesOf(BASELINE_DATA_PATH).bytesToGpu;
  return DATA_PATHS.map((mode) => {
    const b = bytesOf(mode);
    return {
      mode,
      ...b,
      ratioToFloat32: b.bytesToGpu / baseline,
      current:
        mode.patch.imageDtype === config.imageDtype &&
        mode.patch.normalizeOn === config.normalizeOn &&
        mode.patch.uploadPath === config.uploadPath,
    };
  });
}
