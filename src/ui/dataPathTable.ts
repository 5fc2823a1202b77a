/**
 * Rows of the Data path panel: for one shape (batch, size, channels, classes) and backend, the bytes of
 * every storage dtype × normalization placement × upload path, and their ratio to float32 + loader.
 * Pure; the numbers come from the byte calculator in src/data/batchBytes.ts.
 */
import type { BackendName } from '../config/backendInfo';
import type { TrainConfig } from '../config/trainConfig';
import { browserBatchBytes } from '../data/batchBytes';

export interface DataPathMode {
  id: string;
  label: string;
  patch: Pick<TrainConfig, 'imageDtype' | 'normalizeOn' | 'uploadPath'>;
}

export const DATA_PATH_MODES: readonly DataPathMode[] = [
  {
    id: 'f32-loader',
    label: 'float32, normalize in loader',
    patch: { imageDtype: 'float32', normalizeOn: 'loader', uploadPath: 'packed' },
  },
  {
    id: 'f32-model',
    label: 'float32, normalize in model',
    patch: { imageDtype: 'float32', normalizeOn: 'model', uploadPath: 'packed' },
  },
  {
    id: 'f16-loader',
    label: 'float16, normalize in loader',
    patch: { imageDtype: 'float16', normalizeOn: 'loader', uploadPath: 'packed' },
  },
  {
    id: 'f16-model',
    label: 'float16, normalize in model',
    patch: { imageDtype: 'float16', normalizeOn: 'model', uploadPath: 'packed' },
  },
  {
    id: 'u8-packed',
    label: 'uint8 packed, normalize in model',
    patch: { imageDtype: 'uint8', normalizeOn: 'model', uploadPath: 'packed' },
  },
  {
    id: 'u8-tftensor',
    label: 'uint8 via tf.tensor (widened to int32)',
    patch: { imageDtype: 'uint8', normalizeOn: 'model', uploadPath: 'tf-tensor' },
  },
];

export interface DataPathRow {
  mode: DataPathMode;
  hostBatchBytes: number;
  bytesToGpu: number;
  gpuInputBytes: number;
  /** bytesToGpu / bytesToGpu of float32 + loader. */
  ratioToFloat32: number;
  current: boolean;
}

export function dataPathRows(config: TrainConfig, backend: BackendName): DataPathRow[] {
  const bytesOf = (mode: DataPathMode) => {
    const b = browserBatchBytes({ ...config, ...mode.patch }, backend);
    return {
      hostBatchBytes: b.hostImageBytes + b.hostMaskBytes,
      bytesToGpu: b.uploadImageBytes + b.uploadMaskBytes,
      gpuInputBytes: b.gpuImageBytes + b.gpuMaskBytes,
    };
  };
  const baseline = bytesOf(DATA_PATH_MODES[0]!).bytesToGpu;
  return DATA_PATH_MODES.map((mode) => {
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
