/**
 * Case c: the same training config on every tfjs backend this runtime has (webgpu, webgl, cpu; wasm is
 * not installed, and its kernels lack conv2d backprop in tfjs 4.22), one after another, each through
 * initBackend like the app. Restores the run's main backend at the end. No DOM.
 */
import type { BackendPreference } from '../../config/trainConfig';
import { createTrainer } from '../../engine/trainer';
import { stepFigureKey, type BenchContext } from '../benchContext';
import type { CaseBody, Cell } from '../benchTypes';
import { buildStepBatches, timeSteps, type StepFigure } from '../stepTiming';
import { round } from '../timing';

const BACKENDS = ['webgpu', 'webgl', 'cpu'] as const;

export async function runBackends(ctx: BenchContext): Promise<CaseBody> {
  const config = ctx.plan.train;
  const main: BackendPreference = ctx.backend;
  const batches = buildStepBatches(config);
  const figures = new Map<string, StepFigure>();
  const rows: Record<string, Cell>[] = [];
  try {
    for (const wanted of BACKENDS) {
      const info = await ctx.switchBackend(wanted);
      if (info.backend !== wanted) {
        const reason =
          info.fallbackReasons.find((r) => r.startsWith(wanted)) ?? `fell back to ${info.backend}`;
        rows.push({
          backend: wanted,
          adapter: null,
          medianMs: null,
          samplesPerSec: null,
          vsWebgpu: null,
          note: reason,
        });
        continue;
      }
      ctx.log(`c: ${wanted}`);
      const key = stepFigureKey(wanted, config);
      let figure = ctx.stepFigures.get(key);
      if (!figure) {
        const trainer = createTrainer(config, wanted);
        figure = await timeSteps(ctx.plan.reps, batches, async (b) => (await trainer.step(b)).loss).finally(
          () => trainer.dispose(),
        );
        ctx.stepFigures.set(key, figure);
      }
      figures.set(wanted, figure);
      rows.push({
        backend: wanted,
        adapter: info.adapterDescription,
        medianMs: round(figure.timing.medianMs),
        samplesPerSec: round(figure.samplesPerSec),
        vsWebgpu: null,
        note: `first loss ${round(figure.losses[0] ?? Number.NaN, 6)}`,
      });
    }
  } finally {
    await ctx.switchBackend(main);
  }
  const webgpu = figures.get('webgpu');
  for (const row of rows) {
    const f = figures.get(String(row.backend));
    if (f && webgpu) row.vsWebgpu = round(f.samplesPerSec / webgpu.samplesPerSec);
  }
  const ratios = [...figures.entries()]
    .filter(([name]) => name !== 'webgpu' && webgpu)
    .map(([name, f]) => ({
      label: `${name} samples/s ÷ webgpu samples/s`,
      value: round(f.samplesPerSec / webgpu!.samplesPerSec),
    }));
  return {
    title: `backends: one config (${config.imageSizePx} px, batch ${config.batchSize}, width ${config.baseWidth}, ${config.optimizer})`,
    columns: [
      { key: 'backend', label: 'backend' },
      { key: 'adapter', label: 'adapter' },
      { key: 'medianMs', label: 'median ms/step' },
      { key: 'samplesPerSec', label: 'samples/s' },
      { key: 'vsWebgpu', label: '× webgpu' },
      { key: 'note', label: 'note' },
    ],
    rows,
    ratios,
    notes: [
      `median of ${ctx.plan.reps.reps} steps after ${ctx.plan.reps.warmup} warm-ups per backend, BatchLab trainer, same batches`,
      'wasm: @tensorflow/tfjs-backend-wasm is not a dependency (its 4.22 kernels have no Conv2DBackpropFilter), so it is not measured',
    ],
  };
}
