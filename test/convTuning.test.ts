// The conv kernels chosen by measurement (src/engine/convTuning.ts through the trainer) on Dawn in a child
// Node process (test/dawn/convTuning.ts): SwiftShader here, the GPU on a machine with one. The measured
// choice trains to the same losses as the own kernels forced, and so does every mix of own and tfjs's
// kernels per direction; a second model of the same shapes reuses the choice without measuring.
import { beforeAll, describe, expect, it } from 'vitest';
import { CONV_CANDIDATES, CONV_DIRECTIONS } from '../src/config/convKernels';
import type { TuningRun } from './dawn/convTuning';
import { runOnDawn } from './dawn/runOnDawn';

const ENTRY = new URL('./dawn/convTuning.ts', import.meta.url);
const MAX_LOSS_DIFFERENCE = 1e-5;

describe('conv kernels chosen by measurement, on Dawn', () => {
  let run: TuningRun;

  beforeAll(async () => {
    run = await runOnDawn(ENTRY, 'tuning');
  }, 600_000);

  it('time every candidate of every direction and keep the fastest, or the default where the runs do not show it slower', () => {
    expect(run.problems).toEqual([]);
    const measured = run.measured!;
    expect(measured.source).toBe('measured');
    for (const d of CONV_DIRECTIONS) {
      const of = measured.candidates.filter((c) => c.direction === d);
      // Each candidate timed at least once, its median within its fastest and slowest run. On a GPU at least
      // two per direction, tfjs's kernel among them; on a software adapter (SwiftShader here) tfjs's kernels,
      // the tilings that wait at workgroup barriers and the GPU tiling's forward and input gradient are left
      // out (measured behind there, engine/convChoice.ts): the software tiling alone in those two
      // directions, and two tilings for the filter gradient.
      const names = of.map((c) => c.candidate);
      expect(names.includes('tfjs')).toBe(!run.fallbackAdapter);
      if (run.fallbackAdapter) {
        expect(names).toEqual(
          d === 'filterGradient' ? ['own-software', 'own-gpuNoReduce'] : ['own-software'],
        );
      } else {
        expect(of.length).toBeGreaterThanOrEqual(2);
      }
      for (const c of of) {
        expect(CONV_CANDIDATES).toContain(c.candidate);
        expect(c.ms).toBeGreaterThan(0);
        expect(c.minMs).toBeLessThanOrEqual(c.ms);
        expect(c.maxMs).toBeGreaterThanOrEqual(c.ms);
        expect(c.runs).toBeGreaterThanOrEqual(1);
      }
      // The lowest median, or the default where it had a run as fast as that median.
      const chosen = of.find((c) => c.candidate === measured.kernels[d])!;
      const lowest = Math.min(...of.map((c) => c.ms));
      if (chosen.ms > lowest) {
        expect(chosen.candidate).toBe(measured.defaultKernels[d]);
        expect(chosen.minMs).toBeLessThanOrEqual(lowest);
      }
      const standing = of.find((c) => c.candidate === measured.defaultKernels[d]);
      if (standing && standing !== chosen) expect(standing.minMs).toBeGreaterThan(chosen.ms);
    }
    expect(measured.tuningMs).toBeGreaterThan(0);
    expect(measured.firstStepMs).toBeGreaterThan(0);
  });

  it('reuse the choice for a second model of the same shapes, measuring nothing', () => {
    expect(run.reused?.source).toBe('session');
    expect(run.reused?.kernels).toEqual(run.measured?.kernels);
    expect(run.reused?.candidates).toEqual(run.measured?.candidates);
  });

  it('train to the losses of the own kernels forced, within 1e-5 over 10 steps, and so does every mix', () => {
    expect(run.measuredLosses).toHaveLength(10);
    expect(run.measuredLosses.every(Number.isFinite)).toBe(true);
    for (let i = 0; i < 10; i++) {
      const gap = Math.abs(run.measuredLosses[i]! - run.forcedOwnLosses[i]!);
      expect(gap, `step ${i + 1}`).toBeLessThanOrEqual(MAX_LOSS_DIFFERENCE);
    }
    expect(run.measuredLosses[9]!).toBeLessThan(run.measuredLosses[0]!);
    expect(run.mixes.length).toBeGreaterThanOrEqual(3);
    for (const mix of run.mixes) {
      const label = JSON.stringify(mix.kernels);
      mix.losses.forEach((loss, i) => {
        expect(Math.abs(loss - run.forcedOwnLosses[i]!), `${label} step ${i + 1}`).toBeLessThanOrEqual(
          MAX_LOSS_DIFFERENCE,
        );
      });
    }
    // Between them the mixes run tfjs's kernel and an own kernel in every direction.
    for (const d of CONV_DIRECTIONS) {
      expect(run.mixes.some((m) => m.kernels[d] === 'tfjs')).toBe(true);
      expect(run.mixes.some((m) => m.kernels[d] !== 'tfjs')).toBe(true);
    }
    expect(run.tensorsAfter).toBe(run.tensorsBefore);
  });
});
