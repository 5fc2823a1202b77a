import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IMAGE_DTYPES, LIMITS, MASK_DTYPES, NORMALIZE_PLACEMENTS, UPLOAD_PATHS } from './trainConfig';
import { checkFits, estimateTrainingMemory, findLargestBatchThatFits, POOL_HEADROOM } from './memoryEstimate';
import { formatBytes } from './byteFormat';
import type { DeviceMemoryLimits, MemoryConfig, MemoryEstimate } from './memoryEstimate';
import { describeUNet, parameterCount } from './unetSpec';

const GiB = 1024 ** 3;
/** The software adapter here: 1 GiB per buffer; a 4 GiB budget. */
const limits: DeviceMemoryLimits = {
  maxBufferSizeBytes: GiB,
  maxStorageBufferBindingSizeBytes: GiB,
  memoryBudgetBytes: 4 * GiB,
};

const tiny: MemoryConfig = {
  batchSize: 1,
  imageSizePx: 8,
  channels: 1,
  numClasses: 2,
  depth: 2,
  baseWidth: 4,
  optimizer: 'adam',
  imageDtype: 'uint8',
  normalizeOn: 'model',
  uploadPath: 'packed',
  maskDtype: 'uint8',
};

const bytesOf = (e: MemoryEstimate, name: string): number | undefined =>
  e.tensors.find((t) => t.name === name)?.bytes;

const fitsByHand = (e: MemoryEstimate): boolean =>
  e.largestBufferBytes <= GiB && e.totalBytes * POOL_HEADROOM <= limits.memoryBudgetBytes;

/** Any valid config (the schema's refinements applied): uint8 normalizes in the model, tf-tensor is uint8 only. */
const configArb: fc.Arbitrary<MemoryConfig> = fc
  .record({
    batchSize: fc.integer({ min: LIMITS.batchSize.min, max: LIMITS.batchSize.max }),
    imageSizePx: fc
      .integer({ min: LIMITS.imageSizePx.min / 8, max: LIMITS.imageSizePx.max / 8 })
      .map((k) => 8 * k),
    channels: fc.constantFrom(1 as const, 3 as const),
    numClasses: fc.integer(LIMITS.numClasses),
    depth: fc.integer(LIMITS.depth),
    baseWidth: fc.integer(LIMITS.baseWidth),
    optimizer: fc.constantFrom('adam' as const, 'sgd' as const),
    imageDtype: fc.constantFrom(...IMAGE_DTYPES),
    normalizeOn: fc.constantFrom(...NORMALIZE_PLACEMENTS),
    uploadPath: fc.constantFrom(...UPLOAD_PATHS),
    maskDtype: fc.constantFrom(...MASK_DTYPES),
  })
  .map((c) => ({
    ...c,
    normalizeOn: c.imageDtype === 'uint8' ? 'model' : c.normalizeOn,
    uploadPath: c.imageDtype === 'uint8' ? c.uploadPath : 'packed',
  }));

const GROUPS = [
  'parameterBytes',
  'gradientBytes',
  'optimizerBytes',
  'activationBytes',
  'batchBytes',
  'transientBytes',
  'totalBytes',
  'largestBufferBytes',
] as const;

describe('estimateTrainingMemory', () => {
  it('counts the tiny U-Net by hand (B 1, 8×8×1, K 2, Adam, packed uint8)', () => {
    const e = estimateTrainingMemory(tiny);
    // 1662 weights (unetSpec.test.ts) and the Normalize layer's mean and 1/std (1 channel each).
    expect(e.parameterBytes).toBe(1662 * 4 + 2 * 4); // 6656
    expect(e.gradientBytes).toBe(1662 * 4);
    expect(e.optimizerBytes).toBe(2 * 1662 * 4 + 2 * 4); // two moments per weight, two β powers: 13304
    // 64 packed image bytes, 256 float32 input, 64 packed label bytes, 256 int32 labels, 64·2·4 one-hot.
    expect(e.batchBytes).toBe(64 + 256 + 64 + 256 + 512);
    // Elements kept for backward: pre-ReLU sum + ReLU output per 3×3 conv (enc0a, enc0b, dec0a, dec0b:
    // 2·256 each; enc1a, enc1b: 2·128 each), pool0 64, up0 512, cat0 768, head logits 128, the loss's
    // softmax 128 and its value 1.
    const activationElements = 4 * 512 + 2 * 256 + 64 + 512 + 768 + 128 + 128 + 1;
    expect(activationElements).toBe(4161);
    expect(e.activationBytes).toBe(activationElements * 4);
    // Gradients of activations, kept until backward ends: the loss's softmax − labels 128, the logits'
    // gradient 128, its scale 1; per ReLU conv its output (4·256 + 2·128) and its input (enc0a 64,
    // enc0b 256, enc1a 64, enc1b 128, dec0a 768, dec0b 256); the head's input 256; cat0 → up0 512 + the
    // skip 256; up0's input 128; pool0's input 256; one sum for enc0b (read by pool0 and cat0) 256.
    const transientElements =
      128 +
      128 +
      1 +
      (4 * 256 + 2 * 128) +
      (64 + 256 + 64 + 128 + 768 + 256) +
      256 +
      512 +
      256 +
      128 +
      256 +
      256;
    expect(transientElements).toBe(4737);
    expect(e.transientBytes).toBe(transientElements * 4);
    expect(e.totalBytes).toBe(6656 + 6648 + 13304 + 1152 + 4161 * 4 + 4737 * 4); // 63352
    expect(e.largestBufferName).toBe('cat0');
    expect(e.largestBufferBytes).toBe(768 * 4);
  });

  it("reproduces the article's 33,554,432 B batch: 32 × 512×512 RGB uint8 image + uint8 mask", () => {
    const e = estimateTrainingMemory({ ...tiny, batchSize: 32, imageSizePx: 512, channels: 3 });
    expect((bytesOf(e, 'images.upload') ?? 0) + (bytesOf(e, 'labels.upload') ?? 0)).toBe(33_554_432);
  });

  it('prices the upload paths and dtypes', () => {
    const pixels = 4 * 32 * 32;
    const base = { ...tiny, batchSize: 4, imageSizePx: 32, channels: 3 as const };
    const packed = estimateTrainingMemory(base);
    expect(bytesOf(packed, 'images.upload')).toBe(pixels * 3);
    const naive = estimateTrainingMemory({ ...base, uploadPath: 'tf-tensor' });
    expect(bytesOf(naive, 'images.upload')).toBe(pixels * 3 * 4); // widened to int32
    // Its float32 cast lives only inside the Normalize layer, long before the peak: not counted.
    expect(bytesOf(naive, 'images.cast')).toBeUndefined();
    expect(naive.batchBytes - packed.batchBytes).toBe(pixels * 3 * 3);
    const half = estimateTrainingMemory({ ...base, imageDtype: 'float16', normalizeOn: 'loader' });
    expect(bytesOf(half, 'images.upload')).toBe(pixels * 3 * 2);
    expect(bytesOf(half, 'images.float32')).toBe(pixels * 3 * 4);
    // Float32 the loader already normalized is the model input as uploaded: one tensor, not two.
    const f32 = estimateTrainingMemory({ ...base, imageDtype: 'float32', normalizeOn: 'loader' });
    expect(bytesOf(f32, 'images.upload')).toBe(pixels * 3 * 4);
    expect(bytesOf(f32, 'images.float32')).toBeUndefined();
    const oneHot = estimateTrainingMemory({ ...base, maskDtype: 'float32-onehot' });
    expect(bytesOf(oneHot, 'labels.upload')).toBe(pixels * 2 * 4);
    expect(bytesOf(oneHot, 'labels.onehot')).toBeUndefined();
    const int32 = estimateTrainingMemory({ ...base, maskDtype: 'int32' });
    expect(bytesOf(int32, 'labels.upload')).toBe(pixels * 4);
    expect(bytesOf(int32, 'labels.onehot')).toBe(pixels * 2 * 4);
    // A measured upload replaces the computed one.
    const measured = estimateTrainingMemory(base, { uploadedImageBytes: 12_345 });
    expect(bytesOf(measured, 'images.upload')).toBe(12_345);
  });

  it('makes Adam cost exactly 2 · params · 4 bytes (and its two 4-byte β powers) more than SGD', () => {
    fc.assert(
      fc.property(configArb, (c) => {
        const adam = estimateTrainingMemory({ ...c, optimizer: 'adam' });
        const sgd = estimateTrainingMemory({ ...c, optimizer: 'sgd' });
        const params = parameterCount(describeUNet(c));
        expect(adam.totalBytes - sgd.totalBytes).toBe(2 * params * 4 + 8);
        expect(adam.optimizerBytes).toBe(2 * params * 4 + 8);
        expect(sgd.optimizerBytes).toBe(0);
      }),
      { numRuns: 200 },
    );
  });

  it('is consistent: the groups sum to the total, the largest buffer holds at least the logits', () => {
    fc.assert(
      fc.property(configArb, (c) => {
        const e = estimateTrainingMemory(c);
        const groups =
          e.parameterBytes +
          e.gradientBytes +
          e.optimizerBytes +
          e.activationBytes +
          e.batchBytes +
          e.transientBytes;
        expect(e.totalBytes).toBe(groups);
        expect(e.tensors.reduce((s, t) => s + t.bytes, 0)).toBe(e.totalBytes);
        const logitsBytes = 4 * c.batchSize * c.imageSizePx * c.imageSizePx * c.numClasses;
        expect(bytesOf(e, 'head')).toBe(logitsBytes);
        expect(e.largestBufferBytes).toBeGreaterThanOrEqual(logitsBytes);
        expect(e.largestBufferBytes).toBe(Math.max(...e.tensors.map((t) => t.bytes)));
        expect(bytesOf(e, e.largestBufferName)).toBe(e.largestBufferBytes);
      }),
      { numRuns: 300 },
    );
  });

  it('never shrinks when the batch or the image grows', () => {
    fc.assert(
      fc.property(configArb, fc.integer({ min: 1, max: 64 }), fc.integer({ min: 1, max: 8 }), (c, db, ds) => {
        const e = estimateTrainingMemory(c);
        const biggerBatch = estimateTrainingMemory({ ...c, batchSize: c.batchSize + db });
        const biggerImage = estimateTrainingMemory({ ...c, imageSizePx: c.imageSizePx + 8 * ds });
        for (const key of GROUPS) {
          expect(biggerBatch[key]).toBeGreaterThanOrEqual(e[key]);
          expect(biggerImage[key]).toBeGreaterThanOrEqual(e[key]);
        }
        expect(biggerBatch.totalBytes).toBeGreaterThan(e.totalBytes);
        expect(biggerImage.totalBytes).toBeGreaterThan(e.totalBytes);
      }),
      { numRuns: 300 },
    );
  });

  it('rejects a batch size or image size the network cannot take', () => {
    expect(() => estimateTrainingMemory({ ...tiny, batchSize: 0 })).toThrow(RangeError);
    expect(() => estimateTrainingMemory({ ...tiny, imageSizePx: 20, depth: 4 })).toThrow(RangeError);
  });
});

describe("estimateTrainingMemory with BatchLab's own conv kernels", () => {
  // tiny: 8 × 8 px, batch 1, width 4, depth 2 → p = 64 pixels; level 1 is 4 × 4 = 16 pixels.
  it('keeps no pre-ReLU sums and no gradient for the input image: exactly those bytes less', () => {
    const tfjs = estimateTrainingMemory(tiny);
    const own = estimateTrainingMemory(tiny, { ownConvKernels: true });
    // Pre-ReLU sums of the six ReLU convs, 4 B each: enc0a, enc0b, dec0a, dec0b 4 ch × 64 px; enc1a, enc1b
    // 8 ch × 16 px.
    const preRelu = 4 * (4 * 4 * 64 + 2 * 8 * 16);
    expect(tfjs.activationBytes - own.activationBytes).toBe(preRelu);
    // The first conv's input gradient: the 1-channel 8 × 8 image, 4 B per value.
    expect(tfjs.transientBytes - own.transientBytes).toBe(4 * 64);
    expect(own.tensors.some((t) => t.name.endsWith('.preRelu'))).toBe(false);
    expect(own.parameterBytes).toBe(tfjs.parameterBytes);
    expect(own.batchBytes).toBe(tfjs.batchBytes);
  });
});

describe('estimateTrainingMemory with micro-batches and recomputation', () => {
  const weightBytes = parameterCount(describeUNet(tiny)) * 4;

  it('k micro-batches: the batch, activations and transients of B/k, and a running gradient sum', () => {
    for (const k of [2, 4] as const) {
      const split = estimateTrainingMemory({ ...tiny, batchSize: 8, microBatches: k });
      const part = estimateTrainingMemory({ ...tiny, batchSize: 8 / k });
      expect(split.activationBytes).toBe(part.activationBytes);
      expect(split.batchBytes).toBe(part.batchBytes);
      expect(split.transientBytes).toBe(part.transientBytes);
      expect(split.gradientBytes).toBe(2 * weightBytes);
      expect(split.totalBytes - part.totalBytes).toBe(weightBytes);
    }
    // One micro-batch is the plain estimate.
    expect(estimateTrainingMemory({ ...tiny, microBatches: 1 }).totalBytes).toBe(
      estimateTrainingMemory(tiny).totalBytes,
    );
  });

  it('finds the largest batch that runs as k micro-batches: a multiple of k', () => {
    const tight = { ...limits, memoryBudgetBytes: 3 * 1024 ** 2 };
    for (const k of [1, 2, 4, 8] as const) {
      const e = estimateTrainingMemory({ ...tiny, imageSizePx: 32, microBatches: k });
      const best = findLargestBatchThatFits(e, tight);
      expect(best % k).toBe(0);
      expect(best).toBeGreaterThan(0);
      const at = (b: number) =>
        estimateTrainingMemory({ ...tiny, imageSizePx: 32, microBatches: k, batchSize: b });
      expect(checkFits(at(best), tight).ok).toBe(true);
      if (best + k <= LIMITS.batchSize.max) expect(checkFits(at(best + k), tight).ok).toBe(false);
    }
  });

  it("recomputation drops each block's inside activations, and adds one block's backward to the transients", () => {
    const plain = estimateTrainingMemory(tiny);
    const recomputed = estimateTrainingMemory({ ...tiny, recompute: 'block' });
    // Inside each block: the first conv's output and both pre-ReLU sums. Blocks enc0, dec0 (4 ch × 64 px)
    // and enc1 (8 ch × 16 px), 4 B each.
    const inside = 4 * 3 * (2 * 4 * 64 + 8 * 16);
    expect(plain.activationBytes - recomputed.activationBytes).toBe(inside);
    // Their gradients go (three per block), one level-0 block's backward comes back: both outputs and
    // pre-ReLU sums recomputed, three gradients.
    const insideGrads = 4 * 3 * (2 * 4 * 64 + 8 * 16);
    const working = 4 * 7 * 4 * 64;
    expect(recomputed.transientBytes - plain.transientBytes).toBe(working - insideGrads);
    expect(recomputed.parameterBytes + recomputed.batchBytes).toBe(plain.parameterBytes + plain.batchBytes);
  });
});

describe('checkFits', () => {
  it('explains the article-sized run in plain words with numbers', () => {
    const config: MemoryConfig = {
      ...tiny,
      batchSize: 512,
      imageSizePx: 512,
      channels: 3,
      baseWidth: 16,
      depth: 4,
    };
    const e = estimateTrainingMemory(config);
    const result = checkFits(e, limits);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.reason).toMatch(
      /^Batch 512 at 512×512 needs about \d+\.\d GiB, its largest buffer \d+\.\d GiB \(activation\); this GPU allows 1\.0 GiB per buffer and the memory budget is 4\.0 GiB, for \d+\.\d GiB with tfjs's reuse pool \(×1\.4\)\. The largest batch that fits is \d+\.$/,
    );
    expect(result.reason).toContain(formatBytes(e.totalBytes));
    expect(result.shortfall.largestBatchThatFits).toBeGreaterThan(0);
  });

  it('names only the limit that is exceeded, and says when no batch fits', () => {
    const e = estimateTrainingMemory({ ...tiny, batchSize: 64, imageSizePx: 256, baseWidth: 16 });
    const budgetOnly = checkFits(e, {
      ...limits,
      maxBufferSizeBytes: 64 * GiB,
      maxStorageBufferBindingSizeBytes: 64 * GiB,
      memoryBudgetBytes: 1024,
    });
    expect(budgetOnly.ok).toBe(false);
    if (budgetOnly.ok) return;
    expect(budgetOnly.reason).not.toContain('per buffer');
    expect(budgetOnly.reason).toContain('the memory budget is 1.0 KiB');
    expect(budgetOnly.shortfall.largestBatchThatFits).toBe(0);
    expect(budgetOnly.reason).toContain('Even batch 1 does not fit');

    // The binding-size limit counts even when maxBufferSize is larger.
    const bindingOnly = checkFits(e, {
      ...limits,
      maxBufferSizeBytes: 64 * GiB,
      maxStorageBufferBindingSizeBytes: 2 ** 20,
      memoryBudgetBytes: 64 * GiB,
    });
    expect(bindingOnly.ok).toBe(false);
    if (bindingOnly.ok) return;
    expect(bindingOnly.reason).toContain(
      'its largest buffer 768.0 MiB (activation); this GPU allows 1.0 MiB per buffer.',
    );
    expect(bindingOnly.shortfall.largestBatchThatFits).toBe(0);
    expect(bindingOnly.reason).not.toContain('budget');
  });

  it('scales a measured upload with the batch while it searches', () => {
    const config: MemoryConfig = { ...tiny, batchSize: 256, imageSizePx: 256, channels: 3 };
    const computed = estimateTrainingMemory(config);
    const measured = estimateTrainingMemory(config, { uploadedImageBytes: 256 * 256 * 256 * 3 * 8 });
    const a = checkFits(computed, limits);
    const b = checkFits(measured, limits);
    expect(a.ok || b.ok).toBe(false);
    if (a.ok || b.ok) return;
    expect(b.shortfall.largestBatchThatFits).toBeLessThanOrEqual(a.shortfall.largestBatchThatFits);
    expect(measured.totalBytes).toBeGreaterThan(computed.totalBytes);
  });

  it('agrees with a linear scan over batch sizes', () => {
    for (const imageSizePx of [64, 256, 512]) {
      for (const baseWidth of [4, 32]) {
        const config: MemoryConfig = {
          ...tiny,
          batchSize: LIMITS.batchSize.max,
          imageSizePx,
          baseWidth,
          depth: 3,
        };
        let linear = 0;
        for (let b = 1; b <= LIMITS.batchSize.max; b++) {
          if (!fitsByHand(estimateTrainingMemory({ ...config, batchSize: b }))) break;
          linear = b;
        }
        expect(findLargestBatchThatFits(estimateTrainingMemory(config), limits)).toBe(linear);
      }
    }
  });

  it('gives every config within LIMITS either a fit or a reason and a largest batch that fits', () => {
    let checked = 0;
    let refused = 0;
    const sizes = [16, 24, 64, 128, 256, 512];
    const widths = [4, 8, 16, 32, 64];
    const batches = [1, 2, 7, 32, 128, 512];
    for (const imageSizePx of sizes)
      for (const depth of [2, 3, 4])
        for (const baseWidth of widths)
          for (const numClasses of [2, 6])
            for (const channels of [1, 3] as const)
              for (const optimizer of ['adam', 'sgd'] as const)
                for (const [imageDtype, normalizeOn, uploadPath, maskDtype] of [
                  ['uint8', 'model', 'packed', 'uint8'],
                  ['uint8', 'model', 'tf-tensor', 'int32'],
                  ['float32', 'loader', 'packed', 'float32-onehot'],
                ] as const)
                  for (const batchSize of batches) {
                    const config: MemoryConfig = {
                      batchSize,
                      imageSizePx,
                      channels,
                      numClasses,
                      depth,
                      baseWidth,
                      optimizer,
                      imageDtype,
                      normalizeOn,
                      uploadPath,
                      maskDtype,
                    };
                    const e = estimateTrainingMemory(config);
                    const result = checkFits(e, limits);
                    checked++;
                    if (result.ok) {
                      expect(fitsByHand(e)).toBe(true);
                      continue;
                    }
                    refused++;
                    expect(fitsByHand(e)).toBe(false);
                    expect(result.reason).toMatch(/\d/);
                    expect(result.reason).toContain(`Batch ${batchSize} at ${imageSizePx}×${imageSizePx}`);
                    expect(result.reason).toContain(formatBytes(e.totalBytes));
                    const best = result.shortfall.largestBatchThatFits;
                    expect(best).toBeLessThan(batchSize);
                    if (best > 0) {
                      expect(fitsByHand(estimateTrainingMemory({ ...config, batchSize: best }))).toBe(true);
                      expect(result.reason).toContain(`The largest batch that fits is ${best}.`);
                    } else {
                      expect(result.reason).toContain('Even batch 1 does not fit');
                    }
                    expect(fitsByHand(estimateTrainingMemory({ ...config, batchSize: best + 1 }))).toBe(
                      false,
                    );
                  }
    expect(checked).toBe(6 * 3 * 5 * 2 * 2 * 2 * 3 * 6);
    expect(refused).toBeGreaterThan(0);
    expect(refused).toBeLessThan(checked);
  });
});

describe('formatBytes', () => {
  it('writes B, KiB, MiB, GiB with one decimal', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1024)).toBe('1.0 KiB');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(1024 * 1024 - 1)).toBe('1.0 MiB');
    expect(formatBytes(1.5 * 1024 ** 2)).toBe('1.5 MiB');
    expect(formatBytes(GiB)).toBe('1.0 GiB');
    expect(formatBytes(37.5 * GiB)).toBe('37.5 GiB');
    expect(formatBytes(1024 * GiB)).toBe('1024.0 GiB');
  });
});
