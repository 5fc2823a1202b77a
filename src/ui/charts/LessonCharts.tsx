/**
 * The lessons' charts, ready to mount in a lesson view: throughput stacked by phase per arm (loader
 * workers), bytes handed to the GPU per arm (bytes), memory per device and strategy (several GPUs).
 * Each takes its input as a prop (a new array or object when it changes) or as a feed (created once), so a
 * lesson runner that updates per step need not re-render the view: the chart redraws on the next animation
 * frame either way. Charts fill their container's width (never wider than a phone's screen).
 */
import { useMemo } from 'react';
import { armBytesChartIn, armPhasesChartIn, type ArmsSource } from '../../charts/armCharts';
import { useLocale, useText } from '../i18n/useText';
import { deviceMemoryChart, devicesIn, type StrategyRecords } from '../../charts/deviceMemoryChart';
import type { ChartFeed } from '../../charts/viewScheduler';
import { SourceChart, useValueFeed, type SourceChartProps } from './SourceChart';

/** A chart's input: the value itself, or a feed that delivers it. */
export type ChartInput<K extends string, S> = ({ [P in K]: S } & { feed?: never }) | { feed: ChartFeed<S> };

type Sizing = Pick<SourceChartProps<unknown>, 'heightPx' | 'caption'>;

const NO_ARMS: ArmsSource = [];
const NO_RECORDS: StrategyRecords = {};

/** Lesson 2 (loader workers): data wait, upload and compute per step, arm after arm, one y scale. */
export function ArmPhasesChart(props: ChartInput<'arms', ArmsSource> & Sizing) {
  const own = useValueFeed('arms' in props && props.arms ? props.arms : NO_ARMS);
  const t = useText();
  const locale = useLocale();
  const spec = useMemo(() => armPhasesChartIn(t, locale), [t, locale]);
  return <SourceChart spec={spec} feed={props.feed ?? own} {...sizing(props)} />;
}

/** Lesson 1 (bytes): bytes handed to the GPU per step, images and masks, arm after arm, one y scale. */
export function ArmBytesChart(props: ChartInput<'arms', ArmsSource> & Sizing) {
  const own = useValueFeed('arms' in props && props.arms ? props.arms : NO_ARMS);
  const t = useText();
  const locale = useLocale();
  const spec = useMemo(() => armBytesChartIn(t, locale), [t, locale]);
  return <SourceChart spec={spec} feed={props.feed ?? own} {...sizing(props)} />;
}

/**
 * Lesson 3 (several GPUs): memory per device at the step's peak, strategies side by side on one y scale.
 * `devices` fixes the number of bars per strategy (default: from the records, 2 before any).
 */
export function DeviceMemoryChart(
  props: ChartInput<'records', StrategyRecords> & Sizing & { devices?: number },
) {
  const records = 'records' in props && props.records ? props.records : NO_RECORDS;
  const own = useValueFeed(records);
  const devices = props.devices ?? devicesIn(records);
  const t = useText();
  const spec = useMemo(() => deviceMemoryChart(devices, t), [devices, t]);
  return <SourceChart spec={spec} feed={props.feed ?? own} {...sizing(props)} />;
}

function sizing({ heightPx, caption }: Sizing): Sizing {
  return { ...(heightPx ? { heightPx } : {}), ...(caption ? { caption } : {}) };
}
