/**
 * The exported script's settings as one typed record, built from a checked TrainConfig and an export
 * request, and the table that turns each setting into the template's Python literal (a mapped type:
 * a setting without a literal is a compile error). Imports config only; pure.
 */
import { describeUNet, parameterCount } from '../../config/unetSpec';
import {
  describeRefusals,
  exportedBatchCount,
  PYTORCH_EXPORT_LIMITS,
  PYTORCH_STRATEGIES,
  pytorchExportRefusals,
  type PyTorchExportRequest,
  type PyTorchStrategy,
} from '../../config/pytorchExport';
import {
  IMAGE_DTYPES,
  LIMITS,
  MASK_DTYPES,
  MICRO_BATCH_COUNTS,
  NORMALIZE_PLACEMENTS,
  OPTIMIZERS,
  RECOMPUTE_MODES,
  trainConfigSchema,
  type ImageDtype,
  type MaskDtype,
  type MicroBatchCount,
  type NormalizePlacement,
  type OptimizerName,
  type RecomputeMode,
  type TrainConfig,
} from '../../config/trainConfig';
import {
  pyBool,
  pyChoice,
  pyFloat,
  pyFloatList,
  pyInt,
  type Bounds,
  type PythonLiteral,
} from './pythonLiteral';

/** TensorFlow.js's Adam epsilon (the float32 backend epsilon); PyTorch's default would be 1e-8. */
export const TFJS_ADAM_EPSILON = 1e-7;

/** Where the script trains: 'auto' = CUDA when present, else the CPU; 'cpu' = the CPU (BatchLab's cpu backend). */
const SCRIPT_DEVICES = ['auto', 'cpu'] as const;
type ScriptDevice = (typeof SCRIPT_DEVICES)[number];

export interface PyTorchProjectConfig {
  seed: number;
  imageSizePx: number;
  channels: 1 | 3;
  numClasses: number;
  batchSize: number;
  /** The batch as this many micro-batches: gradient accumulation, one optimizer.step(). */
  microBatches: MicroBatchCount;
  /** 'block': torch.utils.checkpoint around each U-Net block. */
  recompute: RecomputeMode;
  depth: number;
  baseWidth: number;
  /** Trainable scalars of the U-Net (the script checks its model against it). */
  expectedParameters: number;
  optimizer: OptimizerName;
  learningRate: number;
  adamEpsilon: number;
  imageDtype: ImageDtype;
  normalizeOn: NormalizePlacement;
  maskDtype: MaskDtype;
  mean255: number[];
  std255: number[];
  workers: number;
  prefetch: number;
  strategy: PyTorchStrategy;
  processes: number;
  device: ScriptDevice;
  maxSteps: number;
  augment: boolean;
  blurRadiusPx: number;
  sourceScale: number;
  /** Simulated storage latency: the Dataset sleeps this long per sample (ms). */
  storageLatencyMsPerSample: number;
  exportedBatches: number;
}

/** The script's settings for a config and request. Throws, in words, unless both can be exported exactly. */
export function projectConfigOf(config: TrainConfig, request: PyTorchExportRequest): PyTorchProjectConfig {
  const parsed = trainConfigSchema.safeParse(config);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || 'config'}: ${i.message}`);
    throw new Error(`the config is not valid: ${issues.join('; ')}`);
  }
  const refusals = pytorchExportRefusals(parsed.data, request);
  if (refusals.length)
    throw new Error(`this experiment cannot be exported exactly:\n${describeRefusals(refusals)}`);
  const c = parsed.data;
  const shape = { depth: c.depth, baseWidth: c.baseWidth, channels: c.channels, numClasses: c.numClasses };
  return {
    seed: c.seed,
    imageSizePx: c.imageSizePx,
    channels: c.channels,
    numClasses: c.numClasses,
    batchSize: c.batchSize,
    microBatches: c.microBatches,
    recompute: c.recompute,
    depth: c.depth,
    baseWidth: c.baseWidth,
    expectedParameters: parameterCount(describeUNet(shape)),
    optimizer: c.optimizer,
    learningRate: c.learningRate,
    adamEpsilon: TFJS_ADAM_EPSILON,
    imageDtype: c.imageDtype,
    normalizeOn: c.normalizeOn,
    maskDtype: c.maskDtype,
    mean255: [...c.mean255],
    std255: [...c.std255],
    workers: c.workers,
    prefetch: c.prefetch,
    strategy: request.strategy,
    processes: request.processes,
    device: c.backend === 'cpu' ? 'cpu' : 'auto',
    maxSteps: c.maxSteps,
    augment: c.augment,
    blurRadiusPx: c.blurRadiusPx,
    sourceScale: c.sourceScale,
    storageLatencyMsPerSample: c.storageLatencyMsPerSample,
    exportedBatches: exportedBatchCount(c, request),
  };
}

const ANY_COUNT: Bounds = { min: 1, max: 2 ** 31 - 1 };
const STAT_255: Bounds = { min: 0, max: 255 };

/** Placeholder name and literal of every setting. `p` is the whole record, for cross-field lengths. */
type LiteralTable = {
  [K in keyof PyTorchProjectConfig]: {
    placeholder: string;
    literal: (value: unknown, p: PyTorchProjectConfig) => PythonLiteral;
  };
};

const int = (placeholder: string, bounds: Bounds) => ({
  placeholder,
  literal: (v: unknown) => pyInt(v, placeholder, bounds),
});
const choice = (placeholder: string, allowed: readonly string[]) => ({
  placeholder,
  literal: (v: unknown) => pyChoice(v, placeholder, allowed),
});

export const SCRIPT_LITERALS: LiteralTable = {
  seed: int('SEED', LIMITS.seed),
  imageSizePx: int('IMAGE_SIZE_PX', LIMITS.imageSizePx),
  channels: {
    placeholder: 'CHANNELS',
    literal: (v) => {
      if (v !== 1 && v !== 3) throw new Error(`CHANNELS: ${String(v)} is not 1 or 3`);
      return pyInt(v, 'CHANNELS', { min: 1, max: 3 });
    },
  },
  numClasses: int('NUM_CLASSES', LIMITS.numClasses),
  batchSize: int('BATCH_SIZE', LIMITS.batchSize),
  microBatches: int('MICRO_BATCHES', { min: 1, max: MICRO_BATCH_COUNTS.at(-1)! }),
  recompute: choice('RECOMPUTE', RECOMPUTE_MODES),
  depth: int('DEPTH', LIMITS.depth),
  baseWidth: int('BASE_WIDTH', LIMITS.baseWidth),
  expectedParameters: int('EXPECTED_PARAMETERS', ANY_COUNT),
  optimizer: choice('OPTIMIZER', OPTIMIZERS),
  learningRate: {
    placeholder: 'LEARNING_RATE',
    literal: (v) => pyFloat(v, 'LEARNING_RATE', LIMITS.learningRate),
  },
  adamEpsilon: {
    placeholder: 'ADAM_EPSILON',
    literal: (v) => pyFloat(v, 'ADAM_EPSILON', { min: TFJS_ADAM_EPSILON, max: TFJS_ADAM_EPSILON }),
  },
  imageDtype: choice('IMAGE_DTYPE', IMAGE_DTYPES),
  normalizeOn: choice('NORMALIZE_ON', NORMALIZE_PLACEMENTS),
  maskDtype: choice('MASK_DTYPE', MASK_DTYPES),
  mean255: { placeholder: 'MEAN_255', literal: (v, p) => pyFloatList(v, 'MEAN_255', STAT_255, p.channels) },
  std255: {
    placeholder: 'STD_255',
    literal: (v, p) => pyFloatList(v, 'STD_255', { min: 1e-3, max: 255 }, p.channels),
  },
  workers: int('NUM_WORKERS', LIMITS.workers),
  prefetch: int('PREFETCH_FACTOR', LIMITS.prefetch),
  strategy: choice('STRATEGY', PYTORCH_STRATEGIES),
  processes: int('PROCESSES', PYTORCH_EXPORT_LIMITS.processes),
  device: choice('DEVICE', SCRIPT_DEVICES),
  maxSteps: int('MAX_STEPS', LIMITS.maxSteps),
  augment: { placeholder: 'AUGMENT', literal: (v) => pyBool(v, 'AUGMENT') },
  blurRadiusPx: int('BLUR_RADIUS_PX', LIMITS.blurRadiusPx),
  sourceScale: int('SOURCE_SCALE', LIMITS.sourceScale),
  storageLatencyMsPerSample: int('STORAGE_LATENCY_MS_PER_SAMPLE', LIMITS.storageLatencyMsPerSample),
  exportedBatches: int('EXPORTED_BATCHES', PYTORCH_EXPORT_LIMITS.batches),
};

/** The rules between settings that the script relies on (projectConfigOf already enforces them). */
function checkCrossFieldRules(p: PyTorchProjectConfig): void {
  if (p.imageDtype === 'uint8' && p.normalizeOn !== 'model') {
    throw new Error('NORMALIZE_ON: uint8 storage normalizes in the model');
  }
  if (p.strategy === 'single' && p.processes !== 1)
    throw new Error('PROCESSES: one device means one process');
  if (p.batchSize % p.processes !== 0) throw new Error('PROCESSES: the batch must split into equal shards');
}

/** Every setting as its placeholder's literal. Throws, naming the setting, on any value out of its rule. */
export function scriptLiterals(project: PyTorchProjectConfig): Record<string, PythonLiteral> {
  const values: Record<string, PythonLiteral> = {};
  for (const key of Object.keys(SCRIPT_LITERALS) as (keyof PyTorchProjectConfig)[]) {
    const { placeholder, literal } = SCRIPT_LITERALS[key];
    values[placeholder] = literal(project[key], project);
  }
  checkCrossFieldRules(project);
  return values;
}
