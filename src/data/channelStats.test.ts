import { describe, expect, it } from 'vitest';
import { DATASET_STATS } from '../config/trainConfig';
import { channelSums } from './channelStats';
import { renderSample, type DatasetSpec } from './syntheticDataset';

/** Mean and std per channel over samples 0..sampleCount−1 of `spec` (the unaugmented training stream). */
function measureChannelStats(spec: DatasetSpec, sampleCount: number) {
  const sums = channelSums(spec.channels);
  for (let id = 0; id < sampleCount; id++) sums.add(renderSample(spec, id).image);
  return sums.stats();
}

describe('dataset statistics used as default mean/std', () => {
  it.each([1, 3] as const)('match a fresh measurement for %i channel(s)', (channels) => {
    const measured = measureChannelStats({ seed: 42, sizePx: 32, channels, numClasses: 4 }, 256);
    const pinned = DATASET_STATS[channels];
    measured.mean255.forEach((m, c) => expect(m).toBeCloseTo(pinned.mean255[c]!, 0));
    measured.std255.forEach((s, c) => expect(s).toBeCloseTo(pinned.std255[c]!, 0));
  });
});

describe('channelSums', () => {
  it('matches a direct computation', () => {
    const spec = { seed: 3, sizePx: 16, channels: 3 as const, numClasses: 4 };
    const stats = measureChannelStats(spec, 4);
    const values: number[][] = [[], [], []];
    for (let id = 0; id < 4; id++) renderSample(spec, id).image.forEach((v, i) => values[i % 3]!.push(v));
    values.forEach((vs, c) => {
      const mean = vs.reduce((a, b) => a + b, 0) / vs.length;
      const std = Math.sqrt(vs.reduce((a, b) => a + (b - mean) ** 2, 0) / vs.length);
      expect(stats.mean255[c]).toBeCloseTo(mean, 9);
      expect(stats.std255[c]).toBeCloseTo(std, 9);
    });
    expect(stats.std255.every((s) => s > 10)).toBe(true);
  });
});
