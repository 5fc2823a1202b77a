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

type Patch = DataPath['patch'];
/** A path: its id and label, then its patch's dtype, normalization place and upload path. */
const path = (
  id: DataPathId,
  label: string,
  imageDtype: Patch['imageDtype'],
  normalizeOn: Patch['normalizeOn'],
  uploadPath: Patch['uploadPath'],
): DataPath => ({ id, label, patch: { imageDtype, normalizeOn, uploadPath } });

export const DATA_PATHS: readonly DataPath[] = [
  path('f32-loader', 'float32, normalize in loader', 'float32', 'loader', 'packed'),
  path('f32-model', 'float32, normalize in model', 'float32', 'model', 'packed'),
  path('f16-loader', 'float16, normalize in loader', 'float16', 'loader', 'packed'),
  path('f16-model', 'float16, normalize in model', 'float16', 'model', 'packed'),
  path('u8-packed', 'uint8 packed, normalize in model', 'uint8', 'model', 'packed'),
  path('u8-tftensor', 'uint8 via tf.tensor (widened to int32)', 'uint8', 'model', 'tf-tensor'),
];

/** The path ratios are taken to: float32 normalized by the loader. */
export const BASELINE_DATA_PATH: DataPath = DATA_PATHS[0]!;
