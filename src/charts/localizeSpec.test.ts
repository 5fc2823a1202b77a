/**
 * localizeSpec: with the English dictionary every chart reads exactly as its spec was written (so the
 * dictionary, not a copy, is what the page shows), with the Chinese one every visible word changes, and a
 * preparation's English note is said in the dictionary's words.
 */
import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en';
import { zhCN } from '../i18n/zh-CN';
import { armBytesChartIn, armPhasesChartIn } from './armCharts';
import type { ChartSpec } from './chartSpec';
import { CHART_SPECS } from './chartSpecs';
import { compareLossChart, compareStepTimeChart } from './compareCharts';
import { deviceMemoryChart } from './deviceMemoryChart';
import { localizeSpec } from './localizeSpec';
import { createRunTimeline } from './runTimeline';
import { makeRow } from '../../test/fixtures/testRows';

const words = (spec: ChartSpec<never>) => ({
  title: spec.title,
  xLabel: spec.xLabel,
  emptyText: spec.emptyText,
  series: spec.series.map((s) => s.label),
  axes: spec.axes.map((a) => a.label),
});

const SPECS = [
  ...CHART_SPECS,
  armPhasesChartIn(en),
  armBytesChartIn(en),
  compareLossChart,
  compareStepTimeChart,
  deviceMemoryChart(2),
] as unknown as ChartSpec<never>[];

describe('localizeSpec', () => {
  it('with English, every chart reads exactly as written', () => {
    for (const spec of SPECS) expect(words(localizeSpec(spec, en)), spec.id).toEqual(words(spec));
  });

  it('with Chinese, the title, x label and empty text of every chart change', () => {
    for (const spec of SPECS) {
      const zh = words(localizeSpec(spec, zhCN));
      expect(zh.title, spec.id).not.toBe(spec.title);
      expect(zh.xLabel, spec.id).not.toBe(spec.xLabel);
      expect(zh.emptyText, spec.id).not.toBe(spec.emptyText);
    }
  });

  it("says a preparation's English note in the dictionary's words", () => {
    const memory = CHART_SPECS.find((s) => s.id === 'memory')!;
    const source = createRunTimeline(64);
    source.addRow(makeRow(1, { gpuBytesInUse: null, gpuPeakBytes: null, gpuBytesAllocated: null }), 1);
    expect(memory.prepare(source).note).toBe(en.charts.words.noGpuMemory);
    expect(localizeSpec(memory, zhCN).prepare(source).note).toBe(zhCN.charts.words.noGpuMemory);
  });
});
