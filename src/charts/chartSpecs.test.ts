import { describe, expect, it } from 'vitest';
import { chartsEnabledFromQuery } from './chartsSwitch';
import { bytesChart, CHART_SPECS, lossChart, memoryChart, throughputChart } from './chartSpecs';
import { createRunTimeline } from './runTimeline';
import { en } from '../i18n/en';
import { makeRow, makeRows } from '../../test/fixtures/testRows';

function sixSteps() {
  const t = createRunTimeline(64);
  t.addEval({ step: 0, meanIoU: 0.1, pixelAccuracy: 0.2 }, 0);
  makeRows(1, 3).forEach((r) => t.addRow(r, r.step));
  t.addEval({ step: 3, meanIoU: 0.3, pixelAccuracy: 0.4 }, 3);
  makeRows(4, 6).forEach((r) => t.addRow(r, r.step));
  t.addEval({ step: 6, meanIoU: 0.45, pixelAccuracy: 0.6 }, 6);
  return t;
}

describe('chart specs', () => {
  it('memory: GPU in use, peak in the step, allocated and host in flight, latest = the last row', () => {
    const p = memoryChart.prepare(sixSteps());
    expect(p.data[0]).toEqual([1, 2, 3, 4, 5, 6]);
    expect(p.latest).toEqual([100_006, 150_006, 200_000, 0]);
    expect(p.data[2]).toEqual([150_001, 150_002, 150_003, 150_004, 150_005, 150_006]);
    expect(p.note).toBeNull();
    expect(p.shown).toEqual([true, true, true, true]);
  });

  it('memory on the cpu backend: a note and no GPU series instead of zeros', () => {
    const t = createRunTimeline(64);
    t.addRow(
      makeRow(1, {
        gpuBytesInUse: null,
        gpuPeakBytes: null,
        gpuBytesAllocated: null,
        hostBytesInFlight: 4096,
      }),
      1,
    );
    const p = memoryChart.prepare(t);
    expect(p.note).toBe(en.charts.words.noGpuMemory);
    expect(p.shown).toEqual([false, false, false, true]);
    expect(p.latest).toEqual([null, null, null, 4096]);
  });

  it('memory where no peak is measured (webgl): the peak line is hidden and a note says why, never 0', () => {
    const t = createRunTimeline(64);
    t.addRow(makeRow(1, { gpuPeakBytes: null }), 1);
    const p = memoryChart.prepare(t);
    expect(p.note).toBe(en.charts.words.noPeak);
    expect(p.shown).toEqual([true, false, true, true]);
    expect(p.latest[1]).toBeNull();
  });

  it('throughput: phases are stacked for the plot, raw for the legend and the latest figures', () => {
    const p = throughputChart.prepare(sixSteps());
    const last = makeRow(6);
    expect(p.latest).toEqual([last.samplesPerSec, last.dataWaitMs, last.uploadMs, last.computeMs]);
    expect(p.data[2]?.at(-1)).toBe(last.dataWaitMs);
    expect(p.data[3]?.at(-1)).toBe(last.dataWaitMs + last.uploadMs);
    expect(p.data[4]?.at(-1)).toBeCloseTo(last.stepMs, 9);
    expect(p.legend[3]?.at(-1)).toBe(last.computeMs);
  });

  it('bytes to GPU: one point per step, images and masks', () => {
    const p = bytesChart.prepare(sixSteps());
    expect(p.data).toEqual([[1, 2, 3, 4, 5, 6], Array(6).fill(1536), Array(6).fill(512)]);
    expect(p.latest).toEqual([1536, 512]);
  });

  it('loss and IoU: rows and evaluations on one x axis', () => {
    const p = lossChart.prepare(sixSteps());
    expect(p.data[0]).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(p.data[2]).toEqual([0.1, null, null, 0.3, null, null, 0.45]);
    expect(p.latest).toEqual([1 / 6, 0.45]);
  });

  it('charts are off only for ?charts=off', () => {
    expect(chartsEnabledFromQuery('?charts=off')).toBe(false);
    expect(chartsEnabledFromQuery('?charts=on')).toBe(true);
    expect(chartsEnabledFromQuery('')).toBe(true);
  });
});

describe('run starts', () => {
  it('break the lines of row charts with a null point half a step after the last one', () => {
    const t = createRunTimeline(64);
    makeRows(1, 2).forEach((r) => t.addRow(r, r.step));
    t.addRunStart({ x: 2.5, label: 'loader workers 0→2', detail: 'Loader workers 0 → 2' });
    makeRows(3, 4).forEach((r) => t.addRow(r, r.step));
    const p = bytesChart.prepare(t);
    expect(p.data).toEqual([
      [1, 2, 2.5, 3, 4],
      [1536, 1536, null, 1536, 1536],
      [512, 512, null, 512, 512],
    ]);
    expect(p.latest).toEqual([1536, 512]);
    const tp = throughputChart.prepare(t);
    expect(tp.data[0]).toEqual([1, 2, 2.5, 3, 4]);
    expect(tp.legend[0]?.[2]).toBeNull();
    expect(tp.legend[3]?.[4]).toBe(makeRow(4).computeMs);
  });

  it('are drawn as markers with what changed on every run chart, which has an empty state', () => {
    const t = createRunTimeline(64);
    makeRows(1, 2).forEach((r) => t.addRow(r, r.step));
    const marker = { x: 2.5, label: 'loader workers 0→2', detail: 'Loader workers 0 → 2' };
    t.addRunStart(marker);
    expect(CHART_SPECS.map((s) => s.id)).toEqual(['memory', 'throughput', 'bytes', 'loss']);
    for (const spec of CHART_SPECS) {
      expect(spec.prepare(t).markers).toEqual([marker]);
      expect(spec.emptyText).toBeTruthy();
    }
  });

  it('byte axes tick at powers of two from 1 B, so never at a fraction of a byte', () => {
    const axes = [memoryChart, bytesChart].flatMap((s) => s.axes.filter((a) => a.scale === 'bytes'));
    expect(axes).toHaveLength(2);
    for (const axis of axes) {
      expect(axis.increments?.[0]).toBe(1);
      expect(axis.increments?.every((s) => Number.isInteger(s))).toBe(true);
      expect(axis.minTop).toBe(1024);
    }
  });
});
