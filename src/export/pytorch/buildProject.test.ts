// The project's pieces without Python: the weights file's names, shapes and layout checks, the data
// file's order and checks, the README's commands, and the files in the zip.
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type TrainConfig } from '../../config/trainConfig';
import { describeUNet, kernelShape } from '../../config/unetSpec';
import { buildHostBatch } from '../../data/buildBatch';
import { buildPyTorchProject, rawBatchConfig } from './buildProject';
import { pytorchData } from './dataFile';
import { projectConfigOf } from './projectConfig';
import { projectReadme } from './projectReadme';
import { pytorchWeights, type ExportedVariable } from './weightsFile';

const config: TrainConfig = {
  ...DEFAULT_CONFIG,
  imageSizePx: 16,
  batchSize: 2,
  depth: 2,
  baseWidth: 4,
  maxSteps: 3,
};

/** Variables shaped and named as the engine creates them; values count up so layouts can be followed. */
function fakeVariables(c: TrainConfig): ExportedVariable[] {
  return describeUNet(c).convs.flatMap((conv) => {
    const shape = kernelShape(conv);
    const n = shape.reduce((a, b) => a * b, 1);
    return [
      { name: `unet0/${conv.name}/kernel`, shape, values: Float32Array.from({ length: n }, (_, i) => i) },
      {
        name: `unet0/${conv.name}/bias`,
        shape: [conv.outChannels],
        values: new Float32Array(conv.outChannels),
      },
    ];
  });
}

describe('weights file', () => {
  it("names every conv as the script's ModuleDict does, in PyTorch's layout", () => {
    const arrays = pytorchWeights(config, fakeVariables(config));
    expect([...arrays.keys()]).toEqual(
      describeUNet(config).convs.flatMap((c) => [`${c.name}.weight`, `${c.name}.bias`]),
    );
    const enc0a = arrays.get('enc0a.weight')!;
    expect(enc0a.shape).toEqual([4, 3, 3, 3]);
    // [kh, kw, in, out] index (0, 0, 1, 0) = 1·out = 4 lands at [out 0, in 1, 0, 0] = 9.
    expect(enc0a.data[9]).toBe(4);
  });

  it('refuses variables out of order or of the wrong shape', () => {
    const variables = fakeVariables(config);
    const swapped = [variables[2]!, variables[3]!, variables[0]!, variables[1]!, ...variables.slice(4)];
    expect(() => pytorchWeights(config, swapped)).toThrow(/is not …\/enc0a\/kernel/);
    const wrong = variables.map((v, i) => (i === 0 ? { ...v, shape: [3, 3, 3, 5] } : v));
    expect(() => pytorchWeights(config, wrong)).toThrow(/the layer table says 3×3×3×4/);
    expect(() => pytorchWeights(config, variables.slice(1))).toThrow(/expected 14 variables/);
  });
});

describe('data file', () => {
  it('holds the raw samples of batches 0, 1, … channels first', () => {
    const raw = rawBatchConfig(config);
    const batches = [0, 1].map((i) => buildHostBatch(raw, i));
    const arrays = pytorchData(batches);
    const images = arrays.get('images')!;
    expect(images.shape).toEqual([4, 3, 16, 16]);
    // Sample 2 (batch 1, slot 0), channel 1, pixel (0, 5) = NHWC byte 5·3 + 1 of batch 1.
    expect(images.data[((2 * 3 + 1) * 16 + 0) * 16 + 5]).toBe(new Uint8Array(batches[1]!.images)[5 * 3 + 1]);
    expect(arrays.get('masks')!.shape).toEqual([4, 16, 16]);
    expect([...arrays.get('masks')!.data.subarray(256 * 2, 256 * 2 + 256)]).toEqual([
      ...new Uint8Array(batches[1]!.masks, 0, 256),
    ]);
  });

  it('refuses batches out of order or not raw', () => {
    const raw = rawBatchConfig(config);
    expect(() => pytorchData([buildHostBatch(raw, 1)])).toThrow(/batch 0 is batch 1/);
    expect(() => pytorchData([buildHostBatch({ ...config, imageDtype: 'float32' }, 0)])).toThrow(/not raw/);
  });
});

describe('README and zip', () => {
  it('gives both commands and refuses a folder name that is not a slug', () => {
    const readme = projectReadme(projectConfigOf(config, { strategy: 'ddp', processes: 2 }), 'my-run');
    expect(readme).toContain('python3 train.py');
    expect(readme).toContain('torchrun --nproc-per-node=2 train.py');
    expect(() =>
      projectReadme(projectConfigOf(config, { strategy: 'single', processes: 1 }), '../x'),
    ).toThrow(/folder name not allowed/);
  });

  it('puts train.py, README.md, data.npz and weights.npz in one folder', () => {
    const raw = rawBatchConfig(config);
    const project = buildPyTorchProject({
      config,
      request: { strategy: 'single', processes: 1 },
      variables: fakeVariables(config),
      batches: [0, 1, 2].map((i) => buildHostBatch(raw, i)),
      folder: 'batchlab-run',
    });
    expect(project.files.map((f) => f.name)).toEqual(['train.py', 'README.md', 'data.npz', 'weights.npz']);
    const text = new TextDecoder().decode(project.zip);
    for (const name of ['train.py', 'README.md', 'data.npz', 'weights.npz'])
      expect(text).toContain(`batchlab-run/${name}`);
    expect(() =>
      buildPyTorchProject({
        config,
        request: { strategy: 'single', processes: 1 },
        variables: fakeVariables(config),
        batches: [buildHostBatch(raw, 0)],
        folder: 'batchlab-run',
      }),
    ).toThrow(/expected 3 batches/);
  });
});
