/**
 * A feed for a chart whose data changes at a low rate (a comparison's sides, a lesson's arms):
 * `createValueFeed(value)` holds a value that React props set, and redraws its views on the next animation
 * frame after each change, skipping a value identical to the one it holds (Object.is), so a render that
 * passes the same object costs nothing. No React.
 */
import { listeningFeed, type ChartFeed, type RequestFrame } from './viewScheduler';

export interface SourceFeedOptions {
  requestFrame?: RequestFrame;
}

export interface ValueFeed<S> extends ChartFeed<S> {
  /** Replaces the value; views redraw on the next frame (not at all when it is the same value). */
  set(value: S): void;
}

/** A feed over a value the caller replaces (a React component's prop). */
export function createValueFeed<S>(initial: S, options: SourceFeedOptions = {}): ValueFeed<S> {
  let value = initial;
  /** Set while views listen (listeningFeed calls listen with the first view and stops with the last). */
  let redraw: (() => void) | null = null;
  const listen = (onChange: () => void) => {
    redraw = onChange;
    return () => {
      redraw = null;
    };
  };
  const feed = listeningFeed(() => value, listen, options.requestFrame);
  return Object.assign(feed, {
    set(next: S) {
      if (Object.is(next, value)) return;
      value = next;
      redraw?.();
    },
  });
}
