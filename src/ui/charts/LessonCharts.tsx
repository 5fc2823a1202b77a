/**
 * The lessons' charts, ready to mount in a lesson view: throughput stacked by phase per arm (loader
 * workers), bytes handed to the GPU per arm (bytes), memory per device and strategy (several GPUs).
 * Each takes its input as a prop (a new array or object when it changes), so a lesson runner that updates
 * per step need not re-render the view: the chart redraws on the next animation frame. Charts fill their
 * container's width (never wider than a phone's screen).
 */
import { useMemo } from 'react';
import { armBytesChartIn, armPhasesChartIn, type ArmsSource } from '../../charts/armCharts';
import { useLocale, useText } from '../i18n/useText';
import { deviceMemoryChart, devicesIn, type StrategyRecords } from '../../charts/deviceMemoryChart';
import { SourceChart, useValueFeed } from './SourceChart';

/** Lesson charts are shorter than the Playground's, so a lesson's side column fits one screen. */
export const LESSON_CHART_PX = { wide: 170, narrow: 160 };

function ArmChart({ arms, specIn }: { arms: ArmsSource; specIn: typeof armPhasesChartIn }) {
  const feed = useValueFeed(arms);
  const t = useText();
  const locale = useLocale();
  const spec = useMemo(() => specIn(t, locale), [specIn, t, locale]);
  return <SourceChart spec={spec} feed={feed} heightPx={LESSON_CHART_PX} />;
}

/** Lesson 2 (loader workers): data wait, upload and compute per step, arm after arm, one y scale. */
export const ArmPhasesChart = ({ arms }: { arms: ArmsSource }) => (
  <ArmChart arms={arms} specIn={armPhasesChartIn} />
);

/** Lesson 1 (bytes): bytes handed to the GPU per step, images and masks, arm after arm, one y scale. */
export const ArmBytesChart = ({ arms }: { arms: ArmsSource }) => (
  <ArmChart arms={arms} specIn={armBytesChartIn} />
);

/**
 * Lesson 3 (several GPUs): memory per device at the step's peak, strategies side by side on one y scale,
 * as many bars per strategy as the records have devices (2 before any).
 */
export function DeviceMemoryChart({ records }: { records: StrategyRecords }) {
  const feed = useValueFeed(records);
  const devices = devicesIn(records);
  const t = useText();
  const spec = useMemo(() => deviceMemoryChart(devices, t), [devices, t]);
  return <SourceChart spec={spec} feed={feed} heightPx={LESSON_CHART_PX} />;
}
