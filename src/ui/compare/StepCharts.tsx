/**
 * A and B per step, loss and step time: uPlot charts built like the live ones (specs in
 * charts/compareCharts.ts), each side a series of one chart so both share one y scale. Only the steps the
 * paired blocks timed are drawn: the same steps the summary table's figures rest on.
 */
import { useMemo } from 'react';
import { compareLossChart, compareStepTimeChart, type CompareSides } from '../../charts/compareCharts';
import type { CompareSide } from '../../state/compareStore';
import { SourceChart, useValueFeed } from '../charts/SourceChart';

const HEIGHT_PX = { wide: 170, narrow: 150 };

/** A side's rows at the steps its paired blocks timed (all of them while it has no timed steps yet). */
function timedRows(side: CompareSide): CompareSide {
  if (!side.timedSteps) return side;
  const timed = new Set(side.timedSteps);
  return { ...side, rows: side.rows.filter((r) => timed.has(r.step)) };
}

export function StepCharts({ a, b }: { a: CompareSide; b: CompareSide }) {
  const sides = useMemo((): CompareSides => ({ a: timedRows(a), b: timedRows(b) }), [a, b]);
  const feed = useValueFeed(sides);
  return (
    <div className="chart-grid compare-chart-grid">
      <SourceChart spec={compareLossChart} feed={feed} heightPx={HEIGHT_PX} />
      <SourceChart spec={compareStepTimeChart} feed={feed} heightPx={HEIGHT_PX} />
    </div>
  );
}
