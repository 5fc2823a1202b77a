/**
 * The vocabulary of a step profile, shared by the engine (which records it), the charts (trace export,
 * memory-by-category chart) and the UI (kernel table): the tensor categories, the step's phases, the kernel
 * families the bottleneck line names, and the StepProfile record itself. Pure types and tables: no tfjs.
 */
import type { ConvChoiceReport } from './convKernels';
import type { TrainConfig } from './trainConfig';

/**
 * What a byte of the step is for, after PyTorch's memory timeline (PARAMETER, OPTIMIZER_STATE, INPUT,
 * ACTIVATION, GRADIENT, TEMPORARY). Order = the stacking order of the memory chart, bottom up.
 */
export const MEMORY_CATEGORIES = [
  'parameters',
  'optimizerState',
  'inputs',
  'activations',
  'gradients',
  'temporaries',
] as const;
export type MemoryCategory = (typeof MEMORY_CATEGORIES)[number];

export const MEMORY_CATEGORY_LABELS: Readonly<Record<MemoryCategory, string>> = {
  parameters: 'parameters',
  optimizerState: 'optimizer state',
  inputs: 'inputs',
  activations: 'activations',
  gradients: 'gradients',
  temporaries: 'temporaries',
};

export type CategoryBytes = Record<MemoryCategory, number>;

export const zeroCategoryBytes = (): CategoryBytes =>
  Object.fromEntries(MEMORY_CATEGORIES.map((c) => [c, 0])) as CategoryBytes;

/**
 * The parts of one step in the order they run. 'data-wait' happens in the training loop before the step
 * (waiting for the loader); the others inside trainer.step. 'forward' covers Normalize, the U-Net and the
 * loss; 'readback' is the awaited loss download, which also waits for the GPU to finish the queued work.
 */
export const STEP_PHASES = ['data-wait', 'upload', 'forward', 'backward', 'optimizer', 'readback'] as const;
export type StepPhase = (typeof STEP_PHASES)[number];

export const STEP_PHASE_LABELS: Readonly<Record<StepPhase, string>> = {
  'data-wait': 'data wait',
  upload: 'upload',
  forward: 'forward',
  backward: 'backward',
  optimizer: 'optimizer',
  readback: 'readback',
};

/** Kinds of kernels, for the line that names the bottleneck. */
export type KernelFamily =
  | 'convolutions'
  | 'convolution gradients'
  | 'reductions'
  | 'pooling and resizing'
  | 'elementwise'
  | 'optimizer update'
  | 'data path'
  | 'other';

/** The filter-gradient kernel under either implementation: tfjs's, or BatchLab's own (src/gpu). */
export const FILTER_GRADIENT_KERNELS = ['Conv2DBackpropFilter', 'BatchLabConv2DBackpropFilter'] as const;

const CONV_KERNELS = new Set([
  'BatchLabConv2D',
  'BatchLabTfjsConv2D',
  'BatchLabConv2DBackpropInput',
  'BatchLabConv2DBackpropFilter',
  'Conv2D',
  'FusedConv2D',
  'Conv2DBackpropInput',
  'Conv2DBackpropFilter',
  'DepthwiseConv2dNative',
  'BatchMatMul',
  '_FusedMatMul',
]);
const REDUCTION_KERNELS = new Set(['Sum', 'Max', 'Min', 'Mean', 'Prod', 'ArgMax', 'ArgMin', 'All', 'Any']);
const POOL_KERNELS = new Set([
  'MaxPool',
  'MaxPoolGrad',
  'AvgPool',
  'AvgPoolGrad',
  'ResizeBilinear',
  'ResizeBilinearGrad',
  'ResizeNearestNeighbor',
  'ResizeNearestNeighborGrad',
  'BatchLabResizeBilinear2xGrad',
]);

/**
 * The family of a kernel, by name and by the phase it ran in: tfjs's input-gradient kernel
 * (Conv2DBackpropInput) also runs the forward 3×3 convs on software adapters (src/engine/directConv.ts), so
 * a convolution kernel counts as a forward convolution in the forward phase and as a gradient in backward.
 */
export function kernelFamily(name: string, phase: StepPhase): KernelFamily {
  if (phase === 'upload') return 'data path';
  if (phase === 'optimizer') return 'optimizer update';
  if (CONV_KERNELS.has(name)) return phase === 'backward' ? 'convolution gradients' : 'convolutions';
  if (REDUCTION_KERNELS.has(name)) return 'reductions';
  if (POOL_KERNELS.has(name)) return 'pooling and resizing';
  if (name === 'Cast' || name === 'OneHot' || /unpack/i.test(name)) return 'data path';
  if (name === '') return 'other';
  return 'elementwise';
}

/** How the kernel times of a profile were measured. */
export type KernelTiming =
  /** GPU timestamp queries ('timestamp-query'): each kernel's own GPU time. */
  | 'gpu-timestamps'
  /** The cpu backend: each kernel runs synchronously, timed by the wall clock. */
  | 'cpu-wall-clock'
  /** No per-kernel times (a GPU without 'timestamp-query'): only the phases' wall-clock times. */
  | 'none';

/** What the memory figures of a profile count. */
type MemoryUnit =
  /** WebGPU: every buffer tfjs's allocator hands out (tensors, buffers kernels use inside, uniforms, staging). */
  | 'gpu-buffers'
  /** Elsewhere: tfjs's distinct tensor data (one per data id), in host memory on the cpu backend. */
  | 'tensor-data';

/** One kernel run of the profiled step, in dispatch order. */
export interface ProfiledKernel {
  name: string;
  phase: StepPhase;
  /** U-Net layer or stage it belongs to ('enc0a', 'loss', 'normalize', 'optimizer'…); null when unknown. */
  layer: string | null;
  /** Kernel time in ms; null when the profile has no kernel times (KernelTiming 'none'). */
  ms: number | null;
  inputShapes: number[][];
  outputShapes: number[][];
  /** Analytic FLOPs where src/engine/flops.ts knows the kernel, else null. */
  flops: number | null;
  /** When tfjs dispatched it (returned from it), ms from the start of the step (data wait included). */
  dispatchedAtMs: number;
}

/** Kernels of one name, summed. */
export interface KernelRow {
  name: string;
  count: number;
  /** Summed kernel ms; null without kernel times. */
  ms: number | null;
  /** Share of all kernel ms of the step (0..1); null without kernel times. */
  share: number | null;
  /** GFLOP/s over the kernels whose FLOPs are known; null when none are or there are no times. */
  gflops: number | null;
  /** Distinct "inputs → outputs" shape lines, most frequent first, at most a few. */
  shapes: string[];
  family: KernelFamily;
}

/** Kernels of one U-Net layer (or stage), summed by phase. */
export interface LayerRow {
  layer: string;
  forwardMs: number | null;
  backwardMs: number | null;
  /** Kernel ms of the layer in every phase. */
  ms: number | null;
  share: number | null;
  count: number;
}

export interface PhaseSpan {
  phase: StepPhase;
  /** Start, ms from the beginning of the step (data wait included). */
  startMs: number;
  durationMs: number;
}

/** Bytes by category over the step: one point per kernel, each the state at that kernel's high-water mark. */
export interface MemoryTimeline {
  unit: MemoryUnit;
  /** Index of the kernel (into StepProfile.kernels) each point belongs to; the first point is before any. */
  kernelIndex: number[];
  /** Columns, one per category, aligned with kernelIndex. */
  bytes: Record<MemoryCategory, number[]>;
  /** The highest total during the step (every allocation counted, not only kernel ends). */
  peakBytes: number;
  /** Point of kernelIndex whose high-water mark is the peak. */
  peakPoint: number;
  /** Bytes by category at the peak; they add up to peakBytes. */
  atPeak: CategoryBytes;
  /** The highest value of each category on its own during the step. */
  maxByCategory: CategoryBytes;
  /** Total at the start of the step (what the previous step left: parameters, optimizer state…). */
  startBytes: number;
}

export interface StepProfile {
  /** The config the profiled run trained with. */
  config: TrainConfig;
  /** The training step whose memory was recorded (1-based, like telemetry): a step run as normal. */
  memoryStep: number;
  /**
   * The step whose kernels were timed: the next one (tf.profile serialises kernels, which changes when
   * buffers return to the pool, so memory comes from the step before). Equal to memoryStep without times.
   */
  timingStep: number;
  backend: string;
  timing: KernelTiming;
  /** Plain words on how the times were taken and what they mean; shown beside the table. */
  timingNote: string;
  /** Wall ms of this profiled step (profiling serialises kernels: slower than a normal step). */
  profiledStepMs: number;
  /** Wall ms of the recorded normal step (memoryStep), for comparison. */
  normalStepMs: number;
  phases: PhaseSpan[];
  kernels: ProfiledKernel[];
  /** Kernel rows, slowest first (by count when there are no times). */
  kernelRows: KernelRow[];
  layerRows: LayerRow[];
  /** Sum of all kernel ms; null without kernel times. */
  totalKernelMs: number | null;
  /** One plain sentence naming where the step's time goes. */
  bottleneck: string;
  memory: MemoryTimeline;
  /**
   * The per-step peak tracker's reading for memoryStep (the allocator's high-water mark, as telemetry
   * reports it); null off webgpu. The timeline's peak must equal it: two measurements of one thing.
   */
  trackedPeakBytes: number | null;
  /** GPU bytes allocated with tfjs's reuse pool after memoryStep; null where the backend has none. */
  poolBytes: number | null;
  /** GPU bytes in use between steps (the telemetry snapshot of memoryStep); null where there is none. */
  inUseBytes: number | null;
  /** The conv kernels chosen by measurement for this model, with each candidate's time; null off webgpu. */
  convChoice: ConvChoiceReport | null;
}
