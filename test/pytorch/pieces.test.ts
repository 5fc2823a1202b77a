// The exported script's parts against BatchLab's, value for value: its Dataset yields exactly the bytes of
// BatchLab's HostBatch for every storage dtype, normalization placement and mask dtype; its Normalize layer
// gives BatchLab's normalized input; its upsampling equals tfjs's resizeBilinear, which neither
// F.interpolate mode does (that is why the script spells it out).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATASET_STATS, DEFAULT_CONFIG, type TrainConfig } from '../../src/config/trainConfig';
import { buildHostBatch } from '../../src/data/buildBatch';
import { createTrainer } from '../../src/engine/trainer';
import * as tf from '../../src/engine/tf';
import {
  expectSuccess,
  exportProject,
  requireTorchPython,
  runPython,
  useCpuBackend,
  type ExportedProject,
} from './harness';

const base: TrainConfig = {
  ...DEFAULT_CONFIG,
  imageSizePx: 16,
  batchSize: 3,
  depth: 2,
  baseWidth: 4,
  maxSteps: 2,
};

const VARIANTS: Partial<TrainConfig>[] = [
  { imageDtype: 'uint8', normalizeOn: 'model', maskDtype: 'uint8' },
  { imageDtype: 'float16', normalizeOn: 'loader', maskDtype: 'int32' },
  { imageDtype: 'float16', normalizeOn: 'model', maskDtype: 'float32-onehot', numClasses: 5 },
  { imageDtype: 'float32', normalizeOn: 'loader', maskDtype: 'uint8', augment: false },
  {
    imageDtype: 'float32',
    normalizeOn: 'model',
    maskDtype: 'int32',
    channels: 1,
    mean255: [...DATASET_STATS[1].mean255],
    std255: [...DATASET_STATS[1].std255],
  },
];

/** Python: per project, batch 0 from the script's Dataset (back in BatchLab's NHWC order) and its model input. */
const DUMP_SCRIPT = `
import importlib.util, json, os, sys
import numpy as np, torch, torch.nn.functional as F

cases, upsample = json.loads(sys.argv[1]), json.loads(sys.argv[2])
for i, case in enumerate(cases):
    spec = importlib.util.spec_from_file_location(f"train{i}", os.path.join(case["dir"], "train.py"))
    train = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(train)
    dataset = train.BatchLabSamples(os.path.join(case["dir"], train.DATA_FILE))
    xs, ys = zip(*[dataset[j] for j in range(train.BATCH_SIZE)])
    x, y = torch.stack(xs), torch.stack(ys)
    with open(os.path.join(case["out"], "images.bin"), "wb") as f:
        f.write(x.permute(0, 2, 3, 1).contiguous().numpy().tobytes())
    with open(os.path.join(case["out"], "masks.bin"), "wb") as f:
        f.write((y.permute(0, 2, 3, 1) if y.dim() == 4 else y).contiguous().numpy().tobytes())
    with torch.no_grad():
        z = train.UNet().input(x)
    with open(os.path.join(case["out"], "normalized.bin"), "wb") as f:
        f.write(z.permute(0, 2, 3, 1).contiguous().numpy().tobytes())
    if i == 0:
        n, h, w, c = upsample["shape"]
        v = torch.from_numpy(np.fromfile(upsample["input"], dtype=np.float32).reshape(n, h, w, c)).permute(0, 3, 1, 2)
        outputs = {
            "ours": train.upsample2x_like_tfjs(v),
            "half_pixel": F.interpolate(v, scale_factor=2, mode="bilinear", align_corners=False),
            "corners": F.interpolate(v, scale_factor=2, mode="bilinear", align_corners=True),
        }
        for name, out in outputs.items():
            with open(os.path.join(upsample["out"], name + ".bin"), "wb") as f:
                f.write(out.permute(0, 2, 3, 1).contiguous().numpy().tobytes())
`;

let python = '';
let work = '';
const projects: ExportedProject[] = [];
/** Per project, the folder the dump wrote its batch and model input to. */
const outs: string[] = [];
const configs = VARIANTS.map((v) => ({ ...base, ...v }));
const UPSAMPLE_SHAPE = [2, 5, 4, 3] as const;
let upsampleInput: tf.Tensor4D | null = null;

beforeAll(async () => {
  python = requireTorchPython();
  await useCpuBackend();
  work = mkdtempSync(join(tmpdir(), 'batchlab-pieces-'));
  for (const config of configs)
    projects.push(await exportProject(python, config, { strategy: 'single', processes: 1 }));
  upsampleInput = tf.randomNormal([...UPSAMPLE_SHAPE], 0, 1, 'float32', 7) as tf.Tensor4D;
  writeFileSync(join(work, 'upsample-input.bin'), await upsampleInput.data());
  const cases = projects.map((p, i) => ({ dir: p.dir, out: mkdtempSync(join(work, `case${i}-`)) }));
  const upsample = { input: join(work, 'upsample-input.bin'), shape: UPSAMPLE_SHAPE, out: work };
  writeFileSync(join(work, 'dump.py'), DUMP_SCRIPT);
  expectSuccess(
    await runPython(python, ['dump.py', JSON.stringify(cases), JSON.stringify(upsample)], { cwd: work }),
    'dump.py',
  );
  outs.push(...cases.map((c) => c.out));
});

afterAll(() => {
  upsampleInput?.dispose();
  projects.forEach((p) => p.cleanup());
  if (work) rmSync(work, { recursive: true, force: true });
});

const bytesOf = (buffer: ArrayBuffer, length: number) => Buffer.from(buffer, 0, length);
const STORAGE_BYTES = { uint8: 1, float16: 2, float32: 4 } as const;
const MASK_BYTES = { uint8: 1, int32: 4, 'float32-onehot': 4 } as const;

describe("the script's Dataset yields BatchLab's batch bytes", () => {
  configs.forEach((config, i) => {
    it(`${config.imageDtype} images (normalized by the ${config.normalizeOn}), ${config.maskDtype} masks`, () => {
      const batch = buildHostBatch(config, 0);
      const out = outs[i]!;
      const images = readFileSync(join(out, 'images.bin'));
      const masks = readFileSync(join(out, 'masks.bin'));
      expect(images.length).toBe(batch.imageElements * STORAGE_BYTES[config.imageDtype]);
      expect(images.equals(bytesOf(batch.images, images.length))).toBe(true);
      expect(masks.length).toBe(batch.maskElements * MASK_BYTES[config.maskDtype]);
      expect(masks.equals(bytesOf(batch.masks, masks.length))).toBe(true);
    });
  });
});

describe("the script's first layer gives BatchLab's normalized input", () => {
  configs.forEach((config, i) => {
    it(`${config.imageDtype}, normalized by the ${config.normalizeOn}`, async () => {
      const trainer = createTrainer(config, 'cpu');
      const expected = await trainer.normalizedImages(buildHostBatch(config, 0));
      trainer.dispose();
      const raw = readFileSync(join(outs[i]!, 'normalized.bin'));
      const actual = new Float32Array(raw.buffer, raw.byteOffset, raw.length / 4);
      expect(actual.length).toBe(expected.length);
      const maxDiff = Math.max(...Array.from(actual, (v, j) => Math.abs(v - expected[j]!)));
      expect(maxDiff).toBe(0);
    });
  });
});

describe('upsampling', () => {
  it("equals tfjs's resizeBilinear (alignCorners and halfPixelCenters false); neither F.interpolate mode does", async () => {
    const [n, h, w, c] = UPSAMPLE_SHAPE;
    const resized = tf.image.resizeBilinear(upsampleInput!, [2 * h, 2 * w]);
    const expected = (await resized.data()) as Float32Array;
    resized.dispose();
    const read = (name: string) => {
      const raw = readFileSync(join(work, `${name}.bin`));
      return new Float32Array(raw.buffer, raw.byteOffset, raw.length / 4);
    };
    const maxDiff = (a: Float32Array) => Math.max(...Array.from(a, (v, j) => Math.abs(v - expected[j]!)));
    expect(read('ours').length).toBe(n * 4 * h * w * c);
    expect(maxDiff(read('ours'))).toBeLessThan(1e-6);
    expect(maxDiff(read('half_pixel'))).toBeGreaterThan(1e-2);
    expect(maxDiff(read('corners'))).toBeGreaterThan(1e-2);
  });
});
