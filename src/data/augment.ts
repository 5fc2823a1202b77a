/**
 * Seeded augmentation of one image + mask pair: horizontal flip, crop + nearest rescale, brightness /
 * contrast jitter, Gaussian-like noise, and a box blur whose radius is a cost knob. Parameters come from a
 * PRNG seeded with (seed, sampleId), so a sample gets the same augmentation whichever worker builds it.
 * Inputs are never modified; steps that run return new arrays, steps that are off pass arrays through.
 */
import { toByte } from './detMath';
import { createRng, hashSeed, SEED_PURPOSE } from './random';
import type { Sample } from './syntheticDataset';

export interface SampleDims {
  heightPx: number;
  widthPx: number;
  channels: 1 | 3;
}

export interface AugmentParams {
  /** Mirror left ↔ right (image and mask). */
  flip: boolean;
  /** Crop window in source pixels, rescaled (nearest) back to the full size. Full frame = no crop. */
  cropXPx: number;
  cropYPx: number;
  cropWidthPx: number;
  cropHeightPx: number;
  /** y = (x − 128)·contrast + 128 + brightness255 (image only). */
  contrast: number;
  brightness255: number;
  /** Std of the added noise on the 0–255 scale (image only); 0 = none. */
  noiseStd255: number;
  /** Seed of the noise stream. */
  noiseSeed: number;
}

/** The identity augmentation for `dims`: applying it returns equal arrays. */
export function identityAugmentParams(dims: SampleDims): AugmentParams {
  return {
    flip: false,
    cropXPx: 0,
    cropYPx: 0,
    cropWidthPx: dims.widthPx,
    cropHeightPx: dims.heightPx,
    contrast: 1,
    brightness255: 0,
    noiseStd255: 0,
    noiseSeed: 0,
  };
}

/**
 * Draws the augmentation of sample `sampleId`: flip with p = ½; crop with p = ½ to a window of 70–100 %
 * of each side (same scale both ways); contrast 0.8–1.2; brightness ±20; noise std 0–8.
 */
export function drawAugmentParams(seed: number, sampleId: number, dims: SampleDims): AugmentParams {
  const rng = createRng(hashSeed(seed, sampleId, SEED_PURPOSE.augment));
  const flip = rng.chance(0.5);
  const crop = rng.chance(0.5);
  const scale = rng.range(0.7, 1);
  const cropWidthPx = crop ? Math.max(1, Math.round(dims.widthPx * scale)) : dims.widthPx;
  const cropHeightPx = crop ? Math.max(1, Math.round(dims.heightPx * scale)) : dims.heightPx;
  const cropXPx = rng.int(0, dims.widthPx - cropWidthPx + 1);
  const cropYPx = rng.int(0, dims.heightPx - cropHeightPx + 1);
  return {
    flip,
    cropXPx,
    cropYPx,
    cropWidthPx,
    cropHeightPx,
    contrast: rng.range(0.8, 1.2),
    brightness255: rng.range(-20, 20),
    noiseStd255: rng.range(0, 8),
    noiseSeed: rng.nextUint32(),
  };
}

/**
 * Geometry (crop + nearest rescale, then flip) applied identically to image and mask, then the
 * photometric jitter and noise to the image. Output pixel (x, y) reads source pixel
 * (cropX + ⌊x'·cropW / W⌋, cropY + ⌊y·cropH / H⌋) with x' = W − 1 − x when flipped, else x.
 */
export function applyAugmentParams(sample: Sample, dims: SampleDims, params: AugmentParams): Sample {
  const { heightPx: h, widthPx: w, channels: c } = dims;
  const image = new Uint8Array(h * w * c);
  const mask = new Uint8Array(h * w);
  const srcX = new Int32Array(w);
  for (let x = 0; x < w; x++) {
    const xs = params.flip ? w - 1 - x : x;
    srcX[x] = params.cropXPx + Math.floor((xs * params.cropWidthPx) / w);
  }
  const noiseRng = createRng(params.noiseSeed);
  const noiseStd = params.noiseStd255;
  const { contrast, brightness255 } = params;
  for (let y = 0; y < h; y++) {
    const sy = params.cropYPx + Math.floor((y * params.cropHeightPx) / h);
    for (let x = 0; x < w; x++) {
      const src = sy * w + srcX[x]!;
      const dst = y * w + x;
      mask[dst] = sample.mask[src]!;
      for (let k = 0; k < c; k++) {
        const noise = noiseStd === 0 ? 0 : noiseStd * noiseRng.normal();
        const value = (sample.image[src * c + k]! - 128) * contrast + 128 + brightness255 + noise;
        image[dst * c + k] = toByte(value);
      }
    }
  }
  return { image, mask };
}

/**
 * Box blur of an HWC byte image, separable (horizontal then vertical), edges replicated. Deliberately the
 * direct sum, not a running sum: the cost is ∝ (2r + 1) per pixel per pass, so the radius is a knob that
 * makes batches expensive to build. Integer sums, one rounding at the end: exact and deterministic.
 * Radius 0 returns a copy.
 */
export function boxBlur(image: Uint8Array, dims: SampleDims, radiusPx: number): Uint8Array {
  const { heightPx: h, widthPx: w, channels: c } = dims;
  if (!Number.isInteger(radiusPx) || radiusPx < 0) throw new Error(`blur radius must be an integer ≥ 0`);
  if (radiusPx === 0) return image.slice();
  const r = radiusPx;
  const rowSums = new Uint32Array(h * w * c);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      for (let k = 0; k < c; k++) {
        let sum = 0;
        for (let d = -r; d <= r; d++) {
          const xs = Math.min(w - 1, Math.max(0, x + d));
          sum += image[(y * w + xs) * c + k]!;
        }
        rowSums[(y * w + x) * c + k] = sum;
      }
    }
  }
  const out = new Uint8Array(h * w * c);
  const area = (2 * r + 1) * (2 * r + 1);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      for (let k = 0; k < c; k++) {
        let sum = 0;
        for (let d = -r; d <= r; d++) {
          const ys = Math.min(h - 1, Math.max(0, y + d));
          sum += rowSums[(ys * w + x) * c + k]!;
        }
        out[(y * w + x) * c + k] = Math.floor((2 * sum + area) / (2 * area)); // round half up
      }
    }
  }
  return out;
}

export interface AugmentOptions {
  /** Random flip / crop / jitter / noise. */
  augment: boolean;
  /** Box blur radius, 0 = off; applied after the augmentation (and also when `augment` is false). */
  blurRadiusPx: number;
}

/** The loader's per-sample step: augmentation (when on) then blur (when radius > 0). */
export function augmentSample(
  sample: Sample,
  dims: SampleDims,
  seed: number,
  sampleId: number,
  options: AugmentOptions,
): Sample {
  let out = sample;
  if (options.augment) out = applyAugmentParams(out, dims, drawAugmentParams(seed, sampleId, dims));
  if (options.blurRadiusPx > 0)
    out = { image: boxBlur(out.image, dims, options.blurRadiusPx), mask: out.mask };
  return out;
}
