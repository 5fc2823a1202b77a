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
 * - the source image (image size × source scale) is at most SOURCE_SIDE_MAX_PX per side: the scale is lowered;
 * - the batch splits into equal micro-batches: the count becomes the largest one that divides the batch,
 *   unless the user just chose the count (then the batch grows to the next multiple of it).
 * Pure; does not mutate its input.
 */
import { part, type ProblemCode, type ProblemPart } from './problems';
import {
  DATASET_STATS,
  maxSourceScale,
  MICRO_BATCH_COUNTS,
  SOURCE_SIDE_MAX_PX,
  type TrainConfig,
} from './trainConfig';

export interface Repair {
  field: keyof TrainConfig;
  /** What changed and why, as a problem code (words in src/i18n). */
  note: ProblemPart;
}

export function repairConfig(
  config: TrainConfig,
  changed?: keyof TrainConfig,
): { config: TrainConfig; repairs: Repair[] } {
  const c: TrainConfig = { ...config, mean255: [...config.mean255], std255: [...config.std255] };
  const repairs: Repair[] = [];
  const report = (field: keyof TrainConfig, code: ProblemCode, params: Record<string, string | number>) =>
    repairs.push({ field, note: part(code, params) });
  if (c.imageDtype === 'uint8' && c.normalizeOn === 'loader') {
    if (changed === 'normalizeOn') {
      c.imageDtype = 'float32';
      report('imageDtype', 'uint8CannotHoldNormalized', { value: 'float32' });
    } else {
      c.normalizeOn = 'model';
      report('normalizeOn', 'uint8NormalizesInModel', { value: 'model' });
    }
  }
  if (c.uploadPath === 'tf-tensor' && c.imageDtype !== 'uint8') {
    c.uploadPath = 'packed';
    report('uploadPath', 'tfTensorUint8Only', { value: 'packed' });
  }
  for (const f of ['mean255', 'std255'] as const) {
    if (c[f].length !== c.channels) {
      const had = c[f].length;
      c[f] = [...DATASET_STATS[c.channels][f]];
      report(f, 'statsLength', { channels: c.channels, got: had, values: c[f].join(',') });
    }
  }
  if (c.sourceScale > maxSourceScale(c.imageSizePx)) {
    c.sourceScale = maxSourceScale(c.imageSizePx);
    report('sourceScale', 'sourceSideMax', { maxPx: SOURCE_SIDE_MAX_PX, value: c.sourceScale });
  }
  if (c.batchSize % c.microBatches !== 0) {
    const got = c.microBatches;
    if (changed === 'microBatches') {
      // Every count divides LIMITS.batchSize.max, so the next multiple is always within bounds.
      c.batchSize = Math.ceil(c.batchSize / got) * got;
      report('batchSize', 'batchForMicroBatches', { microBatches: got, value: c.batchSize });
    } else {
      c.microBatches = MICRO_BATCH_COUNTS.filter((k) => c.batchSize % k === 0).at(-1) ?? 1;
      report('microBatches', 'microBatchesSplit', { batch: c.batchSize, got, value: c.microBatches });
    }
  }
  return { config: c, repairs };
}
