/**
 * The loader's entry points: a TrainConfig and a batch index → one HostBatch (training stream, rendered at
 * the source size, with blur and augmentation per config), and the fixed validation batch (its own sample
 * stream, rescaled to the input size, no augmentation, no blur). Same encoding rules for both; see encodeBatch.ts.
 */
import type { TrainConfig } from '../config/trainConfig';
import { augmentSample, rescaleSample } from './augment';
import { encodeImages, encodeMasks } from './encodeBatch';
import type { HostBatch } from './hostBatch';
import { hashSeed, SEED_PURPOSE } from './random';
import { renderSample } from './syntheticDataset';
import type { DatasetSpec, Sample } from './syntheticDataset';

export type DatasetStream = 'train' | 'validation';

/** The config fields batch building reads (a TrainConfig fits). */
export type BatchConfig = Pick<
  TrainConfig,
  | 'seed'
  | 'imageSizePx'
  | 'channels'
  | 'numClasses'
  | 'batchSize'
  | 'imageDtype'
  | 'normalizeOn'
  | 'maskDtype'
  | 'mean255'
  | 'std255'
  | 'blurRadiusPx'
  | 'sourceScale'
  | 'augment'
  | 'storageLatencyMsPerSample'
>;

/**
 * The dataset a stream draws from, rendered at the source size (imageSizePx × sourceScale). Training uses
 * the run seed; validation a seed derived from it with its own salt, so validation sample i is never
 * training sample i.
 */
export function datasetSpecOf(config: BatchConfig, stream: DatasetStream): DatasetSpec {
  const seed = stream === 'train' ? config.seed : hashSeed(config.seed, SEED_PURPOSE.validationStream);
  const sizePx = config.imageSizePx * config.sourceScale;
  return { seed, sizePx, channels: config.channels, numClasses: config.numClasses };
}

/**
 * A sample rendered or decoded at the source size, made a training input: blurred, crop + rescaled to the
 * input size (augmented when `config.augment`).
 */
export function trainingInput(config: BatchConfig, sample: Sample, sampleId: number): Sample {
  const { source, out } = dimsOf(config);
  return augmentSample(sample, source, out, config.seed, sampleId, config);
}

/** A sample at the source size made a validation input: rescaled to the input size, never augmented or blurred. */
export function validationInput(config: BatchConfig, sample: Sample): Sample {
  const { source, out } = dimsOf(config);
  return config.sourceScale === 1 ? sample : rescaleSample(sample, source, out);
}

/** The rendered source's dimensions and the model input's. */
function dimsOf(config: BatchConfig) {
  const sourcePx = config.imageSizePx * config.sourceScale;
  const { channels } = config;
  return {
    source: { heightPx: sourcePx, widthPx: sourcePx, channels },
    out: { heightPx: config.imageSizePx, widthPx: config.imageSizePx, channels },
  };
}

/** Training sample ids of batch `batchIndex`: batchIndex · batchSize + slot, slot = 0..batchSize−1. */
export function sampleIdsOfBatch(batchIndex: number, batchSize: number): number[] {
  return Array.from({ length: batchSize }, (_, slot) => batchIndex * batchSize + slot);
}

/**
 * Encodes built samples into batch `batchIndex`; `startMs` is when building began (for buildMs). With
 * buildTrainingSample, the pieces of buildHostBatch for a caller that yields between samples.
 */
export function assembleBatch(
  config: BatchConfig,
  batchIndex: number,
  samples: Sample[],
  startMs: number,
): HostBatch {
  const normalized = config.normalizeOn === 'loader';
  if (normalized && config.imageDtype === 'uint8') {
    throw new Error('uint8 storage normalizes in the model (normalizeOn must be "model")');
  }
  const norm = normalized ? { mean255: config.mean255, std255: config.std255 } : null;
  const images = encodeImages(
    samples.map((s) => s.image),
    config.channels,
    config.imageDtype,
    norm,
  );
  const masks = encodeMasks(
    samples.map((s) => s.mask),
    config.maskDtype,
    config.numClasses,
  );
  return {
    batchIndex,
    batchSize: samples.length,
    heightPx: config.imageSizePx,
    widthPx: config.imageSizePx,
    channels: config.channels,
    numClasses: config.numClasses,
    imageDtype: config.imageDtype,
    normalized,
    images: images.buffer,
    imageElements: images.elements,
    maskDtype: config.maskDtype,
    masks: masks.buffer,
    maskElements: masks.elements,
    buildMs: performance.now() - startMs,
  };
}

/**
 * Training batch `batchIndex` (≥ 0): render at the source size, blur, crop + rescale to the input size
 * with augmentation (when `config.augment`), encode.
 */
export function buildHostBatch(config: BatchConfig, batchIndex: number): HostBatch {
  if (!Number.isInteger(batchIndex) || batchIndex < 0) throw new Error(`bad batch index ${batchIndex}`);
  const startMs = performance.now();
  const samples = sampleIdsOfBatch(batchIndex, config.batchSize).map((id) => buildTrainingSample(config, id));
  return assembleBatch(config, batchIndex, samples, startMs);
}

/** Training sample `sampleId`: rendered at the source size, blurred, crop + rescaled (augmented when on). */
export function buildTrainingSample(config: BatchConfig, sampleId: number): Sample {
  return trainingInput(config, renderSample(datasetSpecOf(config, 'train'), sampleId), sampleId);
}

/**
 * The fixed validation batch: samples 0..count−1 of the validation stream, never augmented or blurred,
 * rescaled from the source size to the input size, encoded like training batches. `batchIndex` is 0 (its
 * position in the validation stream).
 */
export function buildValidationBatch(config: BatchConfig, count: number): HostBatch {
  if (!Number.isInteger(count) || count < 1) throw new Error(`bad validation count ${count}`);
  const startMs = performance.now();
  const spec = datasetSpecOf(config, 'validation');
  const samples = Array.from({ length: count }, (_, id) => validationInput(config, renderSample(spec, id)));
  return assembleBatch(config, 0, samples, startMs);
}
