// The project's containers, read back by Python's own readers: zipfile verifies every CRC and returns
// the bytes written; numpy.load returns the arrays of an .npz with their dtypes, shapes and values.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { npzBytes, type NpyArray } from '../../src/export/pytorch/npy';
import { zipStore } from '../../src/export/pytorch/zipStore';
import { expectSuccess, requireTorchPython, runPython } from './harness';

const READ_SCRIPT = `
import json, sys, zipfile
import numpy as np
with zipfile.ZipFile(sys.argv[1]) as z:
    bad = z.testzip()
    files = {i.filename: list(z.read(i.filename)) for i in z.infolist()}
with np.load(sys.argv[2]) as npz:
    arrays = {k: {"dtype": str(npz[k].dtype), "shape": list(npz[k].shape), "values": npz[k].ravel().tolist()} for k in npz.files}
print(json.dumps({"bad": bad, "files": files, "arrays": arrays}))
`;

let python = '';
let work = '';
beforeAll(() => {
  python = requireTorchPython();
  work = mkdtempSync(join(tmpdir(), 'batchlab-files-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('zip and npz files', () => {
  it('read back by Python byte for byte and value for value', async () => {
    const binary = Uint8Array.from({ length: 300 }, (_, i) => (i * 37) % 256);
    writeFileSync(
      join(work, 'a.zip'),
      zipStore([
        { name: 'top/binary.bin', bytes: binary },
        { name: 'top/empty.txt', bytes: new Uint8Array() },
        { name: 'top/readme.md', bytes: new TextEncoder().encode('# hello\n') },
      ]),
    );
    const arrays = new Map<string, NpyArray>([
      [
        'images',
        {
          dtype: 'uint8',
          shape: [2, 1, 2, 3],
          data: Uint8Array.from([0, 1, 2, 3, 4, 5, 250, 251, 252, 253, 254, 255]),
        },
      ],
      ['enc0a.weight', { dtype: 'float32', shape: [3], data: Float32Array.from([-1.5, 0.1, 3e-8]) }],
      ['head.bias', { dtype: 'float32', shape: [1, 1], data: Float32Array.from([42]) }],
    ]);
    writeFileSync(join(work, 'b.npz'), npzBytes(arrays));
    writeFileSync(join(work, 'read.py'), READ_SCRIPT);
    const result = expectSuccess(
      await runPython(python, ['read.py', 'a.zip', 'b.npz'], { cwd: work }),
      'read.py',
    );
    const read = JSON.parse(result.stdout) as {
      bad: string | null;
      files: Record<string, number[]>;
      arrays: Record<string, { dtype: string; shape: number[]; values: number[] }>;
    };
    expect(read.bad).toBeNull();
    expect(read.files).toEqual({
      'top/binary.bin': [...binary],
      'top/empty.txt': [],
      'top/readme.md': [...new TextEncoder().encode('# hello\n')],
    });
    expect(read.arrays).toEqual({
      images: {
        dtype: 'uint8',
        shape: [2, 1, 2, 3],
        values: [0, 1, 2, 3, 4, 5, 250, 251, 252, 253, 254, 255],
      },
      'enc0a.weight': { dtype: 'float32', shape: [3], values: [...Float32Array.from([-1.5, 0.1, 3e-8])] },
      'head.bias': { dtype: 'float32', shape: [1, 1], values: [42] },
    });
  });
});
