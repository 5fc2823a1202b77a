/**
 * The several-GPU lesson's memory chart: for each strategy run (x, in PARALLEL_STRATEGIES order), one bar
 * per device rank of its memory at the step's peak (deviceMemoryPeak), all on ONE y scale, so 144 KiB
 * under DDP is visibly shorter than 372 KiB under DataParallel. A device's bars sit side by side around
 * its strategy's slot; strategies not run yet leave their slot empty. The spec depends on the number of
 * devices (one series each): deviceMemoryChart(devices). Pure.
 */
import { formatBytes, formatExactBytes } from '../config/byteFormat';
import { byteAxis } from './chartParts';
import {
  deviceMemoryPeak,
  PARALLEL_LIMITS,
  PARALLEL_STRATEGIES,
  type ParallelStepRecord,
  type ParallelStrategy,
} from '../config/parallel';
import { lastValue, type Column } from './chartColumns';
import { en } from '../i18n/en';
import type { Dictionary } from '../i18n/types';
import type { ChartColorVar, ChartSpec, PreparedChart } from './chartSpec';

export type StrategyRecords = Partial<Record<ParallelStrategy, ParallelStepRecord>>;

/** Share of a strategy's slot its bars fill together. */
const GROUP_WIDTH = 0.8;
const COLORS: readonly ChartColorVar[] = ['--chart-1', '--chart-6', '--chart-3', '--chart-5'];

/** Devices in the records (the most reports of any strategy), or `fallback` when there are none. */
export function devicesIn(records: StrategyRecords, fallback = 2): number {
  const most = Math.max(0, ...Object.values(records).map((r) => r?.reports.length ?? 0));
  const devices = most > 0 ? most : fallback;
  return Math.min(PARALLEL_LIMITS.replicas.max, Math.max(PARALLEL_LIMITS.replicas.min, devices));
}

/** x of device `rank`'s bar in strategy slot `slot`. */
export const barX = (slot: number, rank: number, devices: number): number =>
  slot + (rank - (devices - 1) / 2) * (GROUP_WIDTH / devices);

export function prepareDeviceMemory(
  records: StrategyRecords,
  devices: number,
  t: Dictionary = en,
): PreparedChart {
  const xs: number[] = [];
  const data: Column[] = Array.from({ length: devices }, () => []);
  const legend: Column[] = Array.from({ length: devices }, () => []);
  let gpuMemory = true;
  PARALLEL_STRATEGIES.forEach((strategy, slot) => {
    const record = records[strategy];
    if (!record) return;
    const peaks = Array.from({ length: devices }, (_, rank) => {
      const report = record.reports.find((r) => r.rank === rank);
      if (report && report.memory.gpuBytesInUsePeak === null) gpuMemory = false;
      return report ? deviceMemoryPeak(report) : null;
    });
    for (let rank = 0; rank < devices; rank++) {
      xs.push(barX(slot, rank, devices));
      data.forEach((column, r) => column.push(r === rank ? peaks[r]! : null));
      // Hovering any bar of a strategy reads every device's figure for it.
      legend.forEach((column, r) => column.push(peaks[r] ?? null));
    }
  });
  const slotOf = (x: number) => PARALLEL_STRATEGIES[Math.round(x)];
  return {
    data: [xs, ...data],
    legend,
    // The figure of the last strategy run, per device.
    latest: data.map(lastValue),
    note: gpuMemory ? null : t.charts.words.deviceNoGpuMemory,
    shown: data.map(() => true),
    xTick: (x) => {
      const strategy = Number.isInteger(x) ? slotOf(x) : undefined;
      return strategy ? t.charts.words.strategiesShort[strategy] : '';
    },
    xLegend: (x) => {
      const strategy = slotOf(x);
      return strategy ? t.parallel.strategies[strategy] : '—';
    },
  };
}

export function deviceMemoryChart(devices: number, t: Dictionary = en): ChartSpec<StrategyRecords> {
  return {
    id: 'device-memory',
    title: 'Memory per device, at the step’s peak',
    xLabel: 'strategy',
    x: { layout: 'slots', range: [-0.5, PARALLEL_STRATEGIES.length - 0.5] },
    series: Array.from({ length: devices }, (_, rank) => ({
      key: `device-${rank}`,
      label: `device ${rank}`,
      color: COLORS[rank % COLORS.length]!,
      scale: 'bytes',
      format: (v: number) => `${formatBytes(v)} (${formatExactBytes(v)})`,
      bars: true,
    })),
    axes: [byteAxis('memory')],
    emptyText: 'Run a strategy: its devices’ memory appears here',
    prepare: (records) => prepareDeviceMemory(records, devices, t),
  };
}
