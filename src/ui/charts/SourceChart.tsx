/**
 * One chart on the page: a figure with its title, its note and uPlot's plot, mounted from a ChartSpec<S>
 * and fed by a ChartFeed<S> (src/charts). React lays out the figure once; the feed redraws the plot on
 * animation frames, so no React render happens per data change. The figure carries `data-testid`
 * `chart-<id>`, `data-points`, `data-latest-<series>`, `data-latest-x` and `data-markers`.
 *
 * Mount a chart on a feed created once (module scope or useMemo): `<SourceChart spec={someSpec}
 * feed={feed} />`. For a value held in React, see useValueFeed.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ChartSpec } from '../../charts/chartSpec';
import { localizeSpec } from '../../charts/localizeSpec';
import { useText } from '../i18n/useText';
import { mountChart, type MountOptions } from '../../charts/mountChart';
import { createValueFeed, type ValueFeed } from '../../charts/sourceFeed';
import type { ChartFeed } from '../../charts/viewScheduler';
import 'uplot/dist/uPlot.min.css';

export interface SourceChartProps<S> {
  spec: ChartSpec<S>;
  feed: ChartFeed<S>;
  /** Plot height in CSS px, wide (≥ 480 px of width) and narrow. */
  heightPx?: MountOptions['heightPx'];
}

export function SourceChart<S>({ spec: source, feed, heightPx }: SourceChartProps<S>) {
  const t = useText();
  // A new language is a new spec: the chart re-mounts in it and redraws the same history.
  const spec = useMemo(() => localizeSpec(source, t), [source, t]);
  const figure = useRef<HTMLElement>(null);
  const plot = useRef<HTMLDivElement>(null);
  const note = useRef<HTMLParagraphElement>(null);
  const wide = heightPx?.wide;
  const narrow = heightPx?.narrow;
  useEffect(() => {
    if (!figure.current || !plot.current) return;
    const handle = mountChart(
      spec,
      { figure: figure.current, plot: plot.current, note: note.current },
      feed,
      wide !== undefined && narrow !== undefined ? { heightPx: { wide, narrow } } : {},
    );
    return () => handle.destroy();
  }, [spec, feed, wide, narrow]);
  return (
    <figure className="chart" ref={figure} data-testid={`chart-${spec.id}`}>
      <figcaption className="chart-title">{spec.title}</figcaption>
      <p className="chart-note" ref={note} hidden />
      <div className="chart-plot" ref={plot} />
    </figure>
  );
}

/**
 * A feed over a value React holds (a prop): created once, given each new value after render. The chart
 * redraws on the next animation frame, and not at all when the value is the same object.
 */
export function useValueFeed<S>(value: S): ValueFeed<S> {
  const [feed] = useState(() => createValueFeed(value));
  useEffect(() => feed.set(value), [feed, value]);
  return feed;
}
