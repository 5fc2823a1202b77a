/**
 * Samples and batches from the user's files: decode the pair at the source size (imageSizePx ×
 * sourceScale), image to 1 or 3 channels, mask to class ids through the mask mode and palette, then the
 * same blur / crop / rescale / augmentation and encoding as the synthetic source (augment.ts,
 * encodeBatch.ts). A sample's bytes depend only on the files, the config and its id, never on which worker
 * decoded it. A mask with a class ≥ K fails the batch with the file's name (a thrown error, in English for the
 * log and the run's failure note). No tfjs, no DOM.
 */
import {
  assembleBatch,
  sampleIdsOfBatch,
  trainingInput,
  validationInput,
  type BatchConfig,
} from '../buildBatch';
import type { HostBatch } from '../hostBatch';
import type { Sample } from '../syntheticDataset';
import type { FileSource } from './fileDataset';
import { classesFromRgba, MaskClassError } from './maskClasses';
import { trainingPairOf } from './validationSplit';

/** RGBA → HWC bytes with `channels` channels (grey: integer Rec. 601 luma, exact on every engine). */
export function pixelsFromRgba(rgba: Uint8ClampedArray | Uint8Array, channels: 1 | 3): Uint8Array {
  const count = rgba.length / 4;
  const out = new Uint8Array(count * channels);
  for (let p = 0, i = 0; p < count; p++, i += 4) {
    if (channels === 1) out[p] = (rgba[i]! * 77 + rgba[i + 1]! * 150 + rgba[i + 2]! * 29 + 128) >> 8;
    else for (let k = 0; k < 3; k++) out[p * 3 + k] = rgba[i + k]!;
  }
  return out;
}

/** Pair `pairIndex` decoded at the source size, unaugmented. */
async function decodePair(config: BatchConfig, source: FileSource, pairIndex: number): Promise<Sample> {
  const pair = source.files.pairs[pairIndex];
  if (!pair) throw new Error(`no pair ${pairIndex}`);
  const sidePx = config.imageSizePx * config.sourceScale;
  const decoded = async (blob: Blob, path: string, nearest: boolean) => {
    try {
      return await source.decode(blob, sidePx, nearest);
    } catch (error) {
      throw new Error(
        `${path}: could not be decoded: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };
  const image = pixelsFromRgba(await decoded(pair.image, pair.imagePath, false), config.channels);
  const maskRgba = await decoded(pair.mask, pair.maskPath, true);
  try {
    const mask = classesFromRgba(maskRgba, source.files.maskMode, source.files.palette, config.numClasses);
    return { image, mask };
  } catch (error) {
    if (error instanceof MaskClassError) {
      const k = config.numClasses;
      throw new Error(
        `${pair.maskPath}: holds class index ${error.value}, but there are ${k} classes (0–${k - 1}): ` +
          'raise the class count or fix the mask',
      );
    }
    throw error;
  }
}

/** Training sample `sampleId`: its pair (per-epoch seeded order), decoded, blurred, augmented. */
export async function buildFileTrainingSample(
  config: BatchConfig,
  source: FileSource,
  sampleId: number,
): Promise<Sample> {
  const pairIndex = trainingPairOf(source.files.split, config.seed, sampleId);
  return trainingInput(config, await decodePair(config, source, pairIndex), sampleId);
}

/** Training batch `batchIndex`, samples decoded one after the other (one decoded image held at a time). */
export async function buildFileBatch(
  config: BatchConfig,
  source: FileSource,
  batchIndex: number,
): Promise<HostBatch> {
  const startMs = performance.now();
  const samples: Sample[] = [];
  for (const id of sampleIdsOfBatch(batchIndex, config.batchSize)) {
    samples.push(await buildFileTrainingSample(config, source, id));
  }
  return assembleBatch(config, batchIndex, samples, startMs);
}

/** The validation batch: held-out pairs 0..count−1 (cycling when there are fewer), unaugmented. */
export async function buildFileValidationBatch(
  config: BatchConfig,
  source: FileSource,
  count: number,
): Promise<HostBatch> {
  const startMs = performance.now();
  const held = source.files.split.validation;
  const samples: Sample[] = [];
  for (let j = 0; j < count; j++) {
    samples.push(validationInput(config, await decodePair(config, source, held[j % held.length]!)));
  }
  return assembleBatch(config, 0, samples, startMs);
}
