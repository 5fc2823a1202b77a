/**
 * Case e: what telemetry, live charts and the per-step peak memory cost the training loop. Four variants of
 * the app's loop (step, then yield one task) on the same batches, timed per round of STEPS_PER_ROUND steps,
 * rounds interleaved with the order rotating:
 *  - no peak tracking: trainer.step with the trainer's peak tracking switched off and the allocator tap
 *    (src/engine/allocatorTap.ts) taken off for the round;
 *  - off: trainer.step only (the app's step: it reads the allocator's high-water mark);
 *  - telemetry: + a TelemetryRow per step (memory readout included) posted over a MessageChannel and
 *    appended to a telemetry history on arrival (the app batches rows every 200 ms: per step is worse);
 *  - telemetry + charts: + the app's four uPlot charts (src/charts mountChart) mounted on this page and fed
 *    from that history at animation-frame cadence.
 * Every round ends by waiting one animation frame, so the message deliveries and chart redraws its steps
 * triggered land inside its own timed region. Everything runs on the page's one thread here (in the app
 * the charts run on the UI thread, apart from training): a worst case.
 * Browser only (DOM, MessageChannel, requestAnimationFrame).
 */
import type { TelemetryRow } from '../../config/telemetry';
import { createChartFeed } from '../../charts/chartFeed';
import { CHART_SPECS } from '../../charts/chartSpecs';
import { mountChart } from '../../charts/mountChart';
import { createTelemetryHistory } from '../../charts/telemetryHistory';
import {
  allocatorTap,
  removeAllocatorTap,
  tapBufferManager,
  type BufferManagerInternals,
} from '../../engine/allocatorTap';
import { createTrainer } from '../../engine/trainer';
import { stepFigureKey, type BenchContext } from '../benchContext';
import { goalRatio, type CaseBody } from '../benchTypes';
import { buildStepBatches } from '../stepTiming';
import { telemetryRowOf } from '../../engine/telemetryRow';
import { round, timeInterleaved, type Timing } from '../timing';

const STEPS_PER_ROUND = 16;
/** The training worker's loop yields one task between steps (setTimeout 0). */
const yieldTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

function mountCharts(feed: ReturnType<typeof createChartFeed>) {
  const root = document.createElement('section');
  root.style.width = '1200px';
  document.body.append(root);
  const handles = CHART_SPECS.map((spec) => {
    const figure = document.createElement('figure');
    const plot = document.createElement('div');
    const note = document.createElement('p');
    figure.append(plot, note);
    root.append(figure);
    return mountChart(spec, { figure, plot, note }, feed);
  });
  return { handles, root };
}

/**
 * The tap's cost from its parts, which machine noise cannot hide: buffer acquisitions in one step (counted
 * by a listener) × the ns the tap adds to one acquisition (a stand-in manager called in a tight loop, raw
 * and tapped, best of 5 rounds). null off webgpu.
 */
async function peakTrackingParts(
  step: () => Promise<unknown>,
): Promise<{ acquiresPerStep: number; nsPerAcquire: number } | null> {
  const tap = allocatorTap();
  if (!tap) return null;
  let acquires = 0;
  const stop = tap.listen({ acquired: () => acquires++, released: () => {} });
  await step().finally(stop);
  const standIn = () => {
    const buffer = { size: 256 } as GPUBuffer;
    const manager: BufferManagerInternals = {
      numBytesUsed: 0,
      numBytesAllocated: 0,
      usedBuffers: new Map(),
      acquireBuffer(size) {
        manager.numBytesUsed += size;
        return buffer;
      },
      releaseBuffer(b) {
        manager.numBytesUsed -= b.size;
      },
    };
    return manager;
  };
  const CALLS = 200_000;
  const time = (manager: BufferManagerInternals) => {
    const t = performance.now();
    for (let i = 0; i < CALLS; i++) manager.releaseBuffer(manager.acquireBuffer(256, 0x80));
    return performance.now() - t;
  };
  const raw = standIn();
  const tapped = standIn();
  tapBufferManager(tapped);
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 5; round++) best = Math.min(best, (time(tapped) - time(raw)) / CALLS);
  return { acquiresPerStep: acquires, nsPerAcquire: Math.max(0, best * 1e6) };
}

export async function runTelemetry(ctx: BenchContext): Promise<CaseBody> {
  const config = ctx.plan.telemetry;
  const batches = buildStepBatches(config);
  const trainerOptions = { trackPeak: true };
  const trainer = createTrainer(config, ctx.backend, trainerOptions);

  const plainHistory = createTelemetryHistory();
  const chartHistory = createTelemetryHistory();
  const feed = createChartFeed(chartHistory);
  const charts = mountCharts(feed);
  const channel = new MessageChannel();
  channel.port2.onmessage = (event: MessageEvent<{ charts: boolean; row: TelemetryRow }>) =>
    (event.data.charts ? chartHistory : plainHistory).append([event.data.row]);
  const startMs = performance.now();
  let step = 0;

  const variant = (telemetry: boolean, withCharts: boolean) => async () => {
    for (let k = 0; k < STEPS_PER_ROUND; k++) {
      const batch = batches[k % batches.length]!;
      const r = await trainer.step(batch);
      if (telemetry) {
        const row = telemetryRowOf(++step, startMs, batch, r, 0, 0);
        channel.port1.postMessage({ charts: withCharts, row });
      }
      await yieldTask();
    }
    await nextFrame();
  };

  const noPeak = async () => {
    trainerOptions.trackPeak = false;
    removeAllocatorTap();
    await variant(false, false)().finally(() => (trainerOptions.trackPeak = true));
  };

  const parts = await peakTrackingParts(() => trainer.step(batches[0]!));
  const partsMsPerStep = parts ? (parts.acquiresPerStep * parts.nsPerAcquire) / 1e6 : null;
  ctx.log(
    `e: no peak tracking / off / telemetry / telemetry + charts, rounds of ${STEPS_PER_ROUND} steps interleaved`,
  );
  const [untrackedTiming, off, telemetry, withCharts] = await timeInterleaved(ctx.plan.reps, [
    noPeak,
    variant(false, false),
    variant(true, false),
    variant(true, true),
  ]).finally(() => {
    trainer.dispose();
    charts.handles.forEach((h) => h.destroy());
    charts.root.remove();
    channel.port1.close();
    channel.port2.close();
  });
  if (!untrackedTiming || !off || !telemetry || !withCharts) throw new Error('missing figures');
  const overhead = (f: Timing) => f.medianMs / off.medianMs - 1;
  const row = (label: string, f: Timing) => ({
    variant: label,
    medianMs: round(f.medianMs / STEPS_PER_ROUND),
    samplesPerSec: round((STEPS_PER_ROUND * config.batchSize * 1000) / f.medianMs),
    overhead: round(overhead(f)),
  });
  // The per-step cost in ms is what carries over to other configs: project it onto case b's step.
  const defaultStep = ctx.stepFigures.get(stepFigureKey(ctx.backend, ctx.plan.train));
  const projection = (label: string, from: Timing, to: Timing) => {
    if (!defaultStep) return [];
    const msPerStep = (to.medianMs - from.medianMs) / STEPS_PER_ROUND;
    const stepMs = defaultStep.timing.medianMs;
    const text = `${label}: ${round(msPerStep)} ms per step ÷ case b's BatchLab step (${round(stepMs)} ms)`;
    return [goalRatio(text, msPerStep / stepMs, '≤', '0.05')];
  };
  return {
    title: `peak tracking, telemetry and charts on vs off (${ctx.backend}, ${config.imageSizePx} px, batch ${config.batchSize}, width ${config.baseWidth})`,
    columns: [
      { key: 'variant', label: 'variant' },
      { key: 'medianMs', label: 'median ms/step' },
      { key: 'samplesPerSec', label: 'samples/s' },
      { key: 'overhead', label: 'overhead vs off' },
    ],
    rows: [
      { ...row('no peak tracking', untrackedTiming), overhead: null },
      row('off', off),
      row('telemetry (per-step postMessage)', telemetry),
      row('telemetry + 4 uPlot charts', withCharts),
    ],
    ratios: [
      // Peak tracking is inside every step: its cost is "off" against the same step without it.
      goalRatio(
        'peak-memory tracking overhead (off ÷ no peak tracking − 1)',
        off.medianMs / untrackedTiming.medianMs - 1,
        '≤',
        '0.05',
      ),
      ...projection('peak tracking', untrackedTiming, off),
      ...(parts && partsMsPerStep !== null && defaultStep
        ? [
            goalRatio(
              `peak tracking from its parts: ${parts.acquiresPerStep} buffer acquisitions per step × ${round(parts.nsPerAcquire)} ns ÷ case b's step`,
              partsMsPerStep / defaultStep.timing.medianMs,
              '≤',
              '0.05',
            ),
          ]
        : []),
      goalRatio('telemetry overhead', overhead(telemetry), '≤', '0.05'),
      goalRatio('telemetry + charts overhead', overhead(withCharts), '≤', '0.05'),
      ...projection('telemetry', off, telemetry),
      ...projection('telemetry + charts', off, withCharts),
    ],
    notes: [
      "peak tracking = the step's allocator high-water mark (gpuPeakBytes): 'no peak tracking' is the same trainer with it switched off and the tap taken off for the round, 'off' the app's step with it; their ratio is the tracking's cost, and 'from its parts' prices it without timing noise",
      `median of ${ctx.plan.reps.reps} rounds of ${STEPS_PER_ROUND} steps after ${ctx.plan.reps.warmup} warm-up rounds per variant, interleaved; ms/step = round ÷ ${STEPS_PER_ROUND}`,
      `rows delivered: ${plainHistory.rows.length} without charts, ${chartHistory.rows.length} with; chart redraws: ${feed.drawCount}`,
      'a small model on purpose: the per-step cost of telemetry and charts is fixed, so a short step shows it largest; the app also posts rows every 200 ms rather than every step',
    ],
  };
}
