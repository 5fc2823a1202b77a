/**
 * The PyTorch export's vocabulary and its one rule: which strategies a project can use, how many batches
 * it carries, and which settings it refuses because PyTorch cannot reproduce them exactly (with why, as
 * text for the user). Pure: imports only the config schema.
 */
import type { TrainConfig } from './trainConfig';

/**
 * How the exported script trains: one device, or the article's three ways to use several GPUs
 * (DataParallel gathering outputs on device 0, DataParallel with the loss inside forward,
 * DistributedDataParallel launched by torchrun). The last three are the Several GPUs panel's strategies.
 */
export const PYTORCH_STRATEGIES = ['single', 'dp-gather', 'dp-loss-in-forward', 'ddp'] as const;
export type PyTorchStrategy = (typeof PYTORCH_STRATEGIES)[number];

export const PYTORCH_STRATEGY_LABELS: Record<PyTorchStrategy, string> = {
  single: 'one device',
  'dp-gather': 'DataParallel, outputs gathered on device 0',
  'dp-loss-in-forward': 'DataParallel, loss inside forward',
  ddp: 'DistributedDataParallel (torchrun)',
};

export const PYTORCH_EXPORT_LIMITS = {
  /** GPUs for DataParallel, or processes for `torchrun --nproc-per-node` (one node). */
  processes: { min: 1, max: 8 },
  /** Batches written to the data file; later steps loop over them (epochs). */
  batches: { min: 1, max: 64 },
} as const;

/** Batches exported when the request names none (fewer when the run is shorter). */
const DEFAULT_EXPORTED_BATCHES = 8;

/** Largest data file the export writes (raw uint8 samples), bytes: it is built in the page's memory. */
export const DATA_FILE_BYTES_MAX = 256 * 2 ** 20;

/** What the user asks for besides the training config. */
export interface PyTorchExportRequest {
  strategy: PyTorchStrategy;
  /** GPUs (DataParallel) or processes (DDP) the project is written for; 1 for a single device. */
  processes: number;
  /** Batches to export; default min(maxSteps, DEFAULT_EXPORTED_BATCHES). */
  batches?: number;
}

type ExportRefusalCode =
  | 'tfTensorTrap'
  | 'filesStayHere'
  | 'unknownStrategy'
  | 'processesRange'
  | 'singleProcess'
  | 'uneven'
  | 'batchesRange'
  | 'dataFileTooBig'
  | 'dataFileTooBigNoFit';

/** A setting the export cannot reproduce, and why: in English words, and as a code the UI words. */
export interface ExportRefusal {
  /** The TrainConfig key or request field at fault. */
  setting: keyof TrainConfig | keyof PyTorchExportRequest;
  /** In English (logs, tests); the page says `code` with `params` in its language. */
  reason: string;
  code: ExportRefusalCode;
  params?: Readonly<Record<string, number>>;
}

/**
 * Bytes of one batch as the data file stores it: the raw samples, uint8 images [B, C, S, S] and uint8
 * masks [B, S, S], whatever the storage dtype (the script's Dataset converts them).
 */
export function rawBatchBytes(config: Pick<TrainConfig, 'batchSize' | 'imageSizePx' | 'channels'>): number {
  return config.batchSize * config.imageSizePx ** 2 * (config.channels + 1);
}

/** The number of batches an export writes for this config and request. */
export function exportedBatchCount(
  config: Pick<TrainConfig, 'maxSteps'>,
  request: Pick<PyTorchExportRequest, 'batches'>,
): number {
  return request.batches ?? Math.min(config.maxSteps, DEFAULT_EXPORTED_BATCHES);
}

const inRange = (value: number, b: { min: number; max: number }) =>
  Number.isInteger(value) && value >= b.min && value <= b.max;

/** A `setting` outside its PYTORCH_EXPORT_LIMITS, counted in `unit`. */
function rangeRefusal(
  setting: 'processes' | 'batches',
  code: ExportRefusalCode,
  unit: string,
): ExportRefusal {
  const { min, max } = PYTORCH_EXPORT_LIMITS[setting];
  return { setting, code, params: { min, max }, reason: `between ${min} and ${max} ${unit}` };
}

/**
 * Everything that stops this config from being exported exactly; empty when it can be.
 * - The `tf-tensor` upload path is a TensorFlow.js trap (a Uint8Array silently widened to int32, 4 B per
 *   value on the device): PyTorch has no such path, its uint8 tensor crosses at 1 B, so the script would
 *   quietly move a quarter of the bytes the run showed.
 * - Several GPUs split the batch into equal shards, like the Several GPUs panel.
 * - The data file is built in the page's memory: it has a size limit.
 */
export function pytorchExportRefusals(config: TrainConfig, request: PyTorchExportRequest): ExportRefusal[] {
  const refusals: ExportRefusal[] = [];
  if (config.uploadPath === 'tf-tensor') {
    refusals.push({
      setting: 'uploadPath',
      code: 'tfTensorTrap',
      reason:
        "the 'uint8 via tf.tensor' upload is a TensorFlow.js trap (tfjs widens a Uint8Array to int32, " +
        '4 B per value); PyTorch moves a uint8 tensor at 1 B per value, so the script would show a quarter ' +
        "of this run's bytes. Choose the packed upload to export.",
    });
  }
  if (config.dataSource !== 'synthetic') {
    refusals.push({
      setting: 'dataSource',
      code: 'filesStayHere',
      reason:
        "the exported data file holds BatchLab's seeded synthetic shapes; images from files (yours, or the " +
        'photos drawn in this page) stay in this browser and are not written into the project. Choose the ' +
        'synthetic shapes to export.',
    });
  }
  if (!(PYTORCH_STRATEGIES as readonly string[]).includes(request.strategy)) {
    refusals.push({ setting: 'strategy', code: 'unknownStrategy', reason: 'unknown strategy' });
  }
  const { processes } = request;
  if (!inRange(processes, PYTORCH_EXPORT_LIMITS.processes)) {
    refusals.push(rangeRefusal('processes', 'processesRange', 'GPUs or processes'));
  } else if (request.strategy === 'single' && processes !== 1) {
    refusals.push({ setting: 'processes', code: 'singleProcess', reason: 'one device means one process' });
  } else if (config.batchSize % processes !== 0) {
    refusals.push({
      setting: 'processes',
      code: 'uneven',
      params: { batch: config.batchSize, processes },
      reason: `a batch of ${config.batchSize} does not split into ${processes} equal shards`,
    });
  }
  const batches = exportedBatchCount(config, request);
  if (!inRange(batches, PYTORCH_EXPORT_LIMITS.batches)) {
    refusals.push(rangeRefusal('batches', 'batchesRange', 'batches'));
  } else if (batches * rawBatchBytes(config) > DATA_FILE_BYTES_MAX) {
    const fit = Math.floor(DATA_FILE_BYTES_MAX / rawBatchBytes(config));
    refusals.push({
      setting: 'batchSize',
      code: fit >= 1 ? 'dataFileTooBig' : 'dataFileTooBigNoFit',
      params: { batches, bytes: batches * rawBatchBytes(config), limit: DATA_FILE_BYTES_MAX, fit },
      reason:
        `${batches} batches of raw samples take ${batches * rawBatchBytes(config)} B, over the data file's ` +
        `limit of ${DATA_FILE_BYTES_MAX} B` +
        (fit >= 1 ? ` (${fit} would fit)` : '; lower the batch size or the image size'),
    });
  }
  return refusals;
}

/** One line per refusal, for the user: "uploadPath: why". */
export function describeRefusals(refusals: readonly ExportRefusal[]): string {
  return refusals.map((r) => `${r.setting}: ${r.reason}`).join('\n');
}
