/**
 * The latest figures of the run: step, loss, accuracy, IoU, memory. Updated at the worker's batched
 * telemetry rate (a few times a second), not per tensor. The step is the page's (charts/pageSteps.ts),
 * the same number as the charts' latest x, with the model's own step beside it when they differ.
 * `summary`: the Playground's first screen (step, loss, samples/s, step time by phase, GPU peak, and the
 * profiled bottleneck once there is one); otherwise the rest, in the run's details section.
 */
import type { TelemetryRow } from '../config/telemetry';
import { useSyncExternalStore } from 'react';
import { telemetryHistory } from '../charts/telemetryHistory';
import { useProfileStore } from '../state/profileStore';
import { useAppStore } from '../state/store';
import { formatBytes, formatMs } from './format';
import { fill } from '../i18n/fill';
import type { Dictionary } from '../i18n/types';
import { useLocale, useText } from './i18n/useText';
import { bottleneckText } from './profile/profileText';
import { Figure } from './Figure';

type MetricsText = Dictionary['app']['metrics'];

/** The page's step, with the model's own step beside it when they differ (charts/pageSteps.ts). */
function stepText(t: MetricsText, pageStep: number, modelStep: number | null): string {
  if (modelStep === null || modelStep === pageStep) return String(pageStep);
  return fill(t.stepWithModel, { page: pageStep, model: modelStep });
}

/** The step's peak, or why there is none: never a zero standing in for "not measured". */
function peakText(t: MetricsText, latest: TelemetryRow | null, locale: string): string {
  if (!latest) return '—';
  if (latest.gpuPeakBytes !== null) return formatBytes(latest.gpuPeakBytes, locale);
  return latest.gpuBytesInUse === null ? t.noGpuOnCpu : t.notMeasured;
}

/** The step's time split the way the throughput chart stacks it: data wait, upload, compute. */
function PhaseSplit({ latest }: { latest: TelemetryRow | null }) {
  const series = useText().charts.specs.throughput.series;
  const locale = useLocale();
  if (!latest) return null;
  const phases = [
    [series['data-wait-ms'], latest.dataWaitMs],
    [series['upload-ms'], latest.uploadMs],
    [series['compute-ms'], latest.computeMs],
  ] as const;
  return (
    <span className="phase-split" data-testid="metric-step-phases">
      {phases.map(([label, ms]) => `${label} ${formatMs(ms, locale)}`).join(' · ')}
    </span>
  );
}

function ProfiledBottleneck() {
  const profile = useProfileStore((s) => s.profile);
  const t = useText();
  if (!profile) return null;
  return (
    <p className="summary-bottleneck" data-testid="summary-bottleneck">
      {bottleneckText(t, profile)}
    </p>
  );
}

export function MetricsPanel({ summary }: { summary: boolean }) {
  const latest = useAppStore((s) => s.latest);
  const evalRecord = useAppStore((s) => s.latestEval);
  const numTensors = useAppStore((s) => s.numTensors);
  const pageStep = useSyncExternalStore(telemetryHistory.subscribe, () => telemetryHistory.pageStep);
  const dash = '—';
  const t = useText().app.metrics;
  const locale = useLocale();
  /** GPU bytes of the latest row (undefined before one; null on the cpu backend, which has no GPU memory). */
  const gpuBytes = (bytes: number | null | undefined) =>
    bytes === undefined ? dash : bytes === null ? t.naOnCpu : formatBytes(bytes, locale);
  if (summary) {
    return (
      <section className="panel metrics run-summary" aria-labelledby="metrics-title">
        <h2 id="metrics-title" className="visually-hidden">
          {t.title}
        </h2>
        <dl>
          <Figure label={t.step} value={stepText(t, pageStep, latest?.step ?? null)} testId="metric-step" />
          <Figure
            label={t.samplesPerSec}
            value={latest ? latest.samplesPerSec.toFixed(1) : dash}
            testId="metric-samples-per-sec"
          />
          <Figure
            label={t.stepTime}
            value={
              <>
                <span data-testid="metric-step-ms">{latest ? formatMs(latest.stepMs, locale) : dash}</span>
                <PhaseSplit latest={latest} />
              </>
            }
          />
          <Figure
            label={t.kernelsPerStep}
            value={latest ? String(latest.kernelsPerStep) : dash}
            testId="metric-kernels-per-step"
          />
          <Figure label={t.gpuPeak} value={peakText(t, latest, locale)} testId="metric-gpu-peak" />
          <Figure label={t.loss} value={latest ? latest.loss.toFixed(4) : dash} testId="metric-loss" />
        </dl>
        <ProfiledBottleneck />
      </section>
    );
  }
  return (
    <section className="panel metrics" aria-labelledby="metrics-more-title">
      <h2 id="metrics-more-title">{t.title}</h2>
      <dl>
        <Figure
          label={t.accuracy}
          value={evalRecord ? `${(evalRecord.pixelAccuracy * 100).toFixed(1)} %` : dash}
          testId="metric-accuracy"
        />
        <Figure label={t.iou} value={evalRecord ? evalRecord.meanIoU.toFixed(3) : dash} testId="metric-iou" />
        <Figure
          label={t.bytesToGpu}
          value={latest ? formatBytes(latest.uploadedImageBytes + latest.uploadedMaskBytes, locale) : dash}
          testId="metric-bytes-to-gpu"
        />
        <Figure label={t.gpuInUse} value={gpuBytes(latest?.gpuBytesInUse)} testId="metric-gpu-bytes" />
        <Figure label={t.gpuPool} value={gpuBytes(latest?.gpuBytesAllocated)} testId="metric-gpu-pool" />
        <Figure
          label={t.liveTensors}
          value={numTensors === null ? dash : String(numTensors)}
          testId="metric-tensors"
        />
      </dl>
      <p className="help" data-testid="metric-memory-help">
        {t.memoryHelp}
      </p>
    </section>
  );
}
