/**
 * The cross-field rules of trainConfigSchema, repaired in one place: the form (after one field changed),
 * the link decoder (A, and B's overrides of A), the stores and device defaults all call repairConfig, so a
 * config can never reach a run, a link or the screen in a state the schema refuses. Each repair is
 * reported as a plain-text note under the field it changed.
 *
 * The rules, and which side gives way:
 * - uint8 storage cannot hold normalized values: normalization moves to the model, unless the user just
 *   chose loader normalization (then storage becomes float32);
 * - the tf.tensor upload path exists only for uint8: the path becomes packed;
 * - mean/std carry one value per channel: a list of the wrong length is replaced by the dataset's
 *   measured statistics for that channel count;
 * - the source image (image size × source scale) is at most SOURCE_SIDE_MAX_PX per side: the scale is lowered.
 * Pure; does not mutate its input.
 */
import { DATASET_STATS, maxSourceScale, SOURCE_SIDE_MAX_PX, type TrainConfig } from './trainConfig';

export interface Repair {
  field: keyof TrainConfig;
  message: string;
}

export function repairConfig(
  config: TrainConfig,
  changed?: keyof TrainConfig,
): { config: TrainConfig; repairs: Repair[] } {
  const c: TrainConfig = { ...config, mean255: [...config.mean255], std255: [...config.std255] };
  const repairs: Repair[] = [];
  if (c.imageDtype === 'uint8' && c.normalizeOn === 'loader') {
    if (changed === 'normalizeOn') {
      c.imageDtype = 'float32';
      repairs.push({ field: 'imageDtype', message: 'uint8 cannot hold normalized values: using float32' });
    } else {
      c.normalizeOn = 'model';
      repairs.push({ field: 'normalizeOn', message: 'uint8 storage normalizes in the model: using model' });
    }
  }
  if (c.uploadPath === 'tf-tensor' && c.imageDtype !== 'uint8') {
    c.uploadPath = 'packed';
    repairs.push({ field: 'uploadPath', message: 'the tf.tensor path applies to uint8 only: using packed' });
  }
  for (const f of ['mean255', 'std255'] as const) {
    if (c[f].length !== c.channels) {
      const had = c[f].length;
      c[f] = [...DATASET_STATS[c.channels][f]];
      repairs.push({
        field: f,
        message: `needs ${c.channels} value(s) for ${c.channels} channel(s), got ${had}: using the dataset's ${c[f].join(',')}`,
      });
    }
  }
  if (c.sourceScale > maxSourceScale(c.imageSizePx)) {
    c.sourceScale = maxSourceScale(c.imageSizePx);
    repairs.push({
      field: 'sourceScale',
      message: `the source side is at most ${SOURCE_SIDE_MAX_PX} px: using ${c.sourceScale}`,
    });
  }
  return { config: c, repairs };
}
