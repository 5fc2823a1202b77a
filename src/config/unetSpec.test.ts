import { describe, expect, it } from 'vitest';
import {
  HEAD_NAME,
  INPUT_NAME,
  convParameterCount,
  describeUNet,
  kernelShape,
  levelSizePx,
  outputShape,
  parameterCount,
} from './unetSpec';
import type { UNetOp } from './unetSpec';

const tiny = { depth: 2, baseWidth: 4, channels: 1, numClasses: 2 };

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`missing ${what}`);
  return value;
}

describe('describeUNet', () => {
  it('lists the tiny U-Net in forward order', () => {
    const spec = describeUNet(tiny);
    expect(spec.ops.map((op) => op.name)).toEqual([
      'enc0a',
      'enc0b',
      'pool0',
      'enc1a',
      'enc1b',
      'up0',
      'cat0',
      'dec0a',
      'dec0b',
      'head',
    ]);
    expect(
      spec.convs.map((c) => [c.name, c.kernelSize, c.inChannels, c.outChannels, c.level, c.relu]),
    ).toEqual([
      ['enc0a', 3, 1, 4, 0, true],
      ['enc0b', 3, 4, 4, 0, true],
      ['enc1a', 3, 4, 8, 1, true],
      ['enc1b', 3, 8, 8, 1, true],
      ['dec0a', 3, 12, 4, 0, true],
      ['dec0b', 3, 4, 4, 0, true],
      ['head', 1, 4, 2, 0, false],
    ]);
    expect(spec.widths).toEqual([4, 8]);
  });

  it('counts the tiny U-Net parameters by hand: 1662', () => {
    // k²·in·out + out per conv, w0 = 4, w1 = 8:
    const enc0a = 9 * 1 * 4 + 4; // 40
    const enc0b = 9 * 4 * 4 + 4; // 148
    const enc1a = 9 * 4 * 8 + 8; // 296
    const enc1b = 9 * 8 * 8 + 8; // 584
    const dec0a = 9 * (8 + 4) * 4 + 4; // 436: the concat of up0 (8) and enc0b (4)
    const dec0b = 9 * 4 * 4 + 4; // 148
    const head = 1 * 4 * 2 + 2; // 10
    const total = enc0a + enc0b + enc1a + enc1b + dec0a + dec0b + head;
    expect(total).toBe(1662);
    expect(parameterCount(describeUNet(tiny))).toBe(total);
  });

  it('wires the graph: every op reads the input or an earlier op, concat puts the upsampled path first', () => {
    for (const depth of [1, 2, 3, 4]) {
      const spec = describeUNet({ depth, baseWidth: 8, channels: 3, numClasses: 5 });
      const seen = new Map<string, UNetOp>();
      for (const op of spec.ops) {
        const inputs = op.kind === 'concat' ? op.inputs : [op.input];
        for (const name of inputs)
          expect(name === INPUT_NAME || seen.has(name), `${op.name} ← ${name}`).toBe(true);
        if (op.kind === 'conv' && op.input !== INPUT_NAME) {
          const source = seen.get(op.input);
          const channels = source?.kind === 'conv' ? source.outChannels : source?.channels;
          expect(op.inChannels).toBe(channels);
        }
        if (op.kind === 'concat') {
          const [up, skip] = op.inputs.map((n) => seen.get(n));
          expect(up?.kind).toBe('resize');
          expect(skip?.kind === 'conv' && skip.name).toBe(`enc${op.level}b`);
          expect(up?.level).toBe(op.level);
          expect(skip?.level).toBe(op.level);
        }
        expect(seen.has(op.name)).toBe(false);
        seen.set(op.name, op);
      }
      expect(spec.ops.at(-1)?.name).toBe(HEAD_NAME);
      expect(spec.convs).toHaveLength(4 * depth - 1);
    }
  });

  it('gives depth 3 and depth 4 the right shapes', () => {
    const d3 = describeUNet({ depth: 3, baseWidth: 16, channels: 3, numClasses: 4 });
    expect(d3.widths).toEqual([16, 32, 64]);
    expect(d3.ops.map((op) => op.name)).toEqual([
      'enc0a',
      'enc0b',
      'pool0',
      'enc1a',
      'enc1b',
      'pool1',
      'enc2a',
      'enc2b',
      'up1',
      'cat1',
      'dec1a',
      'dec1b',
      'up0',
      'cat0',
      'dec0a',
      'dec0b',
      'head',
    ]);
    const byName = new Map(d3.convs.map((c) => [c.name, c]));
    expect(kernelShape(must(byName.get('enc0a'), 'enc0a'))).toEqual([3, 3, 3, 16]);
    expect(kernelShape(must(byName.get('enc2a'), 'enc2a'))).toEqual([3, 3, 32, 64]);
    expect(kernelShape(must(byName.get('dec1a'), 'dec1a'))).toEqual([3, 3, 64 + 32, 32]);
    expect(kernelShape(must(byName.get('dec0a'), 'dec0a'))).toEqual([3, 3, 32 + 16, 16]);
    expect(kernelShape(must(byName.get('head'), 'head'))).toEqual([1, 1, 16, 4]);

    const d4 = describeUNet({ depth: 4, baseWidth: 64, channels: 1, numClasses: 6 });
    expect(d4.widths).toEqual([64, 128, 256, 512]);
    const d4ByName = new Map(d4.ops.map((op) => [op.name, op]));
    expect(outputShape(must(d4ByName.get('enc3b'), 'enc3b'), 2, 64)).toEqual([2, 8, 8, 512]);
    expect(outputShape(must(d4ByName.get('pool2'), 'pool2'), 2, 64)).toEqual([2, 8, 8, 256]);
    expect(outputShape(must(d4ByName.get('up2'), 'up2'), 2, 64)).toEqual([2, 16, 16, 512]);
    expect(outputShape(must(d4ByName.get('cat2'), 'cat2'), 2, 64)).toEqual([2, 16, 16, 768]);
    expect(outputShape(must(d4ByName.get('cat0'), 'cat0'), 2, 64)).toEqual([2, 64, 64, 192]);
    expect(outputShape(must(d4ByName.get('head'), 'head'), 2, 64)).toEqual([2, 64, 64, 6]);
    // Parameters grow with depth and width, and equal the per-conv sum.
    expect(parameterCount(d4)).toBe(d4.convs.reduce((s, c) => s + convParameterCount(c), 0));
    expect(parameterCount(d4)).toBeGreaterThan(parameterCount(d3));
  });

  it('rejects shapes it cannot build', () => {
    expect(() => describeUNet({ ...tiny, depth: 0 })).toThrow(RangeError);
    expect(() => describeUNet({ ...tiny, baseWidth: 2.5 })).toThrow(RangeError);
    expect(() => levelSizePx(20, 3)).toThrow(RangeError);
    expect(levelSizePx(24, 3)).toBe(3);
  });
});
