/**
 * The latest figures of the run: step, loss, accuracy, IoU, memory. Updated at the worker's batched
 * telemetry rate (a few times a second), not per tensor. The step is the page's (charts/pageSteps.ts),
 * the same number as the charts' latest x, with the model's own step beside it when they differ.
 */
import type { TelemetryRow } from '../config/telemetry';
import { useSyncExternalStore } from 'react';
import { stepTileText } from '../charts/pageSteps';
import { telemetryHistory } from '../charts/telemetryHistory';
import { useAppStore } from '../state/store';
import { formatBytes, formatMs } from './format';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="figure">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

/** The step's peak, or why there is none: never a zero standing in for "not measured". */
function peakText(latest: TelemetryRow | null): string {
  if (!latest) return '—';
  if (latest.gpuPeakBytes !== null) return formatBytes(latest.gpuPeakBytes);
  return latest.gpuBytesInUse === null ? 'no GPU on cpu' : 'not measured here';
}

export function MetricsPanel() {
  const latest = useAppStore((s) => s.latest);
  const evalRecord = useAppStore((s) => s.latestEval);
  const numTensors = useAppStore((s) => s.numTensors);
  const pageStep = useSyncExternalStore(telemetryHistory.subscribe, () => telemetryHistory.pageStep);
  const dash = '—';
  return (
    <section className="panel metrics" aria-labelledby="metrics-title">
      <h2 id="metrics-title">Training</h2>
      <dl>
        <Figure label="Step" value={stepTileText(pageStep, latest?.step ?? null)} testId="metric-step" />
        <Figure label="Loss" value={latest ? latest.loss.toFixed(4) : dash} testId="metric-loss" />
        <Figure
          label="Pixel accuracy"
          value={evalRecord ? `${(evalRecord.pixelAccuracy * 100).toFixed(1)} %` : dash}
          testId="metric-accuracy"
        />
        <Figure
          label="Mean IoU"
          value={evalRecord ? evalRecord.meanIoU.toFixed(3) : dash}
          testId="metric-iou"
        />
        <Figure label="Step time" value={latest ? formatMs(latest.stepMs) : dash} testId="metric-step-ms" />
        <Figure
          label="Samples/s"
          value={latest ? latest.samplesPerSec.toFixed(1) : dash}
          testId="metric-samples-per-sec"
        />
        <Figure
          label="Bytes to GPU / step"
          value={latest ? formatBytes(latest.uploadedImageBytes + latest.uploadedMaskBytes) : dash}
          testId="metric-bytes-to-gpu"
        />
        <Figure
          label="GPU memory in use"
          value={
            latest ? (latest.gpuBytesInUse === null ? 'n/a on cpu' : formatBytes(latest.gpuBytesInUse)) : dash
          }
          testId="metric-gpu-bytes"
        />
        <Figure label="GPU peak in the step" value={peakText(latest)} testId="metric-gpu-peak" />
        <Figure
          label="GPU pool (allocated)"
          value={
            latest
              ? latest.gpuBytesAllocated === null
                ? 'n/a on cpu'
                : formatBytes(latest.gpuBytesAllocated)
              : dash
          }
          testId="metric-gpu-pool"
        />
        <Figure
          label="Live tensors"
          value={numTensors === null ? dash : String(numTensors)}
          testId="metric-tensors"
        />
      </dl>
      <p className="help" data-testid="metric-memory-help">
        In use: GPU bytes held between steps. Peak: the most held at any moment inside the last step (forward,
        backward, optimizer). Pool: what TensorFlow.js&apos;s allocator keeps, freed buffers included, for
        reuse.
      </p>
    </section>
  );
}
