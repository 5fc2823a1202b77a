/**
 * `npm run bench -- --node --gpu`: GPU-sized cases in plain Node on Dawn's WebGPU, for a machine with a GPU
 * and no browser. gpuChild.mjs loads it after gpuPreflight.mjs found the Vulkan driver and loader.
 * It refuses (one line, non-zero exit) when the backend is not webgpu or the adapter is a fallback: figures
 * from a software adapter or tfjs's CPU backend must never pass for GPU figures.
 * Cases:
 * - peak: TFLOP/s of a 4096² matmul (tfjs's kernel), GB/s of a 256 MiB buffer copy (read + write bytes);
 * - convs: every conv of the U-Net at 128 / 256 / 512 px × batch 8 / 16 / 32 × width 16 / 32 / 64, every
 *   candidate per direction (the own kernels with each tiling, tfjs's), where the device's buffer limits
 *   allow (the rest listed as refused, with why);
 * - step: the whole training step with the conv kernels chosen by measurement (src/engine/convTuning.ts, a
 *   fresh cache), against tfjs's kernels alone and the own kernels alone.
 * Every timing is DISPATCHES back-to-back dispatches between an awaited warm-up and one awaited readback
 * (per-kernel profile timestamps are too coarse), except candidates whose warm-up alone takes longer than
 * SLOW_WARMUP_MS, timed over SLOW_DISPATCHES (each row records its count).
 */
import { DEFAULT_CONFIG, type TrainConfig } from '../../src/config/trainConfig';
import { describeUNet } from '../../src/config/unetSpec';
import { buildHostBatch } from '../../src/data/buildBatch';
import { currentWebGpuCapabilities, currentWebGpuDevice, initBackend } from '../../src/engine/backend';
import * as tf from '../../src/engine/tf';
import { createTrainer } from '../../src/engine/trainer';
import { createMemoryConvStore } from '../../src/engine/convTuning';
import type { ConvChoiceReport } from '../../src/config/convKernels';
import { filterGeometry, OWN_TILINGS, type ConvShape } from '../../src/gpu/convGeometry';
import { convSame, convSameFilterGradient, convSameInputGradient } from '../../src/gpu/convKernels';

export const DISPATCHES = 20;
const SLOW_WARMUP_MS = 250;
const SLOW_DISPATCHES = 3;
/** The conv section stops starting new shapes past this (the whole check must stay under 8 min). */
const CONV_BUDGET_MS = 240_000;

export const SIZES_PX = [128, 256, 512];
export const BATCHES = [8, 16, 32];
export const WIDTHS = [16, 32, 64];

type Direction = 'forward' | 'inputGradient' | 'filterGradient';
const DIRECTIONS: Direction[] = ['forward', 'inputGradient', 'filterGradient'];

export interface TimedRow {
  name: string;
  ms: number;
  dispatches: number;
}

export interface ConvRow {
  shape: ConvShape;
  direction: Direction;
  candidate: string;
  /** ms per dispatch, or null when refused. */
  ms: number | null;
  dispatches: number;
  refused: string | null;
}

export type GpuBenchReport =
  | { refused: string }
  | {
      refused: null;
      adapter: { description: string; limits: Record<string, number> };
      peak: { matmulTflops: number; matmulMs: number; copyGBps: number; copyMs: number; dispatches: number };
      convs: ConvRow[];
      step: {
        config: Partial<TrainConfig>;
        ownMs: number;
        tfjsMs: number;
        measuredMs: number;
        measuredChoice: ConvChoiceReport | null;
      };
      /** Device losses and uncaptured GPU errors during the run (should be empty). */
      problems: string[];
    };

/** ms per call of `run` over n back-to-back calls, after one awaited warm-up; ends with an awaited readback. */
async function timeDispatches(run: () => tf.Tensor | tf.Tensor[], n: number): Promise<number> {
  const settle = async (out: tf.Tensor | tf.Tensor[]) => {
    const list = Array.isArray(out) ? out : [out];
    const probe = tf.tidy(() => tf.slice(list[0]!.reshape([-1]), [0], [1]));
    await probe.data();
    tf.dispose([probe, ...list]);
  };
  await settle(run());
  const started = performance.now();
  for (let i = 0; i < n - 1; i++) tf.dispose(run());
  await settle(run());
  return (performance.now() - started) / n;
}

async function adaptiveTime(run: () => tf.Tensor | tf.Tensor[]): Promise<{ ms: number; dispatches: number }> {
  const t0 = performance.now();
  tf.dispose(await Promise.all([run()].flat().map(async (t) => (await t.data(), t))));
  const warm = performance.now() - t0;
  const dispatches = warm > SLOW_WARMUP_MS ? SLOW_DISPATCHES : DISPATCHES;
  return { ms: await timeDispatches(run, dispatches), dispatches };
}

async function peak(device: GPUDevice) {
  const n = 4096;
  const a = tf.randomNormal([n, n]);
  const b = tf.randomNormal([n, n]);
  const matmulMs = await timeDispatches(() => tf.matMul(a, b), DISPATCHES);
  tf.dispose([a, b]);
  const bytes = Math.min(256 * 2 ** 20, device.limits.maxBufferSize);
  const usage = GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST;
  const src = device.createBuffer({ size: bytes, usage });
  const dst = device.createBuffer({ size: bytes, usage });
  const copy = (count: number) => {
    const encoder = device.createCommandEncoder();
    for (let i = 0; i < count; i++) encoder.copyBufferToBuffer(src, 0, dst, 0, bytes);
    device.queue.submit([encoder.finish()]);
    return device.queue.onSubmittedWorkDone();
  };
  await copy(1);
  const started = performance.now();
  await copy(DISPATCHES);
  const copyMs = (performance.now() - started) / DISPATCHES;
  src.destroy();
  dst.destroy();
  return {
    matmulTflops: (2 * n ** 3) / (matmulMs / 1000) / 1e12,
    matmulMs,
    copyGBps: (2 * bytes) / (copyMs / 1000) / 1e9,
    copyMs,
    dispatches: DISPATCHES,
  };
}

/** Every distinct conv shape of the U-Nets the GPU cases cover. */
export function gpuConvShapes(depth = DEFAULT_CONFIG.depth): ConvShape[] {
  const seen = new Map<string, ConvShape>();
  for (const size of SIZES_PX)
    for (const batch of BATCHES)
      for (const width of WIDTHS) {
        const spec = describeUNet({
          depth,
          baseWidth: width,
          channels: 3,
          numClasses: DEFAULT_CONFIG.numClasses,
        });
        for (const c of spec.convs) {
          const side = size / 2 ** c.level;
          const s: ConvShape = {
            batch,
            heightPx: side,
            widthPx: side,
            inChannels: c.inChannels,
            outChannels: c.outChannels,
            kernelSize: c.kernelSize,
          };
          seen.set(JSON.stringify(s), s);
        }
      }
  return [...seen.values()];
}

/** Why a candidate cannot run on this device's buffer limits, or null. */
export function bufferRefusal(s: ConvShape, candidate: string, maxBindingBytes: number): string | null {
  const pixels = s.batch * s.heightPx * s.widthPx;
  const tensors = [pixels * s.inChannels * 4, pixels * s.outChannels * 4];
  const tiling = OWN_TILINGS[candidate];
  if (tiling) {
    const g = filterGeometry(s, tiling);
    tensors.push(g.partialRows * g.rowVec4s * 16);
  }
  const biggest = Math.max(...tensors);
  return biggest > maxBindingBytes
    ? `needs a ${biggest}-byte buffer; the device binds at most ${maxBindingBytes}`
    : null;
}

function candidateRun(s: ConvShape, direction: Direction, candidate: string) {
  const { batch: n, heightPx: h, widthPx: w, inChannels: cin, outChannels: cout, kernelSize: k } = s;
  const x = tf.randomNormal([n, h, w, cin]) as tf.Tensor4D;
  const filter = tf.randomNormal([k, k, cin, cout], 0, 0.1) as tf.Tensor4D;
  const bias = tf.zeros([cout]) as tf.Tensor1D;
  const dy = tf.randomNormal([n, h, w, cout]) as tf.Tensor4D;
  const tiling = OWN_TILINGS[candidate];
  const run = (): tf.Tensor | tf.Tensor[] => {
    if (direction === 'forward') {
      return tiling
        ? convSame(x, filter, bias, true, tiling)
        : tf.fused.conv2d({ x, filter, bias, strides: 1, pad: 'same', activation: 'relu' });
    }
    if (direction === 'inputGradient') {
      return tiling
        ? convSameInputGradient(dy, filter, tiling)
        : tf.conv2dTranspose(dy, filter, x.shape, 1, 'same');
    }
    if (tiling) return convSameFilterGradient(x, dy, k, tiling);
    const attrs = {
      strides: [1, 1],
      pad: 'same',
      dataFormat: 'NHWC',
      dimRoundingMode: undefined,
      filterShape: filter.shape,
    };
    return tf
      .engine()
      .runKernel(tf.Conv2DBackpropFilter, { x, dy }, attrs as unknown as tf.NamedAttrMap) as tf.Tensor;
  };
  return { run, dispose: () => tf.dispose([x, filter, bias, dy]) };
}

async function convCases(maxBindingBytes: number, log: (line: string) => void): Promise<ConvRow[]> {
  const rows: ConvRow[] = [];
  const candidates = [...Object.keys(OWN_TILINGS), 'tfjs'];
  const started = performance.now();
  for (const s of gpuConvShapes()) {
    for (const direction of DIRECTIONS) {
      for (const candidate of candidates) {
        const refusal =
          performance.now() - started > CONV_BUDGET_MS
            ? `not started: the conv cases' ${CONV_BUDGET_MS / 1000} s budget was spent`
            : bufferRefusal(s, candidate, maxBindingBytes);
        if (refusal) {
          rows.push({ shape: s, direction, candidate, ms: null, dispatches: 0, refused: refusal });
          continue;
        }
        const c = candidateRun(s, direction, candidate);
        try {
          const t = await adaptiveTime(c.run);
          rows.push({ shape: s, direction, candidate, ms: t.ms, dispatches: t.dispatches, refused: null });
          log(`${JSON.stringify(s)} ${direction} ${candidate}: ${t.ms.toFixed(3)} ms × ${t.dispatches}`);
        } finally {
          c.dispose();
        }
      }
    }
  }
  return rows;
}

async function stepCase() {
  const config: TrainConfig = {
    ...DEFAULT_CONFIG,
    imageSizePx: 256,
    batchSize: 16,
    baseWidth: 32,
    augment: false,
  };
  const batches = [0, 1].map((i) => buildHostBatch(config, i));
  const timeSteps = async (convKernel: 'auto' | 'wgsl' | 'tiled') => {
    const trainer = createTrainer(config, 'webgpu', {
      unet: { convKernel },
      convStores: [createMemoryConvStore()],
    });
    try {
      await trainer.step(batches[0]!); // the measurement, where 'auto', comes before it
      const started = performance.now();
      for (let i = 0; i < DISPATCHES; i++) await trainer.step(batches[i % 2]!);
      return { ms: (performance.now() - started) / DISPATCHES, choice: trainer.convChoice };
    } finally {
      trainer.dispose();
    }
  };
  const measured = await timeSteps('auto');
  return {
    config: { imageSizePx: 256, batchSize: 16, baseWidth: 32 },
    ownMs: (await timeSteps('wgsl')).ms,
    tfjsMs: (await timeSteps('tiled')).ms,
    measuredMs: measured.ms,
    measuredChoice: measured.choice,
  };
}

export async function runGpuBench(options: { log(line: string): void }): Promise<GpuBenchReport> {
  const problems: string[] = [];
  const info = await initBackend('webgpu', {
    onDeviceLost: (reason) => problems.push(`device lost: ${reason}`),
    onGpuError: (message) => problems.push(`GPU error: ${message}`),
  });
  if (info.backend !== 'webgpu') {
    return { refused: `backend is ${info.backend}, not webgpu (${info.fallbackReasons.join('; ')})` };
  }
  const caps = currentWebGpuCapabilities();
  const device = currentWebGpuDevice();
  if (!caps || !device || caps.isFallbackAdapter) {
    return { refused: `the WebGPU adapter is a fallback (software) adapter: ${info.adapterDescription}` };
  }
  const limits = {
    maxBufferSize: device.limits.maxBufferSize,
    maxStorageBufferBindingSize: device.limits.maxStorageBufferBindingSize,
    maxComputeWorkgroupsPerDimension: device.limits.maxComputeWorkgroupsPerDimension,
    maxComputeInvocationsPerWorkgroup: device.limits.maxComputeInvocationsPerWorkgroup,
    maxComputeWorkgroupStorageSize: device.limits.maxComputeWorkgroupStorageSize,
  };
  options.log(`adapter ${info.adapterDescription}; limits ${JSON.stringify(limits)}`);
  const peakRow = await peak(device);
  options.log(`peak ${JSON.stringify(peakRow)}`);
  const maxBinding = Math.min(limits.maxBufferSize, limits.maxStorageBufferBindingSize);
  const convs = await convCases(maxBinding, options.log);
  const step = await stepCase();
  options.log(`step ${JSON.stringify(step)}`);
  return {
    refused: null,
    adapter: { description: info.adapterDescription, limits },
    peak: peakRow,
    convs,
    step,
    problems,
  };
}
