/**
 * What the on-device data-path check reports (run by the engine in the training worker, shown by the Data
 * path panel): per data path, how far the model's input is from a CPU reference and the first loss.
 * Pure types.
 */
import type { DataPathId } from './dataPaths';
import type { TrainConfig } from './trainConfig';

export interface DataPathCheckRow {
  id: DataPathId;
  label: string;
  imageDtype: TrainConfig['imageDtype'];
  normalizeOn: TrainConfig['normalizeOn'];
  uploadPath: TrainConfig['uploadPath'];
  /** max |model input − CPU reference| over the batch, in normalized units. */
  maxAbsError: number;
  /** The tolerance this path must meet (see toleranceFor). */
  tolerance: number;
  /** Loss of one step from the seed's initial weights. */
  firstLoss: number;
  uploadedImageBytes: number;
  ok: boolean;
}

export interface DataPathCheckResult {
  backend: string;
  rows: DataPathCheckRow[];
  /** GPU errors no error scope captured during the check (an all-zero tensor's usual cause). */
  uncapturedErrors: number;
  /** Set when the check could not run. */
  error: string | null;
}
