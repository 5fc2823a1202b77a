import { describe, expect, it } from 'vitest';
import { createRunTimeline, rowColumn, evalColumn } from './runTimeline';
import { makeRow, makeRows } from './testRows';

describe('createRunTimeline', () => {
  it('puts a single run at x = step, evals included', () => {
    const t = createRunTimeline(64);
    t.addEval({ step: 0, meanIoU: 0.1, pixelAccuracy: 0.2 });
    makeRows(1, 3).forEach((r) => t.addRow(r));
    t.addEval({ step: 3, meanIoU: 0.4, pixelAccuracy: 0.5 });
    expect(t.rows.xs).toEqual([1, 2, 3]);
    expect(t.evals.xs).toEqual([0, 3]);
    expect(t.evals.ys[evalColumn('meanIoU')]).toEqual([0.1, 0.4]);
    expect(t.rows.ys[rowColumn('uploadedImageBytes')]).toEqual([1536, 1536, 1536]);
    expect(t.runStartXs).toEqual([]);
    expect(t.latestRow?.step).toBe(3);
  });

  it('lays a new run (step counter restarted) after the previous one and marks its start', () => {
    const t = createRunTimeline(64);
    t.addEval({ step: 0, meanIoU: 0.1, pixelAccuracy: 0.2 });
    makeRows(1, 4).forEach((r) => t.addRow(r));
    t.addEval({ step: 4, meanIoU: 0.3, pixelAccuracy: 0.4 });
    // New config: eval at step 0 first, then rows from 1.
    t.addEval({ step: 0, meanIoU: 0.05, pixelAccuracy: 0.1 });
    makeRows(1, 2).forEach((r) => t.addRow(r));
    expect(t.runStartXs).toEqual([5]);
    expect(t.evals.xs).toEqual([0, 4, 5]);
    expect(t.rows.xs).toEqual([1, 2, 3, 4, 6, 7]);
    // A third run without a step-0 eval is found from its rows alone.
    makeRows(1, 2).forEach((r) => t.addRow(r));
    expect(t.runStartXs).toEqual([5, 8]);
    expect(t.rows.xs.slice(-2)).toEqual([9, 10]);
  });

  it('continues the x axis when the same run is stopped and started again', () => {
    const t = createRunTimeline(64);
    makeRows(1, 3).forEach((r) => t.addRow(r));
    makeRows(4, 5).forEach((r) => t.addRow({ ...r, timeMs: 0 }));
    expect(t.rows.xs).toEqual([1, 2, 3, 4, 5]);
    expect(t.runStartXs).toEqual([]);
  });

  it('stores null GPU memory and non-finite figures as null', () => {
    const t = createRunTimeline(64);
    t.addRow(makeRow(1, { gpuBytesInUse: null, gpuBytesAllocated: null, loss: Number.NaN }));
    expect(t.rows.ys[rowColumn('gpuBytesInUse')]).toEqual([null]);
    expect(t.rows.ys[rowColumn('loss')]).toEqual([null]);
  });

  it('clear starts from nothing', () => {
    const t = createRunTimeline(64);
    makeRows(1, 3).forEach((r) => t.addRow(r));
    makeRows(1, 3).forEach((r) => t.addRow(r));
    t.clear();
    expect(t.rows.length).toBe(0);
    expect(t.runStartXs).toEqual([]);
    expect(t.latestRow).toBeNull();
    t.addRow(makeRow(1));
    expect(t.rows.xs).toEqual([1]);
  });
});
