/**
 * The synthetic segmentation dataset: sample i of a seed is a textured, noisy background with several
 * class-coloured shapes on it, plus its per-pixel class mask. Pure function of (spec, sampleId): the same
 * bytes on every run, worker and machine (seeded integer PRNG, deterministic math, no Math.random/Date).
 */
import { LIMITS, SOURCE_SIDE_MAX_PX } from '../config/trainConfig';
import { cosTurns, sinTurns, toByte } from './detMath';
import { createRng, hashSeed, SEED_PURPOSE } from './random';
import type { Rng } from './random';
import { drawShape, planShapes } from './shapes';

export interface DatasetSpec {
  /** Dataset seed (any uint32); the validation set uses a seed derived from the run seed. */
  seed: number;
  /** Square side, 16–SOURCE_SIDE_MAX_PX (1024) px: the source a loader crops and rescales. */
  sizePx: number;
  channels: 1 | 3;
  /** 2–6 classes, background included. */
  numClasses: number;
}

export interface Sample {
  /** H·W·C bytes, HWC order. */
  image: Uint8Array;
  /** H·W class ids, 0..K−1, 0 = background. */
  mask: Uint8Array;
}

function assertSpec(spec: DatasetSpec): void {
  const { sizePx, numClasses, channels } = spec;
  const sizeOk = Number.isInteger(sizePx) && sizePx >= LIMITS.imageSizePx.min && sizePx <= SOURCE_SIDE_MAX_PX;
  if (!sizeOk) {
    throw new Error(
      `sizePx must be an integer in ${LIMITS.imageSizePx.min}–${SOURCE_SIDE_MAX_PX}, got ${sizePx}`,
    );
  }
  const { min, max } = LIMITS.numClasses;
  if (!Number.isInteger(numClasses) || numClasses < min || numClasses > max) {
    throw new Error(`numClasses must be an integer in ${min}–${max}, got ${numClasses}`);
  }
  if (channels !== 1 && channels !== 3) throw new Error(`channels must be 1 or 3, got ${String(channels)}`);
}

/**
 * Background into `work` (HWC floats): a base level with a per-channel tint, a linear gradient, and three
 * sinusoidal textures (along x, along y, diagonal), all separable so a pixel costs a few additions.
 */
function paintBackground(work: Float32Array, sizePx: number, channels: number, rng: Rng): void {
  const base = rng.range(80, 130);
  const tint = Array.from({ length: channels }, () => (channels === 3 ? rng.range(-25, 25) : 0));
  const gradX = rng.range(-35, 35);
  const gradY = rng.range(-35, 35);
  const ampX = rng.range(4, 14);
  const freqX = rng.int(1, 6);
  const phaseX = rng.next();
  const ampY = rng.range(4, 14);
  const freqY = rng.int(1, 6);
  const phaseY = rng.next();
  const ampDiag = rng.range(3, 10);
  const freqDiagX = rng.int(1, 8);
  const freqDiagY = rng.int(1, 8);
  const phaseDiag = rng.next();

  const colTerm = new Float64Array(sizePx);
  const rowTerm = new Float64Array(sizePx);
  const sinX = new Float64Array(sizePx);
  const cosX = new Float64Array(sizePx);
  const sinY = new Float64Array(sizePx);
  const cosY = new Float64Array(sizePx);
  for (let i = 0; i < sizePx; i++) {
    const t = i / sizePx;
    colTerm[i] = gradX * (t - 0.5) + ampX * sinTurns(freqX * t + phaseX);
    rowTerm[i] = gradY * (t - 0.5) + ampY * sinTurns(freqY * t + phaseY);
    sinX[i] = sinTurns(freqDiagX * t + phaseDiag);
    cosX[i] = cosTurns(freqDiagX * t + phaseDiag);
    sinY[i] = sinTurns(freqDiagY * t);
    cosY[i] = cosTurns(freqDiagY * t);
  }
  let i = 0;
  for (let y = 0; y < sizePx; y++) {
    const row = base + rowTerm[y]!;
    const sy = ampDiag * sinY[y]!;
    const cy = ampDiag * cosY[y]!;
    for (let x = 0; x < sizePx; x++) {
      // sin(a + b) = sin a·cos b + cos a·sin b: a diagonal wave from two 1-D tables
      const level = row + colTerm[x]! + sinX[x]! * cy + cosX[x]! * sy;
      for (let c = 0; c < channels; c++) work[i++] = level + tint[c]!;
    }
  }
}

/** Renders sample `sampleId` of the dataset `spec`. */
export function renderSample(spec: DatasetSpec, sampleId: number): Sample {
  assertSpec(spec);
  const { sizePx, channels, numClasses } = spec;
  const rng = createRng(hashSeed(spec.seed, sampleId, SEED_PURPOSE.render));
  const work = new Float32Array(sizePx * sizePx * channels);
  const mask = new Uint8Array(sizePx * sizePx);
  paintBackground(work, sizePx, channels, rng);
  for (const shape of planShapes(sizePx, numClasses, channels, rng)) {
    drawShape(work, mask, sizePx, channels, shape);
  }
  const noiseStd255 = rng.range(5, 14);
  const image = new Uint8Array(work.length);
  for (let i = 0; i < work.length; i++) image[i] = toByte(work[i]! + noiseStd255 * rng.normal());
  return { image, mask };
}
