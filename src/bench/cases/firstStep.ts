/**
 * Case f, one probe: time to the first training step in a fresh page (the driver starts a fresh browser
 * per probe, so no pipeline is cached anywhere), with or without parallel pipeline compilation
 * (compileWarmup.ts), with the conv kernels measured, the rule's fixed ones, or given kernels (what a later
 * visit's cache hit hands the trainer: the same kernels, no measurement). Measures backend start, the first
 * step from trainer creation to its loss readback (compilation included), and the second step (no
 * compilation) for scale. The driver takes the median of its probes per variant.
 */
import { CONV_CANDIDATES, CONV_DIRECTIONS, type ConvKernels } from '../../config/convKernels';
import { buildHostBatch } from '../../data/buildBatch';
import { createTrainer } from '../../engine/trainer';
import type { BenchContext } from '../benchContext';
import type { CaseResult } from '../benchTypes';
import { compileStepPipelines, pipelineCount } from '../compileWarmup';
import { round } from '../timing';

const FIRST_STEP_COLUMNS = [
  { key: 'parallel', label: 'parallel compile' },
  { key: 'conv', label: 'conv kernels' },
  { key: 'initMs', label: 'backend init ms' },
  { key: 'compileMs', label: 'compile pass ms' },
  { key: 'tuningMs', label: 'conv choice ms (measurement)' },
  { key: 'firstStepMs', label: 'first step ms (incl. compile and choice)' },
  { key: 'cachedTuningMs', label: 'conv choice ms, next model (cache)' },
  { key: 'secondStepMs', label: 'second step ms' },
  { key: 'pipelines', label: 'pipelines' },
  { key: 'kernels', label: 'conv kernels run' },
];

/** The conv kernels of a probe: measured before the first step, the rule's, or given (a cache hit's). */
export type FirstStepConv =
  | { kind: 'measured' }
  | { kind: 'fixed' }
  | { kind: 'given'; kernels: ConvKernels };

/** The probe's conv kernels from its query (`conv=measured|fixed|given&kernels=<json>`); throws on bad kernels. */
export function firstStepConv(params: URLSearchParams): FirstStepConv {
  const conv = params.get('conv');
  if (conv === 'fixed') return { kind: 'fixed' };
  if (conv !== 'given') return { kind: 'measured' };
  const parsed = JSON.parse(params.get('kernels') ?? 'null') as Record<string, unknown> | null;
  const kernels = Object.fromEntries(
    CONV_DIRECTIONS.map((d) => {
      const k = parsed?.[d];
      if (!CONV_CANDIDATES.some((c) => c === k)) throw new Error(`case f: no conv kernel given for ${d}`);
      return [d, k];
    }),
  ) as ConvKernels;
  return { kind: 'given', kernels };
}

const CONV_LABEL: Record<FirstStepConv['kind'], string> = {
  measured: 'measured',
  fixed: 'fixed (rule)',
  given: 'given (a cache hit)',
};

/** `initMs`: how long startBench took in this fresh page (backend start, before any pipeline). */
export async function runFirstStepProbe(
  ctx: BenchContext,
  { parallel, conv }: { parallel: boolean; conv: FirstStepConv },
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
  const convKernel = conv.kind === 'fixed' ? 'wgsl' : conv.kind === 'given' ? conv.kernels : 'auto';
  const trainer = createTrainer(config, 'webgpu', { unet: { convKernel } });
  try {
    await trainer.step(batch);
    const firstStepMs = performance.now() - start;
    const t2 = performance.now();
    await trainer.step(batch);
    const secondStepMs = performance.now() - t2;
    // A second model of the same shapes: its choice comes from the session's cache.
    let cachedTuningMs: number | null = null;
    if (conv.kind === 'measured') {
      const next = createTrainer(config, 'webgpu');
      try {
        await next.step(batch);
        cachedTuningMs = next.convChoice?.tuningMs ?? null;
      } finally {
        next.dispose();
      }
    }
    return {
      letter: 'f',
      id: 'firstStep',
      title: 'time to first step (one probe)',
      columns: FIRST_STEP_COLUMNS,
      rows: [
        {
          parallel: parallel ? 'on' : 'off',
          conv: CONV_LABEL[conv.kind],
          initMs: round(initMs),
          compileMs: compileMs === null ? null : round(compileMs),
          tuningMs: trainer.convChoice ? round(trainer.convChoice.tuningMs) : null,
          firstStepMs: round(firstStepMs),
          cachedTuningMs: cachedTuningMs === null ? null : round(cachedTuningMs),
          secondStepMs: round(secondStepMs),
          pipelines: pipelineCount(),
          kernels:
            conv.kind === 'fixed'
              ? null
              : JSON.stringify(conv.kind === 'given' ? conv.kernels : (trainer.convChoice?.kernels ?? null)),
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
