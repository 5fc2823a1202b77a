import { describe, expect, it } from 'vitest';
import { zeroBytesByKind, type ParallelStepRecord, type ReplicaStepReport } from '../config/parallel';
import { barX, deviceMemoryChart, devicesIn, prepareDeviceMemory } from './deviceMemoryChart';
import { en } from '../i18n/en';

const KiB = 1024;

function report(rank: number, gpuPeak: number | null, tensorBytesPeak = 1000): ReplicaStepReport {
  return {
    rank,
    step: 0,
    shardLoss: null,
    batchLoss: null,
    stepMs: 10,
    waitMs: 1,
    busyMs: 9,
    dataMs: 1,
    sentBytes: zeroBytesByKind(),
    receivedBytes: zeroBytesByKind(),
    memory: {
      gpuBytesInUsePeak: gpuPeak,
      gpuBytesInUseEnd: gpuPeak,
      gpuBytesAllocated: gpuPeak,
      tensorBytesPeak,
      numTensors: 10,
    },
  };
}

const record = (peaks: (number | null)[]): ParallelStepRecord => ({
  step: 1,
  loss: 1,
  reports: peaks.map((p, rank) => report(rank, p)),
  expected: [],
});

describe('deviceMemoryChart', () => {
  it('puts every strategy on one scale, one bar per device around its slot', () => {
    const records = { 'dp-gather': record([371.9 * KiB, 144 * KiB]), ddp: record([144 * KiB, 144 * KiB]) };
    const p = prepareDeviceMemory(records, 2);
    expect(p.data[0]).toEqual([barX(0, 0, 2), barX(0, 1, 2), barX(2, 0, 2), barX(2, 1, 2)]);
    expect(barX(0, 0, 2)).toBeCloseTo(-0.2, 12);
    expect(barX(2, 1, 2)).toBeCloseTo(2.2, 12);
    expect(p.data[1]).toEqual([371.9 * KiB, null, 144 * KiB, null]);
    expect(p.data[2]).toEqual([null, 144 * KiB, null, 144 * KiB]);
    // Hovering either bar of a strategy reads both devices.
    expect(p.legend).toEqual([
      [371.9 * KiB, 371.9 * KiB, 144 * KiB, 144 * KiB],
      [144 * KiB, 144 * KiB, 144 * KiB, 144 * KiB],
    ]);
    expect(p.latest).toEqual([144 * KiB, 144 * KiB]);
    expect(p.note).toBeNull();
    const spec = deviceMemoryChart(2);
    expect(new Set(spec.series.map((s) => s.scale))).toEqual(new Set(['bytes']));
    expect(spec.x?.range).toEqual([-0.5, 2.5]);
  });

  it('labels slots with short strategy names and the legend with the full one', () => {
    const p = prepareDeviceMemory({ ddp: record([1, 2]) }, 2);
    expect(p.xTick?.(0)).toBe('DataParallel');
    expect(p.xTick?.(2)).toBe('DDP');
    expect(p.xTick?.(0.5)).toBe('');
    expect(p.xLegend?.(barX(2, 1, 2))).toBe('DistributedDataParallel (all-reduce)');
  });

  it('falls back to live tensor bytes off GPU backends, and says so', () => {
    const cpu = { ...record([null, null]), reports: [report(0, null, 5000), report(1, null, 3000)] };
    const p = prepareDeviceMemory({ 'dp-loss-in-forward': cpu }, 2);
    expect(p.data[1]).toEqual([5000, null]);
    expect(p.note).toBe(en.charts.words.deviceNoGpuMemory);
  });

  it('counts devices from the records, within the lesson’s limits', () => {
    expect(devicesIn({})).toBe(2);
    expect(devicesIn({ ddp: record([1, 2, 3]) })).toBe(3);
    expect(deviceMemoryChart(4).series.map((s) => s.label)).toEqual([
      'device 0',
      'device 1',
      'device 2',
      'device 3',
    ]);
    expect(prepareDeviceMemory({}, 2).data).toEqual([[], [], []]);
  });
});
