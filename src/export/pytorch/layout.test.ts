import { describe, expect, it } from 'vitest';
import { hwioToOihw, nhwcToNchw } from './layout';

describe('nhwcToNchw', () => {
  it('moves channels first, per image', () => {
    // 2 images of 1×2 pixels, 3 channels: value = 100·n + 10·pixel + channel.
    const nhwc = Uint8Array.from([0, 1, 2, 10, 11, 12, 100, 101, 102, 110, 111, 112]);
    expect([...nhwcToNchw(nhwc, [2, 1, 2, 3])]).toEqual([0, 10, 1, 11, 2, 12, 100, 110, 101, 111, 102, 112]);
  });

  it('keeps the array type and refuses a wrong length', () => {
    expect(nhwcToNchw(new Float32Array(4), [1, 2, 2, 1])).toBeInstanceOf(Float32Array);
    expect(() => nhwcToNchw(new Uint8Array(5), [1, 2, 2, 1])).toThrow(/needs 4 values/);
  });
});

describe('hwioToOihw', () => {
  it('reorders [kh, kw, in, out] to [out, in, kh, kw]', () => {
    // kh = 1, kw = 2, in = 2, out = 3; value = 1000·i + 100·j + 10·in + out.
    const shape = [1, 2, 2, 3] as const;
    const hwio = new Float32Array(12);
    for (let j = 0; j < 2; j++)
      for (let ci = 0; ci < 2; ci++)
        for (let co = 0; co < 3; co++) hwio[(j * 2 + ci) * 3 + co] = 100 * j + 10 * ci + co;
    const expected: number[] = [];
    for (let co = 0; co < 3; co++)
      for (let ci = 0; ci < 2; ci++) for (let j = 0; j < 2; j++) expected.push(100 * j + 10 * ci + co);
    expect([...hwioToOihw(hwio, shape)]).toEqual(expected);
  });
});
