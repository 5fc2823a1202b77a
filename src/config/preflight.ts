/**
 * The pre-flight check the UI runs before it lets a run start: the memory estimate of one training step
 * (memoryEstimate.ts) against the limits of the backend that actually runs, and the host memory the
 * loader may hold (workers × prefetch + 1 batches) against an assumed per-tab budget. Owns the
 * memory-budget policy, because no browser API reports how much memory a GPU has:
 * - WebGPU reports maxBufferSize and maxStorageBufferBindingSize: those are the per-buffer limits;
 * - the total a step may use is an assumed budget: 4 GiB on a hardware GPU (what most laptop GPUs of the
 *   last years have, shared with the display), 1 GiB on a software adapter (its "GPU memory" is the
 *   page's RAM) and off WebGPU (webgl or cpu, which report no limits at all; 1 GiB per buffer is assumed).
 * Also reads the `?skipPreflight=1` debug flag (search only, never the shared hash), which lets a run start
 * despite a refusal so that the GPU error guard can be seen catching what the pre-flight would have caught.
 * Pure: no tfjs, no DOM, no store.
 */
import type { BackendInfo } from './backendInfo';
import { formatBytes } from './byteFormat';
import {
  checkFits,
  estimateTrainingMemory,
  type DeviceMemoryLimits,
  largestBatchWhere,
  type GpuShortfall,
  type MemoryEstimate,
  type MemoryOptions,
} from './memoryEstimate';
import type { HostBatchConfig } from './hostBatchBytes';
import { hostBatchBytes, hostHeldBytes } from './hostMemory';
import type { TrainConfig } from './trainConfig';

const GiB = 1024 ** 3;

/** The assumed memory budgets of one training step, by kind of device. */
export const MEMORY_BUDGET_BYTES = {
  hardwareGpu: 4 * GiB,
  softwareAdapter: 1 * GiB,
  noWebGpu: 1 * GiB,
} as const;

/**
 * Host memory the loader may hold for one run: assumed, since no browser reports a per-tab limit. Every
 * batch a loader worker holds is an ArrayBuffer of the page's process; past a few GiB the tab is killed.
 */
export const HOST_LOADER_BUDGET_BYTES = 2 * GiB;

type HostConfig = HostBatchConfig & Pick<TrainConfig, 'workers' | 'prefetch'>;

/** The most host bytes a run's batches hold (config/hostMemory.ts explains the formula). */
export function hostBytesHeld(config: HostConfig): number {
  return hostHeldBytes(config.workers, config.prefetch, hostBatchBytes(config));
}

/** Why the loader's host memory does not fit, as figures (the UI words them). */
interface HostShortfall {
  workers: number;
  prefetch: number;
  batchBytes: number;
  heldBytes: number;
  budgetBytes: number;
}

/** Why a config is refused, as figures: the estimator's own error, or the GPU's and the host's shortfalls. */
export type PreflightRefusal =
  | { kind: 'estimator'; message: string }
  | { kind: 'memory'; gpu: GpuShortfall | null; host: HostShortfall | null };

function hostShortfall(config: HostConfig): HostShortfall | null {
  const held = hostBytesHeld(config);
  if (held <= HOST_LOADER_BUDGET_BYTES) return null;
  return {
    workers: config.workers,
    prefetch: config.prefetch,
    batchBytes: hostBatchBytes(config),
    heldBytes: held,
    budgetBytes: HOST_LOADER_BUDGET_BYTES,
  };
}

/** Why the loader's host memory does not fit, in plain words. */
function hostMemoryRefusal(host: HostShortfall): string {
  return (
    `The loader would hold up to ${host.workers} × ${host.prefetch} + 1 batches of ${formatBytes(host.batchBytes)} = ` +
    `${formatBytes(host.heldBytes)} of host memory, over the ${formatBytes(host.budgetBytes)} assumed for a tab: ` +
    'use fewer workers, less prefetch, a smaller batch or uint8 storage.'
  );
}

/** Per-buffer limit assumed where the backend reports none (webgl, cpu). */
export const ASSUMED_BUFFER_LIMIT_BYTES = 1 * GiB;

export interface PreflightLimits extends DeviceMemoryLimits {
  /** Where the figures come from, as a kind the UI words: WebGPU's limits with a hardware or software budget, or none reported. */
  sourceKind: 'webgpu-hardware' | 'webgpu-software' | 'unreported';
  /** The backend, for `unreported`. */
  backend: string;
}

export type PreflightResult =
  /** The backend is not known yet (booting), so there are no limits to check against. */
  | { verdict: 'waiting' }
  | { verdict: 'fits'; estimate: MemoryEstimate; limits: PreflightLimits }
  | {
      verdict: 'refused';
      /** null when the estimator itself rejected the shapes. */
      estimate: MemoryEstimate | null;
      limits: PreflightLimits;
      /** Plain words with the numbers (checkFits's reason), in English: logs and tests. */
      reason: string;
      /** The same as figures: what the UI words in the page's language. */
      refusal: PreflightRefusal;
      /** Largest batch size that fits with every other setting unchanged; 0 if none. */
      largestBatchThatFits: number;
    };

/** The limits a step is checked against on the backend `info` describes. */
export function preflightLimits(info: BackendInfo): PreflightLimits {
  if (info.backend === 'webgpu' && info.limits) {
    return {
      ...info.limits,
      memoryBudgetBytes: info.isSoftwareAdapter
        ? MEMORY_BUDGET_BYTES.softwareAdapter
        : MEMORY_BUDGET_BYTES.hardwareGpu,
      sourceKind: info.isSoftwareAdapter ? 'webgpu-software' : 'webgpu-hardware',
      backend: info.backend,
    };
  }
  return {
    maxBufferSizeBytes: ASSUMED_BUFFER_LIMIT_BYTES,
    maxStorageBufferBindingSizeBytes: ASSUMED_BUFFER_LIMIT_BYTES,
    memoryBudgetBytes: MEMORY_BUDGET_BYTES.noWebGpu,
    sourceKind: 'unreported',
    backend: info.backend,
  };
}

/**
 * The estimator's options for a backend, the one home for the pre-flight and every figure shown beside its
 * verdict (lesson 5's reference): the own conv kernels where they run; off WebGPU tfjs widens every
 * uploaded image value to 4 bytes (no packed uploads). On WebGPU the estimator's own figure for the upload
 * path is right. No backend known yet: the estimator's defaults.
 */
export function estimateOptions(config: TrainConfig, info: BackendInfo | null): MemoryOptions {
  if (info === null) return {};
  const kernels = info.ownConvKernels ? { ownConvKernels: true } : {};
  if (info.backend === 'webgpu') return kernels;
  return { ...kernels, uploadedImageBytes: config.batchSize * config.imageSizePx ** 2 * config.channels * 4 };
}

/** What a caller may put in place of the device's own budget. */
export interface PreflightOverride {
  /** A pretend, smaller GPU (lesson 5): the whole step must fit this many bytes instead of the assumed budget. */
  memoryBudgetBytes?: number;
}

/**
 * Estimates one training step of `config` and checks it against the limits of `info`'s backend, or against
 * `override`'s budget (the per-buffer limits stay the device's).
 */
export function runPreflight(
  config: TrainConfig,
  info: BackendInfo | null,
  override: PreflightOverride = {},
): PreflightResult {
  if (!info) return { verdict: 'waiting' };
  const device = preflightLimits(info);
  const limits =
    override.memoryBudgetBytes === undefined
      ? device
      : { ...device, memoryBudgetBytes: override.memoryBudgetBytes };
  let estimate: MemoryEstimate;
  try {
    estimate = estimateTrainingMemory(config, estimateOptions(config, info));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      verdict: 'refused',
      estimate: null,
      limits,
      reason,
      refusal: { kind: 'estimator', message: reason },
      largestBatchThatFits: 0,
    };
  }
  const fit = checkFits(estimate, limits);
  const hostFigures = hostShortfall(config);
  const host = hostFigures && hostMemoryRefusal(hostFigures);
  if (fit.ok && host === null) return { verdict: 'fits', estimate, limits };
  const reasons = [fit.ok ? null : fit.reason, host].filter((r) => r !== null);
  const largest = Math.min(
    fit.ok ? config.batchSize : fit.shortfall.largestBatchThatFits,
    // Held host bytes grow with the batch.
    host === null
      ? config.batchSize
      : largestBatchWhere((b) => hostBytesHeld({ ...config, batchSize: b }) <= HOST_LOADER_BUDGET_BYTES),
  );
  return {
    verdict: 'refused',
    estimate,
    limits,
    reason: reasons.join(' '),
    refusal: { kind: 'memory', gpu: fit.ok ? null : fit.shortfall, host: hostFigures },
    largestBatchThatFits: largest,
  };
}

/** Whether the page's search string (`location.search`) carries `skipPreflight=1`. */
export function skipPreflightRequested(search: string): boolean {
  return new URLSearchParams(search).get('skipPreflight') === '1';
}

/** Whether Start may be offered: everything but a refusal passes, and a refusal only when skipped. */
export function preflightAllowsStart(result: PreflightResult, skipped: boolean): boolean {
  return result.verdict !== 'refused' || skipped;
}
