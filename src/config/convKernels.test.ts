import { describe, expect, it } from 'vitest';
import { convChoiceVerdict, type ConvCandidateTime, type ConvKernels } from './convKernels';

const defaultKernels: ConvKernels = {
  forward: 'own-software',
  inputGradient: 'own-software',
  filterGradient: 'own-software',
};
const chose = (filterGradient: ConvKernels['filterGradient']) => ({
  kernels: { ...defaultKernels, filterGradient },
  defaultKernels,
});
const time = (
  direction: ConvCandidateTime['direction'],
  candidate: ConvCandidateTime['candidate'],
  minMs: number,
  maxMs: number,
): ConvCandidateTime => ({ direction, candidate, ms: (minMs + maxMs) / 2, minMs, maxMs, runs: 3 });

describe('how a direction of the conv choice stands', () => {
  it('is "only" with one candidate, whatever its runs', () => {
    const candidates = [time('forward', 'own-software', 1, 9)];
    expect(convChoiceVerdict({ ...chose('own-software'), candidates }, 'forward')).toBe('only');
  });

  it('is "clear" when the chosen one\'s slowest run beats every other\'s fastest', () => {
    const candidates = [
      time('filterGradient', 'own-gpuNoReduce', 2.0, 2.4),
      time('filterGradient', 'own-software', 2.5, 3.1),
      time('filterGradient', 'tfjs', 9, 9),
    ];
    expect(convChoiceVerdict({ ...chose('own-gpuNoReduce'), candidates }, 'filterGradient')).toBe('clear');
  });

  it("is a close call when another candidate's fastest run is within the chosen one's spread", () => {
    const candidates = [
      time('filterGradient', 'own-gpuNoReduce', 2.0, 2.6),
      time('filterGradient', 'own-software', 2.5, 3.1),
    ];
    // The default kept, though its median is higher.
    expect(convChoiceVerdict({ ...chose('own-software'), candidates }, 'filterGradient')).toBe(
      'closeDefault',
    );
    // Another than the default, by its lower median.
    expect(convChoiceVerdict({ ...chose('own-gpuNoReduce'), candidates }, 'filterGradient')).toBe(
      'closeLowest',
    );
    // Equal runs cannot be told apart either.
    const tie = [
      time('filterGradient', 'own-gpuNoReduce', 3, 3),
      time('filterGradient', 'own-software', 3, 3),
    ];
    expect(convChoiceVerdict({ ...chose('own-software'), candidates: tie }, 'filterGradient')).toBe(
      'closeDefault',
    );
  });

  it('reads only the direction asked for', () => {
    const candidates = [
      time('forward', 'own-software', 1, 1.1),
      time('filterGradient', 'own-gpuNoReduce', 2.0, 2.6),
      time('filterGradient', 'own-software', 2.5, 3.1),
    ];
    expect(convChoiceVerdict({ ...chose('own-software'), candidates }, 'forward')).toBe('only');
  });
});
