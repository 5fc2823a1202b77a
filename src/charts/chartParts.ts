/**
 * Pieces the chart specs share: the byte axis, axes with plain ticks, and the scale and legend format of
 * common series, so that a series spec reads on one line. Pure.
 */
import { BYTE_TICK_INCREMENTS, formatByteTicks, formatBytes, formatExactBytes } from '../config/byteFormat';
import { formatMsShort, formatTicks } from './chartFormat';
import type { AxisSpec } from './chartSpec';

type Side = AxisSpec['side'];

/** A y axis on `scale` whose ticks are plain numbers, with the decimals their increment needs. */
export const plainAxis = (scale: string, label: string, side: Side = 'left'): AxisSpec => ({
  scale,
  label,
  side,
  ticks: (splits, increment) => formatTicks(splits, increment, ''),
});

/** The y axis of the 'bytes' scale: binary units at power-of-two steps, at least 1 KiB tall. */
export const byteAxis = (label: string, side: Side = 'left'): AxisSpec => ({
  scale: 'bytes',
  label,
  side,
  ticks: formatByteTicks,
  increments: BYTE_TICK_INCREMENTS,
  minTop: 1024,
});

/** Series on the 'bytes' scale read "23.0 KiB" in the legend. */
export const shortBytes = { scale: 'bytes', format: formatBytes };
/** Series on the 'bytes' scale read exact counts: "1,536 B". */
export const exactBytes = { scale: 'bytes', format: formatExactBytes };
/** Series of milliseconds on the 'ms' scale. */
export const msSeries = { scale: 'ms', format: formatMsShort };
