/**
 * Case a: the article's data path in every storage dtype × normalization placement × upload path, for
 * the batches (32×256×256×1 and 16×256×256×3): median ms of loader encode + upload + GPU
 * unpack/normalize (one-element readback), bytes handed to the GPU, and the ratio to float32 + loader.
 * Samples are rendered once, outside the timed region: rendering and augmentation cost the same in every
 * mode and would only dilute the ratios (their time is reported in a note). No DOM.
 */
import type { TrainConfig } from '../../config/trainConfig';
import { datasetSpecOf } from '../../data/buildBatch';
import { renderSample } from '../../data/syntheticDataset';
import { createNormalizeLayer } from '../../engine/normalizeLayer';
import type { BenchContext } from '../benchContext';
import { datasetStats, type DataPathShape } from '../benchPlan';
import { goalRatio, type BenchRatio, type CaseBody, type Cell } from '../benchTypes';
import { DATA_PATHS } from '../../config/dataPaths';
import { dataPathPass, type DataPathMode, type DataPathPass, type RenderedSamples } from '../dataPathTiming';
import { median, round, timeReps, type Timing } from '../timing';

const BASELINE = DATA_PATHS.findIndex((p) => p.id === 'f32-loader');
const PACKED_UINT8 = DATA_PATHS.findIndex((p) => p.id === 'u8-packed');
const NUM_CLASSES = 4;

function render(shape: DataPathShape, config: TrainConfig): { samples: RenderedSamples; renderMs: number } {
  const stats = datasetStats(shape.channels);
  const spec = datasetSpecOf(
    { ...config, imageSizePx: shape.sizePx, channels: shape.channels, numClasses: NUM_CLASSES },
    'train',
  );
  const t0 = performance.now();
  const rendered = Array.from({ length: shape.batchSize }, (_, id) => renderSample(spec, id));
  return {
    renderMs: performance.now() - t0,
    samples: {
      images: rendered.map((s) => s.image),
      masks: rendered.map((s) => s.mask),
      sizePx: shape.sizePx,
      channels: shape.channels,
      numClasses: NUM_CLASSES,
      ...stats,
    },
  };
}

export async function runDataPath(ctx: BenchContext): Promise<CaseBody> {
  const rows: Record<string, Cell>[] = [];
  const ratios: BenchRatio[] = [];
  const notes: string[] = [];
  for (const shape of ctx.plan.dataPathShapes) {
    const name = `${shape.batchSize}×${shape.sizePx}×${shape.sizePx}×${shape.channels}`;
    const { samples, renderMs } = render(shape, ctx.plan.train);
    notes.push(
      `${name}: rendering the samples took ${round(renderMs)} ms once (same in every mode, not timed)`,
    );
    const normalize = createNormalizeLayer(samples.mean255, samples.std255);
    try {
      const figures: { mode: DataPathMode; timing: Timing; encodeMs: number; pass: DataPathPass }[] = [];
      for (const path of DATA_PATHS) {
        const mode: DataPathMode = { label: path.label, ...path.patch };
        ctx.log(`a: ${name} ${mode.label}`);
        const encodeMs: number[] = [];
        const passes: DataPathPass[] = [];
        const timing = await timeReps(ctx.plan.dataPathReps, async (rep) => {
          const pass = await dataPathPass(samples, mode, ctx.backend, normalize);
          if (rep >= 0) encodeMs.push(pass.encodeMs);
          passes.push(pass);
          return pass.totalMs;
        });
        const pass = passes.at(-1);
        if (!pass) throw new Error('no data path pass ran');
        figures.push({ mode, timing, encodeMs: median(encodeMs), pass });
      }
      const base = figures[BASELINE];
      const packed = figures[PACKED_UINT8];
      if (!base || !packed) throw new Error('data path modes missing');
      for (const f of figures) {
        rows.push({
          batch: name,
          mode: f.mode.label,
          medianMs: round(f.timing.medianMs),
          encodeMs: round(f.encodeMs),
          imageBytesToGpu: f.pass.uploadedImageBytes,
          maskBytesToGpu: f.pass.uploadedMaskBytes,
          hostBatchBytes: f.pass.hostBatchBytes,
          timeVsFloat32Loader: round(f.timing.medianMs / base.timing.medianMs),
          imageBytesVsFloat32: round(f.pass.uploadedImageBytes / base.pass.uploadedImageBytes),
        });
      }
      const timeRatio = packed.timing.medianMs / base.timing.medianMs;
      const bytesRatio = packed.pass.uploadedImageBytes / base.pass.uploadedImageBytes;
      ratios.push(goalRatio(`${name}: uint8 + model time ÷ float32 + loader time`, timeRatio, '≤', '0.5'), {
        label: `${name}: uint8 + model image bytes ÷ float32 image bytes`,
        value: bytesRatio,
        goal: '= 0.25',
        met: bytesRatio === 0.25,
      });
    } finally {
      normalize.dispose();
    }
  }
  notes.push(
    `median of ${ctx.plan.dataPathReps.reps} passes after ${ctx.plan.dataPathReps.warmup} warm-up; masks are uint8 in every mode and not in the timed region (bytes only)`,
    'a pass = encode images (CPU) + uploadBatch + Normalize layer + one-element readback; "encode ms" is its CPU part',
  );
  return {
    title: `data path: storage dtype × normalization placement × upload path (${ctx.backend})`,
    columns: [
      { key: 'batch', label: 'batch N×H×W×C' },
      { key: 'mode', label: 'mode' },
      { key: 'medianMs', label: 'median ms' },
      { key: 'encodeMs', label: 'encode ms' },
      { key: 'imageBytesToGpu', label: 'image B to GPU' },
      { key: 'maskBytesToGpu', label: 'mask B to GPU' },
      { key: 'hostBatchBytes', label: 'host batch B' },
      { key: 'timeVsFloat32Loader', label: 'time ÷ f32+loader' },
      { key: 'imageBytesVsFloat32', label: 'image B ÷ f32' },
    ],
    rows,
    ratios,
    notes,
  };
}
