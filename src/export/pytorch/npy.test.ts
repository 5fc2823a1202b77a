// The .npy header (NumPy reads the files back in test/pytorch/files.test.ts).
import { describe, expect, it } from 'vitest';
import { npyBytes } from './npy';

describe('npyBytes', () => {
  it('writes magic, version 1.0, a 64-byte aligned header and the C-order data', () => {
    const data = new Float32Array([1, 2, 3, 4, 5, 6]);
    const bytes = npyBytes({ dtype: 'float32', shape: [2, 3], data });
    expect([...bytes.subarray(0, 8)]).toEqual([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0]);
    const headerBytes = new DataView(bytes.buffer).getUint16(8, true);
    expect((10 + headerBytes) % 64).toBe(0);
    const header = new TextDecoder().decode(bytes.subarray(10, 10 + headerBytes));
    expect(header.trimEnd()).toBe("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }");
    expect(header.endsWith('\n')).toBe(true);
    expect(new Float32Array(bytes.slice(10 + headerBytes).buffer)).toEqual(data);
  });

  it('writes a 1-D shape as a one-element tuple and uint8 as |u1', () => {
    const bytes = npyBytes({ dtype: 'uint8', shape: [3], data: new Uint8Array([7, 8, 9]) });
    const text = new TextDecoder().decode(bytes.subarray(10, 74));
    expect(text).toContain("'descr': '|u1'");
    expect(text).toContain("'shape': (3,)");
    expect([...bytes.subarray(-3)]).toEqual([7, 8, 9]);
  });

  it('refuses a shape that does not match the data', () => {
    expect(() => npyBytes({ dtype: 'uint8', shape: [2, 2], data: new Uint8Array(3) })).toThrow(
      /holds 4 values/,
    );
    expect(() => npyBytes({ dtype: 'uint8', shape: [-1], data: new Uint8Array(0) })).toThrow(/bad npy shape/);
  });
});
