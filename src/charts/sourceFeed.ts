/**
 * Feeds for charts whose data changes at a low rate (a comparison's sides, a lesson's arms, a zustand
 * store's state): `createSourceFeed(get, subscribe)` reads the source on demand and redraws its views on
 * the next animation frame after each change, skipping changes that leave the read value identical
 * (Object.is), so a store update elsewhere costs nothing. `storeFeed(store, select)` does that over any
 * store with zustand's getState/subscribe; `createValueFeed(value)` holds a value that React props set.
 * No React, no zustand import.
 */
import { listeningFeed, type ChartFeed, type RequestFrame } from './viewScheduler';

export interface SourceFeedOptions {
  requestFrame?: RequestFrame;
}

/**
 * A feed over `get()`. `subscribe(onChange)` is called when the first view mounts and its returned
 * function when the last one goes.
 */
function createSourceFeed<S>(
  get: () => S,
  subscribe: (onChange: () => void) => () => void,
  options: SourceFeedOptions = {},
): ChartFeed<S> {
  let seen: { value: S } | null = null;
  const listen = (redraw: () => void) => {
    seen = { value: get() };
    return subscribe(() => {
      const value = get();
      if (seen && Object.is(seen.value, value)) return;
      seen = { value };
      redraw();
    });
  };
  return listeningFeed(get, listen, options.requestFrame);
}

/** What a feed needs of a zustand store (`useSomeStore` itself has both). */
export interface SubscribableStore<T> {
  getState(): T;
  subscribe(listener: (state: T, previous: T) => void): () => void;
}

/**
 * A feed over a slice of a store, e.g. `storeFeed(useCompareStore, (s) => s.a)`. The selector must return
 * the same object while its slice is unchanged (select a field, not a fresh object or array), or every
 * store update redraws. Create it once (module scope or useMemo), not at every render.
 */
export function storeFeed<T, S>(
  store: SubscribableStore<T>,
  select: (state: T) => S,
  options: SourceFeedOptions = {},
): ChartFeed<S> {
  return createSourceFeed(
    () => select(store.getState()),
    (onChange) => store.subscribe(() => onChange()),
    options,
  );
}

export interface ValueFeed<S> extends ChartFeed<S> {
  /** Replaces the value; views redraw on the next frame (not at all when it is the same value). */
  set(value: S): void;
}

/** A feed over a value the caller replaces (a React component's prop). */
export function createValueFeed<S>(initial: S, options: SourceFeedOptions = {}): ValueFeed<S> {
  let value = initial;
  const listeners = new Set<() => void>();
  const feed = createSourceFeed(
    () => value,
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    options,
  );
  return Object.assign(feed, {
    set(next: S) {
      value = next;
      listeners.forEach((l) => l());
    },
  });
}
