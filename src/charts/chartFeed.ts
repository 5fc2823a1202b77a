/**
 * Connects the telemetry history to the run charts outside React: each history change is ingested into
 * the run timeline at once (O(new records)), and chart views are redrawn on the next animation frame —
 * at most one redraw per view per frame, however many steps arrived (viewScheduler.ts). Views that are
 * off-screen stay dirty and draw when they come back. With no view mounted (or charts switched off) the
 * feed unsubscribes and costs nothing.
 */
import { chartsEnabled } from './chartsSwitch';
import { DEFAULT_BUCKET_CAPACITY } from './downsampleStore';
import { createRunTimeline, type RunTimeline } from './runTimeline';
import { telemetryHistory, type TelemetryHistory } from './telemetryHistory';
import { listeningFeed, type ChartFeed, type RequestFrame } from './viewScheduler';

/** The run charts' feed: its source is the run timeline. */
export interface TimelineFeed extends ChartFeed<RunTimeline> {
  readonly timeline: RunTimeline;
}

export interface ChartFeedOptions {
  bucketCapacity?: number;
  requestFrame?: RequestFrame;
}

export function createChartFeed(history: TelemetryHistory, options: ChartFeedOptions = {}): TimelineFeed {
  const timeline = createRunTimeline(options.bucketCapacity ?? DEFAULT_BUCKET_CAPACITY);
  let seenGeneration = -1;
  let seenRows = 0;
  let seenEvals = 0;
  let seenStarts = 0;

  /** Rows and evaluations up to the given counts, in their arrival order. */
  const replayRowsUntil = (rowEnd: number) => {
    for (; seenRows < rowEnd; seenRows++) timeline.addRow(history.rows[seenRows]!, history.rowXs[seenRows]!);
  };
  const replayUntil = (rowEnd: number, evalEnd: number) => {
    for (; seenEvals < evalEnd; seenEvals++) {
      replayRowsUntil(Math.min(history.evalRowIndex[seenEvals] ?? rowEnd, rowEnd));
      timeline.addEval(history.evals[seenEvals]!, history.evalXs[seenEvals]!);
    }
    replayRowsUntil(rowEnd);
  };

  const ingest = () => {
    const { rows, evals, runStarts } = history;
    if (
      history.generation !== seenGeneration ||
      rows.length < seenRows ||
      evals.length < seenEvals ||
      runStarts.length < seenStarts
    ) {
      timeline.clear();
      seenGeneration = history.generation;
      seenRows = 0;
      seenEvals = 0;
      seenStarts = 0;
    }
    while (seenStarts < runStarts.length) {
      const start = runStarts[seenStarts++]!;
      replayUntil(start.rowIndex, start.evalIndex);
      if (!start.first) timeline.addRunStart({ x: start.x, label: start.label, detail: start.detail });
    }
    replayUntil(rows.length, evals.length);
  };

  const listen = (redraw: () => void) => {
    const unsubscribe = history.subscribe(() => {
      ingest();
      redraw();
    });
    seenGeneration = -1; // rebuild: records may have arrived while nothing listened
    ingest();
    return unsubscribe;
  };
  const feed = listeningFeed(() => timeline, listen, options.requestFrame, chartsEnabled);
  return Object.assign(feed, { timeline });
}

/** The page's feed, over the page's telemetry history. */
export const chartFeed = createChartFeed(telemetryHistory);
