/**
 * The A/B comparison's per-step charts: loss and step time, A and B as two series of one chart, so they
 * share one y scale by construction. The source is the comparison store's sides (each side's rows, once it
 * has finished); x is the step of each side's run (1, 2, …). Pure `prepare`s, unit-tested.
 */
import type { TelemetryRow } from '../config/telemetry';
import { joinColumns } from './chartColumns';
import { formatMsShort } from './chartFormat';
import { plainAxis } from './chartParts';
import { plainChart, type ChartSpec, type PreparedChart } from './chartSpec';

/** What the charts read of a side (the comparison store's CompareSide has it). */
interface CompareSideRows {
  rows: readonly TelemetryRow[];
}

/** The comparison store's sides; null until a side exists. */
export interface CompareSides {
  a: CompareSideRows | null;
  b: CompareSideRows | null;
}

type Figure = 'loss' | 'stepMs';

function prepareSides(sides: CompareSides, figure: Figure): PreparedChart {
  const column = (side: CompareSideRows | null) => ({
    xs: (side?.rows ?? []).map((r) => r.step),
    ys: (side?.rows ?? []).map((r) => (Number.isFinite(r[figure]) ? r[figure] : null)),
  });
  const a = column(sides.a);
  const b = column(sides.b);
  const joined = joinColumns(a.xs, [a.ys], b.xs, [b.ys]);
  return plainChart([joined.xs, ...joined.ys], joined.ys);
}

const sideSeries = (scale: string, format: (v: number) => string) => [
  { key: 'a', label: 'A', color: '--chart-1' as const, scale, format },
  { key: 'b', label: 'B', color: '--chart-6' as const, scale, format },
];

export const compareLossChart: ChartSpec<CompareSides> = {
  id: 'compare-loss',
  title: 'Loss per step',
  xLabel: 'step',
  series: sideSeries('loss', (v) => v.toFixed(4)),
  axes: [plainAxis('loss', 'loss')],
  emptyText: 'Run the comparison to see A and B',
  prepare: (sides) => prepareSides(sides, 'loss'),
};

export const compareStepTimeChart: ChartSpec<CompareSides> = {
  id: 'compare-step-ms',
  title: 'Step time per step',
  xLabel: 'step',
  series: sideSeries('ms', formatMsShort),
  axes: [plainAxis('ms', 'step time (ms)')],
  emptyText: 'Run the comparison to see A and B',
  prepare: (sides) => prepareSides(sides, 'stepMs'),
};
