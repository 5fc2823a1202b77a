/**
 * Case f, one probe: time to the first training step in a fresh page (the driver starts a fresh browser
 * per probe, so no pipeline is cached anywhere), with or without parallel pipeline compilation
 * (compileWarmup.ts). Measures backend start, the first step from trainer creation to its loss readback
 * (compilation included), and the second step (no compilation) for scale. The driver takes the median of
 * its probes per variant.
 */
import { buildHostBatch } from '../../data/buildBatch';
import { createTrainer } from '../../engine/trainer';
import type { BenchContext } from '../benchContext';
import type { CaseResult } from '../benchTypes';
import { compileStepPipelines, pipelineCount } from '../compileWarmup';
import { round } from '../timing';

const FIRST_STEP_COLUMNS = [
  { key: 'parallel', label: 'parallel compile' },
  { key: 'initMs', label: 'backend init ms' },
  { key: 'compileMs', label: 'compile pass ms' },
  { key: 'firstStepMs', label: 'first step ms (incl. compile)' },
  { key: 'secondStepMs', label: 'second step ms' },
  { key: 'pipelines', label: 'pipelines' },
];

/** `initMs`: how long startBench took in this fresh page (backend start, before any pipeline). */
export async function runFirstStepProbe(
  ctx: BenchContext,
  parallel: boolean,
  initMs: number,
): Promise<CaseResult> {
  const t0 = performance.now();
  if (ctx.backend !== 'webgpu') throw new Error(`case f needs webgpu; this browser runs ${ctx.backend}`);
  const config = ctx.plan.firstStep;
  const batch = buildHostBatch(config, 0);
  const start = performance.now();
  let compileMs: number | null = null;
  if (parallel) {
    await compileStepPipelines(config, batch);
    compileMs = performance.now() - start;
  }
  const trainer = createTrainer(config, 'webgpu');
  try {
    await trainer.step(batch);
    const firstStepMs = performance.now() - start;
    const t2 = performance.now();
    await trainer.step(batch);
    const secondStepMs = performance.now() - t2;
    return {
      letter: 'f',
      id: 'firstStep',
      title: 'time to first step (one probe)',
      columns: FIRST_STEP_COLUMNS,
      rows: [
        {
          parallel: parallel ? 'on' : 'off',
          initMs: round(initMs),
          compileMs: compileMs === null ? null : round(compileMs),
          firstStepMs: round(firstStepMs),
          secondStepMs: round(secondStepMs),
          pipelines: pipelineCount(),
        },
      ],
      ratios: [],
      notes: [],
      durationMs: performance.now() - t0,
    };
  } finally {
    trainer.dispose();
  }
}
