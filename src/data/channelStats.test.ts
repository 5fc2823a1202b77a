import { describe, expect, it } from 'vitest';
import { DATASET_STATS } from '../config/trainConfig';
import { measureChannelStats } from './channelStats';

describe('dataset statistics used as default mean/std', () => {
  it.each([1, 3] as const)('match a fresh measurement for %i channel(s)', (channels) => {
    const measured = measureChannelStats({ seed: 42, sizePx: 32, channels, numClasses: 4 }, 256);
    const pinned = DATASET_STATS[channels];
    measured.mean255.forEach((m, c) => expect(m).toBeCloseTo(pinned.mean255[c]!, 0));
    measured.std255.forEach((s, c) => expect(s).toBeCloseTo(pinned.std255[c]!, 0));
  });
});
