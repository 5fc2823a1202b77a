/**
 * Connects the telemetry history to the charts outside React: each history change is ingested into the
 * run timeline at once (O(new rows)), and chart views are redrawn on the next animation frame — at most
 * one redraw per view per frame, however many steps arrived. Views that are off-screen stay dirty and
 * draw when they come back. With no view mounted (or charts switched off) the feed unsubscribes and
 * costs nothing.
 */
import { chartsEnabled } from './chartsSwitch';
import { DEFAULT_BUCKET_CAPACITY } from './downsampleStore';
import { createRunTimeline, type RunTimeline } from './runTimeline';
import { telemetryHistory, type TelemetryHistory } from './telemetryHistory';

export interface ChartView {
  /** Pushes the timeline's columns into the chart (uPlot setData). */
  draw(timeline: RunTimeline): void;
  /** False while the chart is off-screen or hidden: its redraw waits. */
  isVisible(): boolean;
}

export interface ChartFeed {
  readonly timeline: RunTimeline;
  /** Registers a view (subscribing to the history with the first one); returns its removal. */
  addView(view: ChartView): () => void;
  /** Asks for a redraw of one view (e.g. it became visible or was resized) on the next frame. */
  invalidate(view: ChartView): void;
  /** Redraws performed since the feed was created (for tests and the bench). */
  readonly drawCount: number;
}

export interface ChartFeedOptions {
  bucketCapacity?: number;
  requestFrame?: (callback: () => void) => void;
}

const defaultRequestFrame = (callback: () => void) => {
  requestAnimationFrame(() => callback());
};

export function createChartFeed(history: TelemetryHistory, options: ChartFeedOptions = {}): ChartFeed {
  const timeline = createRunTimeline(options.bucketCapacity ?? DEFAULT_BUCKET_CAPACITY);
  const requestFrame = options.requestFrame ?? defaultRequestFrame;
  const views = new Set<ChartView>();
  const dirty = new Set<ChartView>();
  let unsubscribe: (() => void) | null = null;
  let seenGeneration = -1;
  let seenRows = 0;
  let seenEvals = 0;
  let framePending = false;
  let drawCount = 0;

  const ingest = () => {
    const { rows, evals, evalRowIndex } = history;
    if (history.generation !== seenGeneration || rows.length < seenRows || evals.length < seenEvals) {
      timeline.clear();
      seenGeneration = history.generation;
      seenRows = 0;
      seenEvals = 0;
    }
    // Replay rows and evals in their arrival order: run starts are detected from that order.
    while (seenEvals < evals.length) {
      const rowsBefore = Math.min(evalRowIndex[seenEvals] ?? rows.length, rows.length);
      while (seenRows < rowsBefore) timeline.addRow(rows[seenRows++]!);
      timeline.addEval(evals[seenEvals++]!);
    }
    while (seenRows < rows.length) timeline.addRow(rows[seenRows++]!);
  };

  const frame = () => {
    framePending = false;
    for (const view of [...dirty]) {
      if (!views.has(view)) {
        dirty.delete(view);
      } else if (view.isVisible()) {
        dirty.delete(view);
        view.draw(timeline);
        drawCount++;
      }
    }
  };

  const schedule = () => {
    if (framePending || dirty.size === 0) return;
    framePending = true;
    requestFrame(frame);
  };

  const onHistoryChange = () => {
    ingest();
    for (const view of views) dirty.add(view);
    schedule();
  };

  return {
    timeline,
    get drawCount() {
      return drawCount;
    },
    addView(view) {
      if (!chartsEnabled()) return () => {};
      views.add(view);
      if (!unsubscribe) {
        unsubscribe = history.subscribe(onHistoryChange);
        seenGeneration = -1; // rebuild: rows may have arrived while nothing listened
        ingest();
      }
      dirty.add(view);
      schedule();
      return () => {
        views.delete(view);
        dirty.delete(view);
        if (views.size === 0 && unsubscribe) {
          unsubscribe();
          unsubscribe = null;
        }
      };
    },
    invalidate(view) {
      if (!views.has(view)) return;
      dirty.add(view);
      schedule();
    },
  };
}

/** The page's feed, over the page's telemetry history. */
export const chartFeed = createChartFeed(telemetryHistory);
