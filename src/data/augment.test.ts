import { describe, expect, it } from 'vitest';
import {
  applyAugmentParams,
  augmentSample,
  boxBlur,
  drawAugmentParams,
  identityAugmentParams,
  rescaleSample,
} from './augment';
import type { AugmentParams, SampleDims } from './augment';
import { renderSample } from './syntheticDataset';
import type { Sample } from './syntheticDataset';

const DIMS: SampleDims = { heightPx: 32, widthPx: 32, channels: 3 };
const SPEC = { seed: 42, sizePx: 32, channels: 3 as const, numClasses: 4 };

/** A sample whose image encodes its mask (value = 40·class + channel) and whose mask varies in x and y. */
function codedSample(dims: SampleDims): Sample {
  const { heightPx: h, widthPx: w, channels: c } = dims;
  const mask = new Uint8Array(h * w);
  const image = new Uint8Array(h * w * c);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const cls = (x * 3 + y * 5) % 6;
      mask[y * w + x] = cls;
      for (let k = 0; k < c; k++) image[(y * w + x) * c + k] = 40 * cls + k;
    }
  }
  return { image, mask };
}

describe('augmentation parameters', () => {
  it('are a pure function of (seed, sampleId)', () => {
    expect(drawAugmentParams(1, 7, DIMS)).toEqual(drawAugmentParams(1, 7, DIMS));
    expect(drawAugmentParams(1, 7, DIMS)).not.toEqual(drawAugmentParams(1, 8, DIMS));
    expect(drawAugmentParams(1, 7, DIMS)).not.toEqual(drawAugmentParams(2, 7, DIMS));
  });

  it('flip about half the time and keep crops inside the image', () => {
    let flips = 0;
    let crops = 0;
    for (let id = 0; id < 400; id++) {
      const p = drawAugmentParams(3, id, DIMS);
      if (p.flip) flips++;
      if (p.cropWidthPx < DIMS.widthPx) crops++;
      expect(p.cropXPx + p.cropWidthPx).toBeLessThanOrEqual(DIMS.widthPx);
      expect(p.cropYPx + p.cropHeightPx).toBeLessThanOrEqual(DIMS.heightPx);
      expect(p.cropWidthPx).toBeGreaterThanOrEqual(Math.round(0.7 * DIMS.widthPx));
    }
    expect(flips).toBeGreaterThan(150);
    expect(flips).toBeLessThan(250);
    expect(crops).toBeGreaterThan(150);
  });
});

describe('applyAugmentParams', () => {
  it('is the identity with identity parameters', () => {
    const s = renderSample(SPEC, 0);
    const out = applyAugmentParams(s, DIMS, identityAugmentParams(DIMS));
    expect(out.image).toEqual(s.image);
    expect(out.mask).toEqual(s.mask);
  });

  it('flips image and mask left-right together', () => {
    const s = renderSample(SPEC, 3);
    const out = applyAugmentParams(s, DIMS, { ...identityAugmentParams(DIMS), flip: true });
    const { widthPx: w, channels: c } = DIMS;
    const mirroredMask = new Uint8Array(s.mask.length);
    const mirroredImage = new Uint8Array(s.image.length);
    for (let y = 0; y < 32; y++) {
      for (let x = 0; x < w; x++) {
        mirroredMask[y * w + x] = s.mask[y * w + (w - 1 - x)]!;
        for (let k = 0; k < c; k++)
          mirroredImage[(y * w + x) * c + k] = s.image[(y * w + (w - 1 - x)) * c + k]!;
      }
    }
    expect(out.mask).toEqual(mirroredMask);
    expect(out.image).toEqual(mirroredImage);
    expect(out.mask).not.toEqual(s.mask); // the sample is not symmetric
    const twice = applyAugmentParams(out, DIMS, { ...identityAugmentParams(DIMS), flip: true });
    expect(twice.image).toEqual(s.image);
  });

  it('crops and rescales with nearest neighbour, mask and image alike', () => {
    const s = codedSample(DIMS);
    const p = { ...identityAugmentParams(DIMS), cropXPx: 4, cropYPx: 2, cropWidthPx: 16, cropHeightPx: 24 };
    const out = applyAugmentParams(s, DIMS, p);
    // Output (x, y) reads source (4 + ⌊x·16/32⌋, 2 + ⌊y·24/32⌋).
    expect(out.mask[0]).toBe(s.mask[2 * 32 + 4]);
    expect(out.mask[5 * 32 + 9]).toBe(s.mask[(2 + Math.floor((5 * 24) / 32)) * 32 + 4 + Math.floor(9 / 2)]);
    expect(out.mask[31 * 32 + 31]).toBe(s.mask[(2 + 23) * 32 + 4 + 15]);
  });

  it('keeps image and mask aligned under any drawn geometry', () => {
    const s = codedSample(DIMS);
    for (let id = 0; id < 20; id++) {
      const geometryOnly = {
        ...drawAugmentParams(5, id, DIMS),
        contrast: 1,
        brightness255: 0,
        noiseStd255: 0,
      };
      const out = applyAugmentParams(s, DIMS, geometryOnly);
      const misaligned = out.mask.filter(
        (cls, p) => out.image[p * 3] !== 40 * cls || out.image[p * 3 + 2] !== 40 * cls + 2,
      );
      expect(misaligned.length).toBe(0);
    }
  });

  it('jitters brightness and contrast on the image only, clamped to 0–255', () => {
    const s = codedSample(DIMS);
    const p = { ...identityAugmentParams(DIMS), contrast: 2, brightness255: 10 };
    const out = applyAugmentParams(s, DIMS, p);
    expect(out.mask).toEqual(s.mask);
    const expected = s.image.map((v) => Math.min(255, Math.max(0, (v - 128) * 2 + 138)));
    expect(out.image).toEqual(expected);
    expect(Math.max(...out.image)).toBe(255); // clamped above (40·5 + 2 → 286)
    expect(Math.min(...out.image)).toBe(0); // and below
  });

  it('adds zero-mean noise of about the requested std to the image only', () => {
    const flat: Sample = {
      image: new Uint8Array(32 * 32 * 3).fill(128),
      mask: new Uint8Array(32 * 32).fill(2),
    };
    const out = applyAugmentParams(flat, DIMS, {
      ...identityAugmentParams(DIMS),
      noiseStd255: 6,
      noiseSeed: 9,
    });
    const diffs = Array.from(out.image, (v) => v - 128);
    const mean = diffs.reduce((a, b) => a + b, 0) / diffs.length;
    const std = Math.sqrt(diffs.reduce((a, b) => a + b * b, 0) / diffs.length);
    expect(Math.abs(mean)).toBeLessThan(0.5);
    expect(std).toBeGreaterThan(5);
    expect(std).toBeLessThan(7);
    expect(out.mask).toEqual(flat.mask);
  });
});

describe('rescaling from a larger source', () => {
  const SOURCE: SampleDims = { heightPx: 64, widthPx: 64, channels: 3 };
  const OUT: SampleDims = { heightPx: 16, widthPx: 16, channels: 3 };
  const big = renderSample({ ...SPEC, sizePx: 64 }, 2);

  /** Independent reference: mean of the source span, mask at its middle, spans per the documented rule. */
  function reference(p: AugmentParams): Sample {
    const span = (i: number, n: number, start: number, len: number) => {
      const a = start + Math.floor((i * len) / n);
      return [a, Math.max(a + 1, start + Math.floor(((i + 1) * len) / n))] as const;
    };
    const image = new Uint8Array(16 * 16 * 3);
    const mask = new Uint8Array(16 * 16);
    for (let y = 0; y < 16; y++) {
      for (let x = 0; x < 16; x++) {
        const [y0, y1] = span(y, 16, p.cropYPx, p.cropHeightPx);
        const [x0, x1] = span(p.flip ? 15 - x : x, 16, p.cropXPx, p.cropWidthPx);
        mask[y * 16 + x] =
          big.mask[(y0 + Math.floor((y1 - y0 - 1) / 2)) * 64 + x0 + Math.floor((x1 - x0 - 1) / 2)]!;
        for (let k = 0; k < 3; k++) {
          let sum = 0;
          for (let sy = y0; sy < y1; sy++)
            for (let sx = x0; sx < x1; sx++) sum += big.image[(sy * 64 + sx) * 3 + k]!;
          const v = (sum / ((y1 - y0) * (x1 - x0)) - 128) * p.contrast + 128 + p.brightness255;
          image[(y * 16 + x) * 3 + k] = Math.min(255, Math.max(0, Math.floor(v + 0.5)));
        }
      }
    }
    return { image, mask };
  }

  it('averages each 4×4 block of a 4× source and takes the mask from the block middle', () => {
    const out = rescaleSample(big, SOURCE, OUT);
    expect(out).toEqual(reference(identityAugmentParams(SOURCE)));
    // One pixel by hand: output (0, 0) is the mean of source rows 0–3, columns 0–3; its class is (1, 1)'s.
    let sum = 0;
    for (let y = 0; y < 4; y++) for (let x = 0; x < 4; x++) sum += big.image[(y * 64 + x) * 3]!;
    expect(out.image[0]).toBe(Math.floor(sum / 16 + 0.5));
    expect(out.mask[0]).toBe(big.mask[1 * 64 + 1]);
  });

  it('crops, flips and jitters in source pixels, then area-rescales, for any drawn geometry', () => {
    for (let id = 0; id < 12; id++) {
      const p = { ...drawAugmentParams(7, id, SOURCE), noiseStd255: 0 };
      expect(p.cropWidthPx).toBeGreaterThanOrEqual(Math.round(0.7 * 64));
      expect(applyAugmentParams(big, SOURCE, p, OUT)).toEqual(reference(p));
    }
  });

  it('crops an 8×8 source to its centre 4×4 and halves it: 2×2 means by hand, mask from the top-left', () => {
    const src: SampleDims = { heightPx: 8, widthPx: 8, channels: 1 };
    const out: SampleDims = { heightPx: 2, widthPx: 2, channels: 1 };
    const image = Uint8Array.from({ length: 64 }, (_, i) => i); // value = 8·y + x
    const mask = Uint8Array.from({ length: 64 }, (_, i) => i % 6);
    const p = { ...identityAugmentParams(src), cropXPx: 2, cropYPx: 2, cropWidthPx: 4, cropHeightPx: 4 };
    const r = applyAugmentParams({ image, mask }, src, p, out);
    // (18 + 19 + 26 + 27) / 4 = 22.5 → 23; (20 + 21 + 28 + 29) / 4 = 24.5 → 25; then 38.5 → 39, 40.5 → 41.
    expect(Array.from(r.image)).toEqual([23, 25, 39, 41]);
    expect(Array.from(r.mask)).toEqual([18 % 6, 20 % 6, 34 % 6, 36 % 6]);
    const flipped = applyAugmentParams({ image, mask }, src, { ...p, flip: true }, out);
    expect(Array.from(flipped.image)).toEqual([25, 23, 41, 39]);
  });

  it('flipping mirrors the output exactly, image and mask, for any drawn crop', () => {
    for (let id = 0; id < 12; id++) {
      const p = { ...drawAugmentParams(11, id, SOURCE), noiseStd255: 0 };
      const plain = applyAugmentParams(big, SOURCE, { ...p, flip: false }, OUT);
      const flipped = applyAugmentParams(big, SOURCE, { ...p, flip: true }, OUT);
      for (let y = 0; y < 16; y++) {
        for (let x = 0; x < 16; x++) {
          const m = y * 16 + (15 - x);
          expect(flipped.mask[y * 16 + x]).toBe(plain.mask[m]);
          for (let k = 0; k < 3; k++)
            expect(flipped.image[(y * 16 + x) * 3 + k]).toBe(plain.image[m * 3 + k]);
        }
      }
    }
  });

  it('keeps a constant image constant and smooths the source noise', () => {
    const flat: Sample = {
      image: new Uint8Array(64 * 64 * 3).fill(93),
      mask: new Uint8Array(64 * 64).fill(1),
    };
    const out = rescaleSample(flat, SOURCE, OUT);
    expect(out.image.every((v) => v === 93)).toBe(true);
    expect(out.mask.every((v) => v === 1)).toBe(true);
    const spread = (a: Uint8Array) => {
      const mean = a.reduce((x, y) => x + y, 0) / a.length;
      return Math.sqrt(a.reduce((x, y) => x + (y - mean) ** 2, 0) / a.length);
    };
    const native = renderSample({ ...SPEC, sizePx: 16 }, 2);
    const diffNative = native.image.map((v, i) => Math.abs(v - native.image[i + 3 * 16]!) % 256);
    const downscaled = rescaleSample(big, SOURCE, OUT).image;
    const diffDown = downscaled.map((v, i) => Math.abs(v - downscaled[i + 3 * 16]!) % 256);
    expect(spread(diffDown.slice(0, -48))).toBeLessThan(spread(diffNative.slice(0, -48)));
  });
});

describe('boxBlur', () => {
  const dims: SampleDims = { heightPx: 5, widthPx: 5, channels: 1 };

  it('averages a (2r+1)² window with replicated edges', () => {
    const image = new Uint8Array(25);
    image[12] = 90; // centre impulse
    const out = boxBlur(image, dims, 1);
    expect(out[12]).toBe(10);
    expect(out[6]).toBe(10); // diagonal neighbour still sees the impulse
    expect(out[0]).toBe(0);
    const corner = new Uint8Array(25);
    corner[0] = 90; // replicated edge: the corner's window holds it 4 times
    expect(boxBlur(corner, dims, 1)[0]).toBe(40);
  });

  it('keeps a constant image constant, is off at radius 0, and leaves channels apart', () => {
    const rgb: SampleDims = { heightPx: 6, widthPx: 7, channels: 3 };
    const image = new Uint8Array(6 * 7 * 3);
    for (let i = 0; i < image.length; i++) image[i] = [10, 200, 77][i % 3]!;
    expect(boxBlur(image, rgb, 3)).toEqual(image);
    const noisy = renderSample(SPEC, 1).image;
    expect(boxBlur(noisy, DIMS, 0)).toEqual(noisy);
    expect(boxBlur(noisy, DIMS, 2)).not.toEqual(noisy);
  });
});

describe('augmentSample', () => {
  it('is deterministic per (seed, sampleId) whatever worker calls it', () => {
    const s = renderSample(SPEC, 4);
    const options = { augment: true, blurRadiusPx: 1 };
    const a = augmentSample(s, DIMS, DIMS, 42, 4, options);
    const b = augmentSample(renderSample(SPEC, 4), DIMS, DIMS, 42, 4, options);
    expect(a.image).toEqual(b.image);
    expect(a.mask).toEqual(b.mask);
    expect(augmentSample(s, DIMS, DIMS, 42, 5, options).image).not.toEqual(a.image);
  });

  it('passes the sample through when everything is off and never mutates its input', () => {
    const s = renderSample(SPEC, 4);
    const copy = s.image.slice();
    expect(augmentSample(s, DIMS, DIMS, 42, 4, { augment: false, blurRadiusPx: 0 })).toBe(s);
    augmentSample(s, DIMS, DIMS, 42, 4, { augment: true, blurRadiusPx: 2 });
    expect(s.image).toEqual(copy);
    const blurredOnly = augmentSample(s, DIMS, DIMS, 42, 4, { augment: false, blurRadiusPx: 2 });
    expect(blurredOnly.mask).toEqual(s.mask);
    expect(blurredOnly.image).toEqual(boxBlur(s.image, DIMS, 2));
  });

  it('blurs the source before rescaling it to the output size', () => {
    const source: SampleDims = { heightPx: 64, widthPx: 64, channels: 3 };
    const big = renderSample({ ...SPEC, sizePx: 64 }, 4);
    const out = augmentSample(big, source, DIMS, 42, 4, { augment: false, blurRadiusPx: 3 });
    expect(out).toEqual(
      rescaleSample({ image: boxBlur(big.image, source, 3), mask: big.mask }, source, DIMS),
    );
    const augmented = augmentSample(big, source, DIMS, 42, 4, { augment: true, blurRadiusPx: 0 });
    expect(augmented).toEqual(applyAugmentParams(big, source, drawAugmentParams(42, 4, source), DIMS));
    expect(augmented.image).toHaveLength(32 * 32 * 3);
  });
});
