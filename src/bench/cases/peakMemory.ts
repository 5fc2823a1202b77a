/**
 * Case i: the pre-flight estimate against measured memory, over a sweep of batch sizes and image sizes.
 * Each config trains on a fresh backend (a new WebGPU device: the allocator's reuse pool never shrinks, so
 * a pool shared with an earlier config would not be this config's), two warm-up steps, two timed steps
 * (their highest step peak and the pool after them), then one step recorded as it normally runs, whose
 * memory by category at the peak is checked against the estimate group by group
 * (config/estimateVsMeasured.ts: the helper the profile panel and any sweep use). The goal (issue 14):
 * estimate within ±15 % of the measured peak. No DOM.
 */
import {
  compareEstimate,
  ESTIMATE_TOLERANCE,
  estimateWithinTolerance,
} from '../../config/estimateVsMeasured';
import { runPreflight } from '../../config/preflight';
import type { TrainConfig } from '../../config/trainConfig';
import { buildHostBatch } from '../../data/buildBatch';
import { classifyTensors, memoryTimeline } from '../../engine/memoryTimeline';
import { createTrainer } from '../../engine/trainer';
import type { BenchContext } from '../benchContext';
import { goalRatio, type CaseBody, type Cell } from '../benchTypes';
import { round } from '../timing';
import { measureFinderFigure, type FinderFigure } from '../finderFigure';

const WARM_STEPS = 2;
const TIMED_STEPS = 2;

const label = (c: TrainConfig) => `${c.imageSizePx} px, batch ${c.batchSize}`;

async function measure(config: TrainConfig, ctx: BenchContext) {
  const trainer = createTrainer(config, ctx.backend);
  try {
    let step = 0;
    let poolAfterWarmupBytes: number | null = null;
    for (; step < WARM_STEPS; step++) {
      poolAfterWarmupBytes = (await trainer.step(buildHostBatch(config, step))).memory.gpuBytesAllocated;
    }
    let peakBytes: number | null = null;
    let last = null;
    for (let k = 0; k < TIMED_STEPS; k++, step++) {
      last = await trainer.step(buildHostBatch(config, step));
      if (last.gpuPeakBytes !== null) peakBytes = Math.max(peakBytes ?? 0, last.gpuPeakBytes);
    }
    const recorded = await trainer.profileStep(buildHostBatch(config, step), { kernelTimes: false });
    const timeline = memoryTimeline(recorded.recording, classifyTensors(recorded.recording));
    return {
      peakBytes,
      inUseBytes: last?.memory.gpuBytesInUse ?? null,
      poolBytes: last?.memory.gpuBytesAllocated ?? null,
      // Pool after the last warm-up step: equal to poolBytes when the pool has stopped growing.
      poolAfterWarmupBytes,
      recordedPeakBytes: timeline.peakBytes,
      trackedPeakBytes: recorded.result.gpuPeakBytes,
      timeline,
    };
  } finally {
    trainer.dispose();
  }
}

export async function runPeakMemory(ctx: BenchContext): Promise<CaseBody> {
  const rows: Record<string, Cell>[] = [];
  const overPeak: number[] = [];
  const overPool: number[] = [];
  const notes: string[] = [];
  let agree = 0;
  const backend = ctx.backend;
  for (const config of ctx.plan.peakMemory) {
    ctx.log(`i: ${label(config)} on a fresh ${backend} backend`);
    const info = await ctx.switchBackend(backend);
    const m = await measure(config, ctx);
    const preflight = runPreflight(config, info);
    if (preflight.verdict === 'waiting' || !preflight.estimate) throw new Error('no estimate');
    // Off WebGPU there is no allocator peak: the recorded tensor peak stands in (and says so in the unit).
    const peak = m.peakBytes ?? m.recordedPeakBytes;
    const c = compareEstimate(preflight.estimate, {
      atPeak: m.timeline.atPeak,
      peakBytes: peak,
      poolBytes: m.poolBytes,
    });
    if (c.estimateOverPeak !== null) overPeak.push(c.estimateOverPeak);
    if (c.estimateOverPeak !== null && !estimateWithinTolerance(c.estimateOverPeak)) {
      notes.push(`${label(config)}: estimate ÷ measured peak ${round(c.estimateOverPeak)}, outside ±15 %`);
    }
    if (c.estimateOverPool !== null) overPool.push(c.estimateOverPool);
    if (m.trackedPeakBytes === null || m.trackedPeakBytes === m.recordedPeakBytes) agree++;
    const group = (g: string) => c.groups.find((x) => x.group === g)?.ratio ?? null;
    rows.push({
      config: label(config),
      estimate: c.estimateBytes,
      peak,
      estOverPeak: c.estimateOverPeak === null ? null : round(c.estimateOverPeak),
      pool: m.poolBytes,
      estOverPool: c.estimateOverPool === null ? null : round(c.estimateOverPool),
      inUse: m.inUseBytes,
      activations: group('activation') === null ? null : round(group('activation')!),
      temporaries: group('transient') === null ? null : round(group('transient')!),
      inputs: group('batch') === null ? null : round(group('batch')!),
    });
    if (m.poolAfterWarmupBytes !== m.poolBytes) {
      notes.push(
        `${label(config)}: the pool still grew after warm-up (${m.poolAfterWarmupBytes} → ${m.poolBytes} B)`,
      );
    }
  }
  const finder: FinderFigure[] = [];
  if (backend === 'webgpu') {
    for (const config of ctx.plan.finder.configs) {
      ctx.log(`i: batch finder, ${label(config)}, width ${config.baseWidth}, simulated buffer limit`);
      const info = await ctx.switchBackend(backend);
      finder.push(await measureFinderFigure(config, info, ctx.plan.finder.limitBytes));
    }
  }
  const min = Math.min(...overPeak);
  const max = Math.max(...overPeak);
  const configs = `(${overPeak.length} configs)`;
  return {
    title: `pre-flight estimate vs measured peak and pool (${backend}, default model, fresh device per config)`,
    columns: [
      { key: 'config', label: 'config' },
      { key: 'estimate', label: 'estimate B' },
      { key: 'peak', label: 'measured peak B' },
      { key: 'estOverPeak', label: 'estimate ÷ peak' },
      { key: 'pool', label: 'pool B' },
      { key: 'estOverPool', label: 'estimate ÷ pool' },
      { key: 'inUse', label: 'in use between steps B' },
      { key: 'inputs', label: 'inputs est ÷ meas' },
      { key: 'activations', label: 'activations est ÷ meas' },
      { key: 'temporaries', label: 'temporaries est ÷ meas' },
    ],
    rows,
    ratios: [
      goalRatio(`lowest estimate ÷ measured peak ${configs}`, min, '≥', `${1 - ESTIMATE_TOLERANCE}`),
      goalRatio(`highest estimate ÷ measured peak ${configs}`, max, '≤', `${1 + ESTIMATE_TOLERANCE}`),
      ...(overPool.length > 0
        ? [
            {
              label: 'lowest estimate ÷ pool (informs: the pool holds more than the peak)',
              value: round(Math.min(...overPool)),
            },
          ]
        : []),
      ...finder.flatMap((f) =>
        f.ratio === null
          ? []
          : [
              {
                label:
                  `batch finder ÷ estimate, ${f.config.imageSizePx} px width ${f.config.baseWidth} under ` +
                  `${f.limitBytes / 1024} KiB a buffer (${f.largestBatch} ran, ${f.predictedLargestBatch} predicted)`,
                value: round(f.ratio),
                goal: '≤ 1 (the pre-flight guards every trial)',
                met: f.ratio <= 1,
              },
            ],
      ),
      goalRatio(
        "configs whose recorded peak equals the step's tracked peak (two measurements of one thing)",
        agree,
        '=',
        `${ctx.plan.peakMemory.length}`,
      ),
    ],
    notes: [
      `per config: ${WARM_STEPS} warm-up steps, then the highest allocator peak (gpuPeakBytes) of ${TIMED_STEPS} steps and the pool after them; one more step recorded as it runs gives the categories at its peak`,
      'estimate = src/config/memoryEstimate.ts through the pre-flight (runPreflight), as the app checks it; group ratios from config/estimateVsMeasured.ts',
      ...finder.map(
        (f) =>
          `batch finder, ${label(f.config)}, width ${f.config.baseWidth}: trials ${f.trials}` +
          (f.firstFailure ? `; first failure: ${f.firstFailure}` : ''),
      ),
      ...(backend === 'webgpu' ? [] : ['batch finder: skipped (it needs the webgpu allocator)']),
      ...notes,
    ],
  };
}
