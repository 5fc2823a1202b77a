import { describe, expect, it } from 'vitest';
import { createRunTimeline, rowColumn, evalColumn } from './runTimeline';
import { makeRow, makeRows } from '../../test/fixtures/testRows';

describe('createRunTimeline', () => {
  it('stores rows and evaluations at the x they are given', () => {
    const t = createRunTimeline(64);
    t.addEval({ step: 0, meanIoU: 0.1, pixelAccuracy: 0.2 }, 0);
    makeRows(1, 3).forEach((r) => t.addRow(r, r.step));
    t.addEval({ step: 3, meanIoU: 0.4, pixelAccuracy: 0.5 }, 3);
    expect(t.rows.xs).toEqual([1, 2, 3]);
    expect(t.evals.xs).toEqual([0, 3]);
    expect(t.evals.ys[evalColumn('meanIoU')]).toEqual([0.1, 0.4]);
    expect(t.rows.ys[rowColumn('uploadedImageBytes')]).toEqual([1536, 1536, 1536]);
    expect(t.runStartXs).toEqual([]);
    expect(t.latestRow?.step).toBe(3);
  });

  it('keeps run starts as markers, and one break for starts with no step between them', () => {
    const t = createRunTimeline(64);
    makeRows(1, 2).forEach((r) => t.addRow(r, r.step));
    t.addRunStart({ x: 2.5, label: 'resumed', detail: 'd1' });
    t.addRunStart({ x: 2.5, label: 'loader workers 0→2', detail: 'd2' });
    expect(t.runStartXs).toEqual([2.5]);
    expect(t.markers.map((m) => m.label)).toEqual(['resumed', 'loader workers 0→2']);
  });

  it('stores null GPU memory and non-finite figures as null', () => {
    const t = createRunTimeline(64);
    t.addRow(makeRow(1, { gpuBytesInUse: null, gpuBytesAllocated: null, loss: Number.NaN }), 1);
    expect(t.rows.ys[rowColumn('gpuBytesInUse')]).toEqual([null]);
    expect(t.rows.ys[rowColumn('loss')]).toEqual([null]);
  });

  it('clear starts from nothing', () => {
    const t = createRunTimeline(64);
    makeRows(1, 3).forEach((r) => t.addRow(r, r.step));
    t.addRunStart({ x: 3.5, label: 'a', detail: 'a' });
    t.clear();
    expect(t.rows.length).toBe(0);
    expect(t.runStartXs).toEqual([]);
    expect(t.markers).toEqual([]);
    expect(t.latestRow).toBeNull();
    t.addRow(makeRow(1), 1);
    expect(t.rows.xs).toEqual([1]);
  });
});
