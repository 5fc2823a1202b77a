import { afterEach, describe, expect, it, vi } from 'vitest';
import { createChartFeed } from './chartFeed';
import type { ChartView } from './viewScheduler';
import { createTelemetryHistory } from './telemetryHistory';
import type { RunTimeline } from './runTimeline';
import { makeRows } from '../../test/fixtures/testRows';

/** Frames run only when the test says so. */
function manualFrames() {
  const queue: (() => void)[] = [];
  return {
    requestFrame: (cb: () => void) => void queue.push(cb),
    get pending() {
      return queue.length;
    },
    run() {
      const callbacks = queue.splice(0);
      callbacks.forEach((cb) => cb());
    },
  };
}

function recordingView(visible = { value: true }) {
  const drawn: number[] = [];
  const view: ChartView<RunTimeline> = {
    draw: (t: RunTimeline) => void drawn.push(t.rows.length),
    isVisible: () => visible.value,
  };
  return { view, drawn, visible };
}

/** The page's charts switch (read from its URL at load), set by the test instead. */
const charts = vi.hoisted(() => ({ enabled: true }));
vi.mock('./chartsSwitch', () => ({ chartsEnabled: () => charts.enabled }));

afterEach(() => {
  charts.enabled = true;
});

describe('createChartFeed', () => {
  it('ingests every append at once but redraws each view at most once per frame', () => {
    const history = createTelemetryHistory();
    const frames = manualFrames();
    const feed = createChartFeed(history, { requestFrame: frames.requestFrame, bucketCapacity: 64 });
    const { view, drawn } = recordingView();
    feed.addView(view);
    frames.run();
    expect(drawn).toEqual([0]);
    for (const rows of [makeRows(1, 2), makeRows(3, 3), makeRows(4, 6)]) history.append(rows);
    history.appendEval({ step: 6, meanIoU: 0.5, pixelAccuracy: 0.7 });
    expect(feed.timeline.rows.length).toBe(6);
    expect(frames.pending).toBe(1);
    frames.run();
    expect(drawn).toEqual([0, 6]);
    expect(frames.pending).toBe(0);
  });

  it('keeps an off-screen view dirty and draws it when it is invalidated on return', () => {
    const history = createTelemetryHistory();
    const frames = manualFrames();
    const feed = createChartFeed(history, { requestFrame: frames.requestFrame, bucketCapacity: 64 });
    const { view, drawn, visible } = recordingView({ value: false });
    feed.addView(view);
    history.append(makeRows(1, 3));
    frames.run();
    expect(drawn).toEqual([]);
    visible.value = true;
    feed.invalidate(view);
    frames.run();
    expect(drawn).toEqual([3]);
  });

  it('rebuilds from the whole history for a late view, in arrival order, and follows clear()', () => {
    const history = createTelemetryHistory();
    const frames = manualFrames();
    const info = {
      newModel: true,
      fromStep: 0,
      label: 'new model: seed 1→2',
      detail: 'New model: Seed 1 → 2',
    };
    history.startRun({ ...info, label: '', detail: '' });
    history.appendEval({ step: 0, meanIoU: 0.1, pixelAccuracy: 0.2 });
    history.append(makeRows(1, 3));
    history.appendEval({ step: 3, meanIoU: 0.2, pixelAccuracy: 0.3 });
    history.startRun(info);
    history.appendEval({ step: 0, meanIoU: 0.1, pixelAccuracy: 0.2 });
    history.append(makeRows(1, 2));
    const feed = createChartFeed(history, { requestFrame: frames.requestFrame, bucketCapacity: 64 });
    const remove = feed.addView(recordingView().view);
    expect(feed.timeline.rows.xs).toEqual([1, 2, 3, 4, 5]);
    expect(feed.timeline.evals.xs).toEqual([0, 3, 3.5]);
    // The first run draws no marker; the second one says what changed.
    expect(feed.timeline.runStartXs).toEqual([3.5]);
    expect(feed.timeline.markers).toEqual([{ x: 3.5, label: info.label, detail: info.detail }]);
    history.clear();
    expect(feed.timeline.rows.length).toBe(0);
    expect(feed.timeline.markers).toEqual([]);
    history.append(makeRows(1, 1));
    expect(feed.timeline.rows.xs).toEqual([1]);
    // Without views the feed stops listening.
    remove();
    history.append(makeRows(2, 2));
    expect(feed.timeline.rows.xs).toEqual([1]);
  });

  it('draws a marker for a Start that changes only the worker count', () => {
    const history = createTelemetryHistory();
    const feed = createChartFeed(history, { requestFrame: manualFrames().requestFrame, bucketCapacity: 64 });
    feed.addView(recordingView().view);
    history.startRun({ newModel: true, fromStep: 0, label: '', detail: '' });
    history.append(makeRows(1, 4));
    history.startRun({ newModel: false, fromStep: 4, label: 'loader workers 0→2', detail: '…' });
    history.append(makeRows(5, 6));
    expect(feed.timeline.markers.map((m) => [m.x, m.label])).toEqual([[4.5, 'loader workers 0→2']]);
    expect(feed.timeline.rows.xs).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('does nothing while charts are switched off', () => {
    charts.enabled = false;
    const history = createTelemetryHistory();
    const frames = manualFrames();
    const feed = createChartFeed(history, { requestFrame: frames.requestFrame, bucketCapacity: 64 });
    const { view, drawn } = recordingView();
    feed.addView(view);
    history.append(makeRows(1, 3));
    frames.run();
    expect(drawn).toEqual([]);
    expect(feed.timeline.rows.length).toBe(0);
    expect(feed.drawCount).toBe(0);
  });
});
