import { describe, expect, it } from 'vitest';
import { createValueFeed } from './sourceFeed';
import type { ChartView } from './viewScheduler';

function manualFrames() {
  const queue: (() => void)[] = [];
  return {
    requestFrame: (cb: () => void) => void queue.push(cb),
    run: () => queue.splice(0).forEach((cb) => cb()),
    get pending() {
      return queue.length;
    },
  };
}

function recording<S>(visible = { value: true }) {
  const drawn: S[] = [];
  const view: ChartView<S> = { draw: (s) => void drawn.push(s), isVisible: () => visible.value };
  return { view, drawn, visible };
}

describe('createValueFeed', () => {
  it('redraws at most once per frame, and stops listening when its last view goes', () => {
    const frames = manualFrames();
    const feed = createValueFeed([1], { requestFrame: frames.requestFrame });
    const { view, drawn } = recording<number[]>();
    const remove = feed.addView(view);
    frames.run();
    expect(drawn).toEqual([[1]]);
    feed.set([1, 2]);
    feed.set([1, 2, 3]);
    expect(frames.pending).toBe(1);
    frames.run();
    expect(drawn).toEqual([[1], [1, 2, 3]]);
    expect(feed.drawCount).toBe(2);
    // The last view gone, the feed stops listening.
    remove();
    feed.set([4]);
    expect(frames.pending).toBe(0);
  });

  it('keeps an off-screen view dirty until it is invalidated on its return', () => {
    const frames = manualFrames();
    const feed = createValueFeed(0, { requestFrame: frames.requestFrame });
    const { view, drawn, visible } = recording<number>({ value: false });
    feed.addView(view);
    feed.set(5);
    frames.run();
    expect(drawn).toEqual([]);
    visible.value = true;
    feed.invalidate(view);
    frames.run();
    expect(drawn).toEqual([5]);
  });

  it('redraws when a new value is set, not for the same one', () => {
    const frames = manualFrames();
    const first = { a: 1 };
    const feed = createValueFeed(first, { requestFrame: frames.requestFrame });
    const { view, drawn } = recording<{ a: number }>();
    feed.addView(view);
    frames.run();
    feed.set(first);
    expect(frames.pending).toBe(0);
    const second = { a: 2 };
    feed.set(second);
    frames.run();
    expect(drawn).toEqual([first, second]);
  });
});
