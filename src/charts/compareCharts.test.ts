import { describe, expect, it } from 'vitest';
import { compareLossChart, compareStepTimeChart } from './compareCharts';
import { makeRows } from '../../test/fixtures/testRows';

describe('comparison charts', () => {
  it('draw A and B per step as two series of one chart (one y scale)', () => {
    const a = { rows: makeRows(1, 3) };
    const b = { rows: makeRows(1, 3, { stepMs: 40 }) };
    const p = compareStepTimeChart.prepare({ a, b });
    expect(p.data).toEqual([[1, 2, 3], a.rows.map((r) => r.stepMs), [40, 40, 40]]);
    expect(p.latest).toEqual([a.rows[2]!.stepMs, 40]);
    expect(compareStepTimeChart.series.map((s) => s.scale)).toEqual(['ms', 'ms']);
    expect(compareLossChart.series.map((s) => s.scale)).toEqual(['loss', 'loss']);
  });

  it('handle sides of different lengths, a missing side, and a non-finite loss', () => {
    const p = compareLossChart.prepare({
      a: { rows: makeRows(1, 2, { loss: Number.NaN }) },
      b: { rows: makeRows(1, 3) },
    });
    expect(p.data[0]).toEqual([1, 2, 3]);
    expect(p.data[1]).toEqual([null, null, null]);
    expect(p.data[2]).toEqual([1, 1 / 2, 1 / 3]);
    expect(p.latest).toEqual([null, 1 / 3]);
    const none = compareLossChart.prepare({ a: null, b: null });
    expect(none.data).toEqual([[], [], []]);
  });
});
