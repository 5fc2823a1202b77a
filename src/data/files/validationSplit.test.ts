import { describe, expect, it } from 'vitest';
import { OWN_IMAGE_LIMITS } from '../../config/ownImages';
import { trainingPairOf, validationSplit } from './validationSplit';

describe('validation split', () => {
  it('holds out a fixed fifth, disjoint from training, together every pair', () => {
    const split = validationSplit(12);
    expect(split.validation).toHaveLength(3);
    expect([...split.train, ...split.validation].sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, i) => i),
    );
    expect(validationSplit(12)).toEqual(split);
    expect(validationSplit(2).validation).toHaveLength(1);
    expect(validationSplit(10_000).validation).toHaveLength(OWN_IMAGE_LIMITS.validationMax);
    expect(() => validationSplit(1)).toThrow(/at least 2/);
  });

  it('reads every training pair once per epoch, in a seeded order', () => {
    const split = validationSplit(12);
    const epoch = (seed: number, e: number) =>
      Array.from({ length: 9 }, (_, i) => trainingPairOf(split, seed, e * 9 + i));
    expect([...epoch(1, 0)].sort((a, b) => a - b)).toEqual(split.train);
    expect([...epoch(1, 1)].sort((a, b) => a - b)).toEqual(split.train);
    expect(epoch(1, 0)).not.toEqual(epoch(1, 1));
    expect(epoch(1, 0)).toEqual(epoch(1, 0));
    expect(epoch(1, 0)).not.toEqual(epoch(2, 0));
  });
});
