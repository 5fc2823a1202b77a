/**
 * Proves that every data path feeds the model the same numbers: for each storage dtype × normalization
 * placement × upload path, build batch 0, run it through upload + the Normalize layer on the active
 * backend, read it back, and compare with a CPU reference computed from the raw uint8 pixels. Also takes
 * one training step from identical weights and reports the loss, which must agree across paths.
 * Runs in the training worker (or Node); the caller disposes nothing — every tensor is freed here.
 */
import { DATA_PATHS } from '../config/dataPaths';
import type { DataPathCheckRow } from '../config/dataPathCheck';
import type { TrainConfig } from '../config/trainConfig';
import { buildHostBatch } from '../data/buildBatch';
import { decodeHostImagesToFloat32 } from '../data/decodeBatch';
import type { BackendName } from './backend';
import { createTrainer } from './trainer';

/**
 * float32 and uint8 paths are exact up to float32 rounding of (x − mean) · (1/std): 1e-6.
 * float16 holding raw 0–255 values is exact too (integers ≤ 2048 are representable in half).
 * float16 holding normalized values is rounded to 11 significant bits: error ≤ 2⁻¹¹·|x| — at most
 * 1e-3 for |x| < 2 — so its bound is max(1e-3, 2⁻¹¹·max|x|).
 */
function toleranceFor(variant: Pick<TrainConfig, 'imageDtype' | 'normalizeOn'>, maxAbsValue: number): number {
  if (variant.imageDtype === 'float16' && variant.normalizeOn === 'loader')
    return Math.max(1e-3, maxAbsValue / 2048);
  return 1e-6;
}

export async function checkDataPaths(base: TrainConfig, backend: BackendName): Promise<DataPathCheckRow[]> {
  const rows: DataPathCheckRow[] = [];
  const reference = decodeHostImagesToFloat32(
    buildHostBatch({ ...base, imageDtype: 'uint8', normalizeOn: 'model' }, 0),
    base.mean255,
    base.std255,
  );
  let maxAbsValue = 0;
  for (const v of reference) maxAbsValue = Math.max(maxAbsValue, Math.abs(v));
  for (const path of DATA_PATHS) {
    const variant = path.patch;
    const config: TrainConfig = { ...base, ...variant };
    const batch = buildHostBatch(config, 0);
    const trainer = createTrainer(config, backend);
    try {
      const images = await trainer.normalizedImages(batch);
      let maxAbsError = 0;
      for (let i = 0; i < reference.length; i++) {
        maxAbsError = Math.max(maxAbsError, Math.abs((images[i] ?? Number.NaN) - reference[i]!));
      }
      if (images.length !== reference.length) maxAbsError = Number.POSITIVE_INFINITY;
      const step = await trainer.step(batch);
      const tolerance = toleranceFor(variant, maxAbsValue);
      rows.push({
        id: path.id,
        label: path.label,
        ...variant,
        maxAbsError,
        tolerance,
        firstLoss: step.loss,
        uploadedImageBytes: step.uploadedImageBytes,
        ok: maxAbsError <= tolerance,
      });
    } finally {
      trainer.dispose();
    }
  }
  return rows;
}
