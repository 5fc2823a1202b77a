// Structure of the stored zip (Python's zipfile reads it back in test/pytorch/files.test.ts).
import { describe, expect, it } from 'vitest';
import { crc32 } from './crc32';
import { zipStore } from './zipStore';

const ascii = (s: string) => new TextEncoder().encode(s);

describe('zipStore', () => {
  it('writes local headers, the data as is, a central directory and its end record', () => {
    const hello = ascii('hello');
    const zip = zipStore([
      { name: 'a/hello.txt', bytes: hello },
      { name: 'a/empty', bytes: new Uint8Array() },
    ]);
    const view = new DataView(zip.buffer);
    expect(view.getUint32(0, true)).toBe(0x04034b50);
    expect(view.getUint16(8, true)).toBe(0); // stored
    expect(view.getUint32(14, true)).toBe(crc32(hello));
    expect(view.getUint32(18, true)).toBe(5);
    expect(view.getUint32(22, true)).toBe(5);
    expect(new TextDecoder().decode(zip.subarray(30, 41))).toBe('a/hello.txt');
    expect(new TextDecoder().decode(zip.subarray(41, 46))).toBe('hello');
    const end = zip.length - 22;
    expect(view.getUint32(end, true)).toBe(0x06054b50);
    expect(view.getUint16(end + 10, true)).toBe(2);
    const centralStart = view.getUint32(end + 16, true);
    expect(view.getUint32(centralStart, true)).toBe(0x02014b50);
    expect(centralStart + view.getUint32(end + 12, true)).toBe(end);
    // The second entry's local header follows the first's data.
    expect(view.getUint32(46, true)).toBe(0x04034b50);
  });

  it('gives the same bytes for the same files (fixed timestamps)', () => {
    const files = [{ name: 'x.bin', bytes: new Uint8Array([1, 2, 3]) }];
    expect(zipStore(files)).toEqual(zipStore(files));
  });

  it('refuses unsafe or duplicate names', () => {
    const bytes = new Uint8Array(1);
    for (const name of ['../x', '/abs', 'a/../b', 'a\\b', 'a b', '', 'a//b', 'é', './x']) {
      expect(() => zipStore([{ name, bytes }]), name).toThrow(/not allowed/);
    }
    expect(() =>
      zipStore([
        { name: 'x', bytes },
        { name: 'x', bytes },
      ]),
    ).toThrow(/duplicate/);
  });
});
