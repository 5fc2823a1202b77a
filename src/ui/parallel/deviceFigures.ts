/**
 * Pure helpers over a multi-device step record for the lesson's panels: byte totals, the mean of the
 * other devices, and one memory scale shared by every strategy on screen (bars drawn against the same
 * maximum, so 144 KiB under DDP is visibly shorter than 372 KiB under DataParallel).
 */
import { deviceMemoryPeak, type ParallelStepRecord } from '../../config/parallel';

export const sumBytes = (values: Record<string, number>): number =>
  Object.values(values).reduce((a, b) => a + b, 0);

/** Mean memory peak of devices 1…N−1 (NaN with one device). */
export function othersMeanMemory(step: ParallelStepRecord): number {
  const others = step.reports.slice(1);
  return others.length ? others.reduce((s, r) => s + deviceMemoryPeak(r), 0) / others.length : Number.NaN;
}

/** The largest device memory peak over every record shown, so all bars share one scale (at least 1). */
export function sharedMemoryScale(records: readonly ParallelStepRecord[]): number {
  return Math.max(1, ...records.flatMap((r) => r.reports.map(deviceMemoryPeak)));
}
