/**
 * Seeded augmentation of one image + mask pair, from the rendered source image to the model's input: a box
 * blur whose radius is a cost knob, horizontal flip, crop + area rescale (the source may be larger than
 * the input, like a photo decoded before a random resized crop), brightness / contrast jitter, and
 * Gaussian-like noise. Parameters come from a PRNG seeded with (seed, sampleId), so a sample gets the same
 * augmentation whichever worker builds it.
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
  /** Crop window in source pixels, area-rescaled to the output size. Full frame = no crop. */
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

/** Source span [start, end) of each output index along one axis: at least one pixel, windows tile the crop. */
function sourceSpans(outPx: number, cropStartPx: number, cropLengthPx: number, flip: boolean) {
  const start = new Int32Array(outPx);
  const end = new Int32Array(outPx);
  for (let i = 0; i < outPx; i++) {
    const is = flip ? outPx - 1 - i : i;
    const a = cropStartPx + Math.floor((is * cropLengthPx) / outPx);
    const b = cropStartPx + Math.floor(((is + 1) * cropLengthPx) / outPx);
    start[i] = a;
    end[i] = Math.max(a + 1, b);
  }
  return { start, end };
}

/**
 * Geometry (crop + rescale, then flip) applied identically to image and mask, then the photometric jitter
 * and noise to the image. The crop window is in `source` pixels and is rescaled to `out` (default: the
 * source size). Along each axis output index i covers the source span [c + ⌊i'·L/N⌋, c + ⌊(i'+1)·L/N⌋)
 * (at least one pixel; i' = N − 1 − i when flipped along x), with c the crop start, L its length and N the
 * output size. The image pixel is the mean of its span (an area rescale: no aliasing when the source is
 * larger); the mask takes the span's middle pixel (class ids cannot be averaged). When the window is not
 * larger than the output every span is one pixel: a nearest rescale reading (c + ⌊i'·L/N⌋).
 */
export function applyAugmentParams(
  sample: Sample,
  source: SampleDims,
  params: AugmentParams,
  out: SampleDims = source,
): Sample {
  const { widthPx: sw, channels: c } = source;
  const { heightPx: h, widthPx: w } = out;
  if (out.channels !== c) throw new Error('rescaling keeps the channel count');
  const image = new Uint8Array(h * w * c);
  const mask = new Uint8Array(h * w);
  const xs = sourceSpans(w, params.cropXPx, params.cropWidthPx, params.flip);
  const ys = sourceSpans(h, params.cropYPx, params.cropHeightPx, false);
  const noiseRng = createRng(params.noiseSeed);
  const noiseStd = params.noiseStd255;
  const { contrast, brightness255 } = params;
  const sums = new Float64Array(c);
  for (let y = 0; y < h; y++) {
    const y0 = ys.start[y]!;
    const y1 = ys.end[y]!;
    for (let x = 0; x < w; x++) {
      const x0 = xs.start[x]!;
      const x1 = xs.end[x]!;
      const dst = y * w + x;
      mask[dst] = sample.mask[(y0 + ((y1 - y0 - 1) >> 1)) * sw + x0 + ((x1 - x0 - 1) >> 1)]!;
      sums.fill(0);
      for (let sy = y0; sy < y1; sy++) {
        for (let sx = x0; sx < x1; sx++) {
          const src = (sy * sw + sx) * c;
          for (let k = 0; k < c; k++) sums[k]! += sample.image[src + k]!;
        }
      }
      const count = (y1 - y0) * (x1 - x0);
      for (let k = 0; k < c; k++) {
        const noise = noiseStd === 0 ? 0 : noiseStd * noiseRng.normal();
        const value = (sums[k]! / count - 128) * contrast + 128 + brightness255 + noise;
        image[dst * c + k] = toByte(value);
      }
    }
  }
  return { image, mask };
}

/** `sample` (of size `source`) area-rescaled to `out`, full frame, nothing else changed. */
export function rescaleSample(sample: Sample, source: SampleDims, out: SampleDims): Sample {
  return applyAugmentParams(sample, source, identityAugmentParams(source), out);
}

/**
 * Box blur of an HWC byte image, separable (horizontal then vertical), edges replicated. Deliberately the
 * direct sum, not a running sum: the cost is ∝ (2r + 1) per pixel per pass, so the radius is a knob that
 * makes batches expensive to build. Integer sums, one rounding at the end: exact and deterministic.
 * Radius 0 returns a copy.
 */
export function boxBlur(image: Uint8Array, dims: SampleDims, radiusPx: number): Uint8Array {
  if (!Number.isInteger(radiusPx) || radiusPx < 0) throw new Error(`blur radius must be an integer ≥ 0`);
  if (radiusPx === 0) return image.slice();
  const sums = boxSums(boxSums(image, dims, radiusPx, 'x'), dims, radiusPx, 'y');
  const area = (2 * radiusPx + 1) * (2 * radiusPx + 1);
  return Uint8Array.from(sums, (sum) => Math.floor((2 * sum + area) / (2 * area))); // round half up
}

/** One pass of the box blur: each value's sum over ±r along `axis`, edges replicated. */
function boxSums(
  values: Uint8Array | Uint32Array,
  dims: SampleDims,
  r: number,
  axis: 'x' | 'y',
): Uint32Array {
  const { heightPx: h, widthPx: w, channels: c } = dims;
  const [length, stride] = axis === 'x' ? [w, c] : [h, w * c];
  const sums = new Uint32Array(h * w * c);
  for (let i = 0; i < sums.length; i++) {
    const at = axis === 'x' ? Math.floor(i / c) % w : Math.floor(i / (w * c));
    const base = i - at * stride;
    let sum = 0;
    for (let d = -r; d <= r; d++) sum += values[base + Math.min(length - 1, Math.max(0, at + d)) * stride]!;
    sums[i] = sum;
  }
  return sums;
}

export interface AugmentOptions {
  /** Random flip / crop / jitter / noise. */
  augment: boolean;
  /** Box blur radius on the source image, 0 = off (also applied when `augment` is false). */
  blurRadiusPx: number;
}

/**
 * The loader's per-sample step, from the rendered source image to the model's input: blur the source
 * (when radius > 0; cost ∝ source pixels × (2r + 1)), then crop + rescale to `out` with the random
 * augmentation (when on), or a plain full-frame rescale when the sizes differ, or nothing.
 */
export function augmentSample(
  sample: Sample,
  source: SampleDims,
  out: SampleDims,
  seed: number,
  sampleId: number,
  options: AugmentOptions,
): Sample {
  let src = sample;
  if (options.blurRadiusPx > 0)
    src = { image: boxBlur(src.image, source, options.blurRadiusPx), mask: src.mask };
  if (options.augment) return applyAugmentParams(src, source, drawAugmentParams(seed, sampleId, source), out);
  const sameSize = source.heightPx === out.heightPx && source.widthPx === out.widthPx;
  return sameSize ? src : rescaleSample(src, source, out);
}
