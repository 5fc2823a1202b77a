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
  const views = new Set<ChartView<S>>();
  const dirty = new Set<ChartView<S>>();
  let framePending = false;
  let drawCount = 0;
  let unsubscribe: (() => void) | null = null;

  const frame = () => {
    framePending = false;
    for (const view of [...dirty]) {
      // A view removed by an earlier draw of this frame is skipped; one off-screen stays dirty.
      if (!views.has(view) || !view.isVisible()) continue;
      dirty.delete(view);
      view.draw(source());
      drawCount++;
    }
  };

  /** Marks views dirty and asks for one frame (unless one is pending) to redraw them. */
  const markDirty = (marked: Iterable<ChartView<S>>) => {
    for (const view of marked) dirty.add(view);
    if (framePending || dirty.size === 0) return;
    framePending = true;
    requestFrame(frame);
  };

  return {
    get drawCount() {
      return drawCount;
    },
    addView(view) {
      if (!enabled()) return () => {};
      unsubscribe ??= listen(() => markDirty(views));
      views.add(view);
      markDirty([view]);
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
      if (views.has(view)) markDirty([view]);
    },
  };
}
