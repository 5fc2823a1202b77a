/**
 * The six ways a batch's images can reach the model — storage dtype × where normalization happens × how
 * uint8 bytes are uploaded — declared once. The Data path panel's byte table, the on-device "Verify" check
 * and the bench's data-path case all walk this list. The first one is the baseline ratios are taken to
 * (float32 normalized by the loader, what a plain PyTorch pipeline does); `article` is the article's path.
 * Pure data.
 */
import type { TrainConfig } from './trainConfig';

export type DataPathId =
  | 'f32-loader'
  | 'f32-model'
  | 'f16-loader'
  | 'f16-model'
  | 'u8-packed'
  | 'u8-tftensor';

export interface DataPath {
  id: DataPathId;
  label: string;
  patch: Pick<TrainConfig, 'imageDtype' | 'normalizeOn' | 'uploadPath'>;
}

export const DATA_PATHS: readonly DataPath[] = [
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

/** The path ratios are taken to: float32 normalized by the loader. */
export const BASELINE_DATA_PATH: DataPath = DATA_PATHS[0]!;
