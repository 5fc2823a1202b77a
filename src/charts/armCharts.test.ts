import { describe, expect, it } from 'vitest';
import { armBytesChartIn, armPhasesChartIn, layoutArms, type ArmTelemetry } from './armCharts';
import { en } from '../i18n/en';
import { makeRows } from '../../test/fixtures/testRows';

const armPhasesChart = armPhasesChartIn(en);
const armBytesChart = armBytesChartIn(en);
const { notTimedLabel: NOT_TIMED_LABEL, notTimedNote: NOT_TIMED_NOTE } = en.charts.words;

/** Arm "0 workers": steps 1…4 timed from 3; arm "2 workers": steps 1…3 timed from 2, more bytes. */
const arms: ArmTelemetry[] = [
  { label: '0 workers', rows: makeRows(1, 4), firstTimedStep: 3 },
  { label: '2 workers', rows: makeRows(1, 3, { uploadedImageBytes: 6144 }), firstTimedStep: 2 },
];

describe('layoutArms', () => {
  it('lays arms end to end with an empty slot between them, a marker opening each', () => {
    const layout = layoutArms(arms);
    expect(layout.slots.map((s) => s.x)).toEqual([1, 2, 3, 4, 6, 7, 8]);
    expect(layout.slots.map((s) => s.timed)).toEqual([false, false, true, true, false, true, true]);
    expect(layout.markers.map((m) => [m.x, m.label])).toEqual([
      [0.5, '0 workers'],
      [5.5, '2 workers'],
    ]);
    expect(layout.shades).toEqual([
      { fromX: 0.5, toX: 2.5, label: NOT_TIMED_LABEL },
      { fromX: 5.5, toX: 6.5, label: NOT_TIMED_LABEL },
    ]);
  });

  it('makes sense with one arm still running, an arm without rows, and no arm', () => {
    const live = layoutArms([{ label: '0 workers', rows: makeRows(1, 2), firstTimedStep: 3 }]);
    expect(live.slots.map((s) => s.x)).toEqual([1, 2]);
    expect(live.shades).toEqual([{ fromX: 0.5, toX: 2.5, label: NOT_TIMED_LABEL }]);
    const starting = layoutArms([arms[0]!, { label: '2 workers', rows: [], firstTimedStep: 2 }]);
    expect(starting.emptyXs).toEqual([6]);
    expect(starting.markers.at(-1)?.x).toBe(5.5);
    expect(layoutArms([])).toEqual({ slots: [], emptyXs: [], markers: [], shades: [] });
  });
});

describe('armPhasesChart', () => {
  it('stacks data wait, upload and compute per step; the legend reads each phase raw', () => {
    const p = armPhasesChart.prepare(arms);
    const row = makeRows(1, 4)[3]!;
    expect(p.data[0]).toEqual([1, 2, 3, 4, 6, 7, 8]);
    // Drawn: compute's bar to the total, upload's to data wait + upload, data wait's on top of them.
    expect(p.data[1]?.[3]).toBeCloseTo(row.dataWaitMs + row.uploadMs + row.computeMs, 9);
    expect(p.data[2]?.[3]).toBe(row.dataWaitMs + row.uploadMs);
    expect(p.data[3]?.[3]).toBe(row.dataWaitMs);
    expect(p.legend.map((c) => c[3])).toEqual([row.computeMs, row.uploadMs, row.dataWaitMs]);
    expect(armPhasesChart.series.map((s) => s.label)).toEqual(['compute', 'upload', 'data wait']);
    expect(p.shades).toHaveLength(2);
    expect(p.note).toBe(NOT_TIMED_NOTE);
    expect(armPhasesChart.prepare([{ ...arms[0]!, firstTimedStep: 1 }]).note).toBeNull();
  });

  it('reads x as the arm and its step, untimed steps said so', () => {
    const p = armPhasesChart.prepare(arms);
    expect(p.xLegend?.(2)).toBe('0 workers, step 2 (not timed)');
    expect(p.xLegend?.(7)).toBe('2 workers, step 2');
    expect(p.xTick?.(7)).toBe('2');
    expect(p.xTick?.(5)).toBe('');
  });

  it('has one y scale for every arm', () => {
    expect(new Set(armPhasesChart.series.map((s) => s.scale)).size).toBe(1);
    expect(new Set(armBytesChart.series.map((s) => s.scale)).size).toBe(1);
  });
});

describe('armBytesChart', () => {
  it('stacks images and masks per step, exact bytes in the legend, no timing shade', () => {
    const p = armBytesChart.prepare(arms);
    expect(p.data[1]).toEqual([2048, 2048, 2048, 2048, 6656, 6656, 6656]);
    expect(p.data[2]).toEqual([1536, 1536, 1536, 1536, 6144, 6144, 6144]);
    expect(p.legend).toEqual([Array(7).fill(512), [1536, 1536, 1536, 1536, 6144, 6144, 6144]]);
    expect(p.latest).toEqual([512, 6144]);
    expect(armBytesChart.series[1]?.format(6144)).toBe('6,144 B');
    expect(p.shades).toEqual([]);
    expect(p.note).toBeNull();
    expect(p.markers?.map((m) => m.label)).toEqual(['0 workers', '2 workers']);
  });

  it('keeps an empty slot for an arm that has not sent a row yet', () => {
    const p = armBytesChart.prepare([arms[0]!, { label: '2 workers', rows: [], firstTimedStep: 2 }]);
    expect(p.data[0]).toEqual([1, 2, 3, 4, 6]);
    expect(p.data[1]?.at(-1)).toBeNull();
  });
});
