/**
 * Error bars: a vertical line from low to high, with short caps, drawn over a series at each x where the
 * point has an interval. uPlot has none built in, so `errorBarsPlugin` draws them in its `draw` hook from
 * the prepared chart's `errorBars` columns; `intervalColumns` (pure) builds those columns.
 */
import type uPlot from 'uplot';
import type { Column } from './chartColumns';

/** One series' bars: `series` indexes the spec's series; `low`/`high` align with x (null: no bar). */
export interface ErrorBarColumns {
  series: number;
  low: Column;
  high: Column;
}

/** An interval and how many measurements it rests on; fewer than 2 is no spread, so no bar. */
export interface BarInterval {
  low: number;
  high: number;
  blocks: number;
}

/**
 * Low and high columns, one entry per x: null where there is no interval, it rests on fewer than 2
 * measurements, or its ends are not finite or out of order.
 */
export function intervalColumns(intervals: readonly (BarInterval | null)[]): { low: Column; high: Column } {
  const ok = (i: BarInterval | null): i is BarInterval =>
    i !== null && i.blocks >= 2 && Number.isFinite(i.low) && Number.isFinite(i.high) && i.low <= i.high;
  return {
    low: intervals.map((i) => (ok(i) ? i.low : null)),
    high: intervals.map((i) => (ok(i) ? i.high : null)),
  };
}

/** The highest bar end drawn on `scale` (for the scale's top); null where there is none. */
export function highestBarEnd(
  bars: readonly ErrorBarColumns[],
  scaleOf: (series: number) => string | undefined,
  scale: string,
): number | null {
  let top: number | null = null;
  for (const b of bars) {
    if (scaleOf(b.series) !== scale) continue;
    for (const v of b.high) if (v !== null && (top === null || v > top)) top = v;
  }
  return top;
}

const CAP_PX = 4;

/** Draws each prepared bar set over its series (skipped while the series is hidden). */
export function errorBarsPlugin(
  bars: () => readonly ErrorBarColumns[],
  colorOf: (series: number) => string,
): uPlot.Plugin {
  return {
    hooks: {
      draw: (u) => {
        const ctx = u.ctx;
        const dpr = devicePixelRatio || 1;
        const xs = u.data[0];
        ctx.save();
        ctx.lineWidth = 1.5 * dpr;
        for (const b of bars()) {
          const series = u.series[b.series + 1];
          if (!series || series.show === false || !series.scale) continue;
          ctx.strokeStyle = colorOf(b.series);
          ctx.beginPath();
          xs.forEach((x, i) => {
            const low = b.low[i];
            const high = b.high[i];
            if (low === null || low === undefined || high === null || high === undefined) return;
            const cx = u.valToPos(x, 'x', true);
            const y0 = u.valToPos(low, series.scale!, true);
            const y1 = u.valToPos(high, series.scale!, true);
            const cap = CAP_PX * dpr;
            ctx.moveTo(cx, y0);
            ctx.lineTo(cx, y1);
            ctx.moveTo(cx - cap, y0);
            ctx.lineTo(cx + cap, y0);
            ctx.moveTo(cx - cap, y1);
            ctx.lineTo(cx + cap, y1);
          });
          ctx.stroke();
        }
        ctx.restore();
      },
    },
  };
}
