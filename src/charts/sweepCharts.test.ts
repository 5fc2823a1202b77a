import { describe, expect, it } from 'vitest';
import { pendingPoint, type SweepPoint } from '../config/sweepPoint';
import { en } from '../i18n/en';
import { fill } from '../i18n/fill';
import { zhCN } from '../i18n/zh-CN';
import { pointSummary, sweepChartsIn } from './sweepCharts';

const [sweepThroughputChart, sweepMemoryChart, sweepEfficiencyChart] = sweepChartsIn(en);

const measured = (value: number, peak: number): SweepPoint => ({
  ...pendingPoint(value),
  status: 'done',
  estimate: null,
  measured: {
    timedSteps: 6,
    firstTimedStep: 2,
    lastTimedStep: 7,
    stable: true,
    samplesPerSec: 8 * value,
    samplesPerSecLow: 8 * value - 1,
    samplesPerSecHigh: 8 * value + 1,
    samplesPerSecBlocks: 2,
    stepMs: 125,
    dataWaitMs: 5,
    uploadMs: 0,
    computeMs: 120,
    firstStepMs: 4000,
    gpuPeakBytes: peak,
    gpuPoolBytes: peak * 2,
    gpuBytesInUse: 1000,
    bytesToGpuPerSample: 1024,
  },
});

describe('sweep charts', () => {
  const points = [
    measured(1, 2 ** 20),
    { ...pendingPoint(2), status: 'refused' as const, reason: 'too big' },
    measured(4, 2 ** 22),
  ];

  it('one slot per point, labelled by its value; unmeasured points leave a gap', () => {
    const p = sweepThroughputChart.prepare({ setting: 'batchSize', points, bufferLimitBytes: null });
    expect(p.data[0]).toEqual([0, 1, 2]);
    expect(p.data[1]).toEqual([8, null, 32]);
    expect(p.xTick?.(2)).toBe('batch 4');
    expect(p.xLegend?.(1)).toBe('batch 2: refused (too big)');
    expect(p.xLegend?.(0)).toContain('8 samples/s');
    expect(p.xLegend?.(0)).toContain('peak 1.0 MiB');
  });

  it("draws each measured point's samples/s interval as an error bar on the samples/s series", () => {
    const p = sweepThroughputChart.prepare({ setting: 'batchSize', points, bufferLimitBytes: null });
    // measured(): low = 8 × batch − 1, high = 8 × batch + 1, over 2 blocks; the refused point has none.
    expect(p.errorBars).toEqual([{ series: 0, low: [7, null, 31], high: [9, null, 33] }]);
    expect(p.note).toBe(en.sweeps.charts.errorBars);
    const none = sweepThroughputChart.prepare({ setting: 'batchSize', points: [], bufferLimitBytes: null });
    expect(none.errorBars).toEqual([{ series: 0, low: [], high: [] }]);
    expect(none.note).toBeNull();
  });

  it('draws the buffer limit only when it is within reach of the figures, and says so otherwise', () => {
    const far = sweepMemoryChart.prepare({ setting: 'batchSize', points, bufferLimitBytes: 2 ** 30 });
    expect(far.data[5]).toEqual([null, null, null]);
    expect(far.legend[4]).toEqual([2 ** 30, 2 ** 30, 2 ** 30]);
    expect(far.note).toContain('1.0 GiB, is 128×');
    const [, zhMemoryChart] = sweepChartsIn(zhCN);
    const zhFar = zhMemoryChart.prepare({ setting: 'batchSize', points, bufferLimitBytes: 2 ** 30 });
    expect(zhFar.note).toBe(fill(zhCN.sweeps.charts.limitOff, { limit: '1.0 GiB', times: '128' }));
    expect(zhFar.note).not.toMatch(/[{}]/);
    const near = sweepMemoryChart.prepare({ setting: 'batchSize', points, bufferLimitBytes: 2 ** 24 });
    expect(near.data[5]).toEqual([2 ** 24, 2 ** 24, 2 ** 24]);
    expect(near.note).toBeNull();
  });

  it('samples/s per MiB of peak', () => {
    const p = sweepEfficiencyChart.prepare({ setting: 'batchSize', points, bufferLimitBytes: null });
    expect(p.data[1]).toEqual([8, null, 8]);
    expect(pointSummary('batchSize', pendingPoint(8))).toBe('batch 8: pending');
  });
});
