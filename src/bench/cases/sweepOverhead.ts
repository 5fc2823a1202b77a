/**
 * Case j: one sweep's per-point overhead. Runs the plan's sweep exactly as the Tradeoff view does — each
 * point an arm (app/runs/armRunner.ts) in its own new training worker under the lessons' timing rule — and
 * reports, per point, its wall time from spawning the worker to its end beside the time of the steps it
 * timed: overhead = wall ÷ timed steps' ms (worker and backend start, pipeline compilation, the untimed
 * warm-up, stopping). Also each point's figures as the view records them (config/sweepPoint.ts). Browser
 * only (Workers).
 */
import { runArm } from '../../app/runs/armRunner';
import { timingRuleFor } from '../../config/stableTiming';
import { sweepPointConfig, sweepValueLabel, type SweepValue } from '../../config/sweep';
import { measurePoint } from '../../config/sweepPoint';
import type { BenchContext } from '../benchContext';
import type { BenchRatio, CaseBody, Cell } from '../benchTypes';
import { round } from '../timing';

const SWEEP_OVERHEAD_COLUMNS = [
  { key: 'point', label: 'point' },
  { key: 'wallMs', label: 'point wall ms' },
  { key: 'timedMs', label: 'timed steps ms' },
  { key: 'timedSteps', label: 'timed steps' },
  { key: 'overhead', label: 'wall ÷ timed' },
  { key: 'firstStepMs', label: 'first step ms' },
  { key: 'samplesPerSec', label: 'samples/s' },
  { key: 'peakBytes', label: 'peak B' },
  { key: 'poolBytes', label: 'pool B' },
];

export async function runSweepOverhead(ctx: BenchContext): Promise<CaseBody> {
  const { spec, base } = ctx.plan.sweep;
  const values = spec.values === 'auto' ? [] : (spec.values as readonly SweepValue[]);
  const rows: Record<string, Cell>[] = [];
  const overheads: number[] = [];
  for (const value of values) {
    const config = sweepPointConfig(base, spec.setting, value);
    const start = performance.now();
    let result;
    try {
      result = await runArm(
        `bench-sweep-${String(value)}`,
        config,
        timingRuleFor(config),
        new AbortController().signal,
      );
    } catch {
      // A point whose worker fails is recorded without figures, as the sweep does.
      rows.push({ point: sweepValueLabel(spec.setting, value), wallMs: null, timedMs: null });
      continue;
    }
    const wallMs = performance.now() - start;
    const m = measurePoint(result.rows, result.verdict);
    const timedMs = m ? m.stepMs * m.timedSteps : null;
    const overhead = timedMs ? wallMs / timedMs : null;
    if (overhead !== null) overheads.push(overhead);
    ctx.log(`case j: ${sweepValueLabel(spec.setting, value)} ${round(wallMs)} ms wall`);
    rows.push({
      point: sweepValueLabel(spec.setting, value),
      wallMs: round(wallMs),
      timedMs: timedMs === null ? null : round(timedMs),
      timedSteps: m?.timedSteps ?? null,
      overhead: overhead === null ? null : round(overhead, 2),
      firstStepMs: m ? round(m.firstStepMs) : null,
      samplesPerSec: m ? round(m.samplesPerSec, 2) : null,
      peakBytes: m?.gpuPeakBytes ?? null,
      poolBytes: m?.gpuPoolBytes ?? null,
    });
  }
  const ratios: BenchRatio[] = overheads.length
    ? [
        {
          label: 'sweep point wall time ÷ its timed steps’ time (mean over points)',
          value: round(overheads.reduce((a, b) => a + b, 0) / overheads.length, 2),
        },
      ]
    : [];
  return {
    title: 'sweep: per-point overhead (wall ÷ timed steps)',
    columns: SWEEP_OVERHEAD_COLUMNS,
    rows,
    ratios,
    notes: [
      `${spec.setting} ${values.join(', ')} at ${base.imageSizePx} px, ${base.workers} loader workers; each point a new worker, timed by the lessons' rule (config/stableTiming.ts).`,
      'Overhead = worker + backend start, pipeline compilation (the untimed first step), the stop; it is what a sweep pays per point beyond its measurement.',
    ],
  };
}
