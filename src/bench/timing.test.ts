import { describe, expect, it } from 'vitest';
import { BENCH_CASES, goalRatio, parseCaseList } from './benchTypes';
import { median, round, timeInterleaved, timeReps } from './timing';

describe('median', () => {
  it('takes the middle value, or the mean of the two middle values', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});

describe('timeReps', () => {
  it('runs the warm-ups (negative indices) before the timed repetitions and keeps their own ms', async () => {
    const seen: number[] = [];
    const timing = await timeReps({ warmup: 2, reps: 5 }, async (rep) => {
      seen.push(rep);
      return rep < 0 ? 1000 : 10 * (rep + 1);
    });
    expect(seen).toEqual([-2, -1, 0, 1, 2, 3, 4]);
    expect(timing.samplesMs).toEqual([10, 20, 30, 40, 50]);
    expect(timing.medianMs).toBe(30);
  });

  it('refuses fewer than five repetitions', async () => {
    await expect(timeReps({ warmup: 0, reps: 4 }, async () => {})).rejects.toThrow(/at least 5/);
  });
});

describe('timeInterleaved', () => {
  it('warms every variant up, then rotates the order each round', async () => {
    const order: string[] = [];
    const variant = (name: string) => async (rep: number) => {
      order.push(rep < 0 ? `${name}w` : name);
    };
    const timings = await timeInterleaved({ warmup: 1, reps: 5 }, [variant('A'), variant('B'), variant('C')]);
    expect(order.join(' ')).toBe('Aw Bw Cw A B C B C A C A B A B C B C A');
    expect(timings.map((t) => t.samplesMs.length)).toEqual([5, 5, 5]);
  });
});

describe('round', () => {
  it('keeps three significant digits', () => {
    expect(round(1234.567)).toBe(1235);
    expect(round(0.012345)).toBe(0.0123);
    expect(round(12.345)).toBe(12.3);
  });
});

describe('parseCaseList', () => {
  it('accepts letters and ids, and means every case when empty', () => {
    expect(parseCaseList('a,trainVsFit, g')).toEqual(['a', 'b', 'g']);
    expect(parseCaseList(null)).toEqual(Object.keys(BENCH_CASES));
  });

  it('rejects an unknown case by name', () => {
    expect(() => parseCaseList('a,zz')).toThrow(/unknown bench case "zz"/);
  });
});

describe('goalRatio', () => {
  it('writes the goal as given, rounds the value and judges the exact one', () => {
    expect(goalRatio('speed', 1.00049, '≥', '1.0')).toEqual({
      label: 'speed',
      value: 1,
      goal: '≥ 1.0',
      met: true,
    });
    expect(goalRatio('gap', 2e-6, '≤', '1e-6')).toMatchObject({ goal: '≤ 1e-6', met: false });
    expect(goalRatio('limit', 0.9996, '>', '1').met).toBe(false);
    expect(goalRatio('count', 6, '=', '6').met).toBe(true);
  });
});
