/**
 * The redraw bookkeeping every chart feed shares: the views mounted on it, which of them are dirty, and
 * one animation frame at a time that draws the dirty views that are visible (at most one redraw per view
 * per frame, however many changes arrived; off-screen views stay dirty until they come back). No DOM
 * beyond requestAnimationFrame; unit-tested with manual frames.
 */

export interface ChartView<S> {
  /** Pushes the source's columns into the chart (uPlot setData). */
  draw(source: S): void;
  /** False while the chart is off-screen or hidden: its redraw waits. */
  isVisible(): boolean;
}

export interface ChartFeed<S> {
  /** Registers a view (the feed starts listening with the first one); returns its removal. */
  addView(view: ChartView<S>): () => void;
  /** Asks for a redraw of one view (e.g. it became visible or was resized) on the next frame. */
  invalidate(view: ChartView<S>): void;
  /** Redraws performed since the feed was created (for tests and the bench). */
  readonly drawCount: number;
}

export type RequestFrame = (callback: () => void) => void;

const defaultRequestFrame: RequestFrame = (callback) => {
  requestAnimationFrame(() => callback());
};

interface ViewScheduler<S> {
  readonly views: ReadonlySet<ChartView<S>>;
  readonly drawCount: number;
  add(view: ChartView<S>): void;
  /** Removes a view; returns how many remain. */
  remove(view: ChartView<S>): number;
  /** Every view redraws on the next frame. */
  invalidateAll(): void;
  invalidate(view: ChartView<S>): void;
}

function createViewScheduler<S>(source: () => S, requestFrame: RequestFrame): ViewScheduler<S> {
  const views = new Set<ChartView<S>>();
  const dirty = new Set<ChartView<S>>();
  let framePending = false;
  let drawCount = 0;

  const frame = () => {
    framePending = false;
    for (const view of [...dirty]) {
      if (!views.has(view)) {
        dirty.delete(view);
      } else if (view.isVisible()) {
        dirty.delete(view);
        view.draw(source());
        drawCount++;
      }
    }
  };

  const schedule = () => {
    if (framePending || dirty.size === 0) return;
    framePending = true;
    requestFrame(frame);
  };

  return {
    views,
    get drawCount() {
      return drawCount;
    },
    add(view) {
      views.add(view);
      dirty.add(view);
      schedule();
    },
    remove(view) {
      views.delete(view);
      dirty.delete(view);
      return views.size;
    },
    invalidateAll() {
      for (const view of views) dirty.add(view);
      schedule();
    },
    invalidate(view) {
      if (!views.has(view)) return;
      dirty.add(view);
      schedule();
    },
  };
}

/**
 * A feed of `source` that listens to it only while it has views: `listen(redraw)` runs when the first view
 * is added, calls `redraw` on each change that needs one, and returns the function that stops listening,
 * called when the last view goes. While `enabled()` is false, addView registers nothing.
 */
export function listeningFeed<S>(
  source: () => S,
  listen: (redraw: () => void) => () => void,
  requestFrame: RequestFrame = defaultRequestFrame,
  enabled: () => boolean = () => true,
): ChartFeed<S> {
  const scheduler = createViewScheduler(source, requestFrame);
  let unsubscribe: (() => void) | null = null;
  return {
    get drawCount() {
      return scheduler.drawCount;
    },
    addView(view) {
      if (!enabled()) return () => {};
      unsubscribe ??= listen(() => scheduler.invalidateAll());
      scheduler.add(view);
      return () => {
        if (scheduler.remove(view) === 0 && unsubscribe) {
          unsubscribe();
          unsubscribe = null;
        }
      };
    },
    invalidate: (view) => scheduler.invalidate(view),
  };
}
