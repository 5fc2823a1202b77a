/**
 * A and B per step, loss and step time: uPlot charts built like the live ones (specs in
 * charts/compareCharts.ts), each side a series of one chart so both share one y scale.
 */
import { useMemo } from 'react';
import { compareLossChart, compareStepTimeChart, type CompareSides } from '../../charts/compareCharts';
import type { CompareSide } from '../../state/compareStore';
import { SourceChart, useValueFeed } from '../charts/SourceChart';

const HEIGHT_PX = { wide: 170, narrow: 150 };

export function StepCharts({ a, b }: { a: CompareSide; b: CompareSide }) {
  const sides = useMemo((): CompareSides => ({ a, b }), [a, b]);
  const feed = useValueFeed(sides);
  return (
    <div className="chart-grid compare-chart-grid">
      <SourceChart spec={compareLossChart} feed={feed} heightPx={HEIGHT_PX} />
      <SourceChart spec={compareStepTimeChart} feed={feed} heightPx={HEIGHT_PX} />
    </div>
  );
}
