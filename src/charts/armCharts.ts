/**
 * Charts of a lesson whose run trains arms one after the other (e.g. 0 then 2 loader workers): each arm's
 * steps laid end to end on one x axis, one slot per step and an empty slot between arms, each arm opened
 * by a marker with its label; one y scale for every arm. Steps before an arm's first timed step (warm-up,
 * batches prefetched before timing began) are shaded "not timed".
 *  - armPhasesChartIn: per step, data wait, upload and compute (ms) stacked as bars;
 *  - armBytesChartIn: per step, bytes handed to the GPU, images and masks stacked as bars, exact in the legend.
 * The source grows as rows arrive: one arm, part of an arm, or none yet all draw sensibly. Pure.
 */
import type { TelemetryRow } from '../config/telemetry';
import { lastValue, stackColumns, type Column } from './chartColumns';
import { formatMsShort } from './chartFormat';
import { byteAxis, exactBytes, msSeries, plainAxis } from './chartParts';
import type { ChartMarker, ChartShade, ChartSpec, PreparedChart } from './chartSpec';
import { en } from '../i18n/en';
import { fill, plural } from '../i18n/fill';
import type { Dictionary } from '../i18n/types';

/** The words these charts draw: the dictionary's `charts.words` (English by default). */
type Words = Dictionary['charts']['words'];

/** One arm of a lesson's run, as the lesson runner reports it. */
export interface ArmTelemetry {
  label: string;
  /** Telemetry rows of the arm so far, in step order. */
  rows: readonly TelemetryRow[];
  /** First step counted in the measurement; earlier steps were warm-up or prefetched. */
  firstTimedStep: number;
  /**
   * The arm's measured step time (mean of its timed steps), as its lesson's card and table quote it; its
   * marker names it. Absent or null: not yet measured, and the marker says nothing of time.
   */
  measuredStepMs?: number | null;
}

export type ArmsSource = readonly ArmTelemetry[];

interface Slot {
  x: number;
  arm: number;
  row: TelemetryRow;
  timed: boolean;
}

export interface ArmLayout {
  slots: Slot[];
  /** One empty slot for each arm without a row yet, so its marker is on the plot. */
  emptyXs: number[];
  markers: ChartMarker[];
  shades: ChartShade[];
}

/** Arm k's steps at x = start_k + 1 … start_k + n_k, its marker at start_k + ½; the next arm starts one slot later. */
export function layoutArms(arms: ArmsSource, words: Words = en.charts.words, locale = 'en-US'): ArmLayout {
  const slots: Slot[] = [];
  const emptyXs: number[] = [];
  const markers: ChartMarker[] = [];
  const shades: ChartShade[] = [];
  let start = 0;
  arms.forEach((arm, k) => {
    const n = arm.rows.length;
    const timedFrom = arm.rows.findIndex((r) => r.step >= arm.firstTimedStep);
    const untimed = timedFrom === -1 ? n : timedFrom;
    markers.push({
      x: start + 0.5,
      label: arm.label,
      detail:
        fill(plural(locale, n, words.armMarker), {
          arm: arm.label,
          count: n,
          first: arm.firstTimedStep,
        }) +
        (arm.measuredStepMs == null
          ? ''
          : fill(words.armMeasuredStep, { ms: formatMsShort(arm.measuredStepMs) })),
    });
    arm.rows.forEach((row, i) =>
      slots.push({ x: start + i + 1, arm: k, row, timed: row.step >= arm.firstTimedStep }),
    );
    if (untimed > 0)
      shades.push({ fromX: start + 0.5, toX: start + untimed + 0.5, label: words.notTimedLabel });
    if (n === 0) emptyXs.push(start + 1);
    start += Math.max(n, 1) + 1;
  });
  return { slots, emptyXs, markers, shades };
}

function prepareArms(
  arms: ArmsSource,
  parts: readonly ((row: TelemetryRow) => number)[],
  withShades: boolean,
  words: Words,
  locale: string,
): PreparedChart {
  const layout = layoutArms(arms, words, locale);
  const positions = [
    ...layout.slots,
    ...layout.emptyXs.map((x) => ({ x, arm: -1, row: null, timed: false })),
  ].sort((a, b) => a.x - b.x);
  const raw: Column[] = parts.map((part) => positions.map((p) => (p.row ? finite(part(p.row)) : null)));
  // Bars drawn later cover earlier ones: the total first, the bottom part last.
  const stacked = stackColumns(raw).reverse();
  const legend = [...raw].reverse();
  const slotAt = (x: number) => layout.slots.find((s) => s.x === Math.round(x));
  const markerAt = (x: number) => [...layout.markers].reverse().find((m) => m.x <= x);
  return {
    data: [positions.map((p) => p.x), ...stacked],
    legend,
    latest: legend.map(lastValue),
    note: withShades && layout.shades.length ? words.notTimedNote : null,
    shown: legend.map(() => true),
    markers: layout.markers,
    shades: withShades ? layout.shades : [],
    xTick: (x) => {
      const slot = Number.isInteger(x) ? slotAt(x) : undefined;
      return slot ? String(slot.row.step) : '';
    },
    xLegend: (x) => {
      const slot = slotAt(x);
      if (!slot) return markerAt(x)?.label ?? '—';
      const arm = arms[slot.arm]?.label ?? '';
      return fill(slot.timed || !withShades ? words.armSlot : words.armSlotNotTimed, {
        arm,
        step: slot.row.step,
      });
    },
  };
}

const finite = (v: number): number | null => (Number.isFinite(v) ? v : null);

/** The phases chart worded in `t` (its words, legends and title: localizeSpec adds the last two). */
export const armPhasesChartIn = (t: Dictionary, locale = 'en-US'): ChartSpec<ArmsSource> => ({
  id: 'arm-phases',
  title: 'Step time by phase',
  xLabel: 'step',
  x: { layout: 'slots' },
  series: [
    { key: 'compute-ms', label: 'compute', color: '--chart-3', ...msSeries, bars: true },
    { key: 'upload-ms', label: 'upload', color: '--chart-5', ...msSeries, bars: true },
    { key: 'data-wait-ms', label: 'data wait', color: '--chart-4', ...msSeries, bars: true },
  ],
  axes: [plainAxis('ms', 'ms per step')],
  emptyText: 'Run the lesson: each step’s time appears here',
  markerRows: 1,
  prepare: (arms) =>
    prepareArms(
      arms,
      [(r) => r.dataWaitMs, (r) => r.uploadMs, (r) => r.computeMs],
      true,
      t.charts.words,
      locale,
    ),
});

/** The bytes chart worded in `t`. */
export const armBytesChartIn = (t: Dictionary, locale = 'en-US'): ChartSpec<ArmsSource> => ({
  id: 'arm-bytes',
  title: 'Bytes handed to the GPU per step',
  xLabel: 'step',
  x: { layout: 'slots' },
  series: [
    { key: 'uploaded-mask-bytes', label: 'masks', color: '--chart-2', ...exactBytes, bars: true },
    { key: 'uploaded-image-bytes', label: 'images', color: '--chart-1', ...exactBytes, bars: true },
  ],
  axes: [byteAxis('bytes per step')],
  emptyText: 'Run the lesson: each step’s bytes appear here',
  markerRows: 1,
  prepare: (arms) =>
    prepareArms(
      arms,
      [(r) => r.uploadedImageBytes, (r) => r.uploadedMaskBytes],
      false,
      t.charts.words,
      locale,
    ),
});
