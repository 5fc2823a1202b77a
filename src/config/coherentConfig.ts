/**
 * Repairs the cross-field rules of trainConfigSchema after one field changed, so a form edit never
 * produces a config that cannot run: uint8 storage normalizes in the model; the tf.tensor upload path
 * exists only for uint8; mean/std carry one value per channel; the source image (image size × source
 * scale) is at most SOURCE_SIDE_MAX_PX per side.
 * Returns the repaired config and a plain-text note per repair.
 */
import { DATASET_STATS, maxSourceScale, SOURCE_SIDE_MAX_PX, type TrainConfig } from './trainConfig';

export interface Repair {
  key: keyof TrainConfig;
  message: string;
}

export function makeCoherent(
  config: TrainConfig,
  changed?: keyof TrainConfig,
): { config: TrainConfig; repairs: Repair[] } {
  const c = { ...config };
  const repairs: Repair[] = [];
  if (c.imageDtype === 'uint8' && c.normalizeOn === 'loader') {
    if (changed === 'normalizeOn') {
      c.imageDtype = 'float32';
      repairs.push({
        key: 'imageDtype',
        message: 'uint8 cannot hold normalized values: storage switched to float32',
      });
    } else {
      c.normalizeOn = 'model';
      repairs.push({ key: 'normalizeOn', message: 'uint8 storage normalizes in the model' });
    }
  }
  if (c.uploadPath === 'tf-tensor' && c.imageDtype !== 'uint8') {
    c.uploadPath = 'packed';
    repairs.push({ key: 'uploadPath', message: 'the tf.tensor path applies to uint8 only' });
  }
  if (c.mean255.length !== c.channels || c.std255.length !== c.channels) {
    c.mean255 = [...DATASET_STATS[c.channels].mean255];
    c.std255 = [...DATASET_STATS[c.channels].std255];
    repairs.push({
      key: 'mean255',
      message: 'mean and std set to the dataset statistics for this channel count',
    });
  }
  if (c.sourceScale > maxSourceScale(c.imageSizePx)) {
    c.sourceScale = maxSourceScale(c.imageSizePx);
    repairs.push({
      key: 'sourceScale',
      message: `source scale lowered to ${c.sourceScale}: the source side is at most ${SOURCE_SIDE_MAX_PX} px`,
    });
  }
  return { config: c, repairs };
}
