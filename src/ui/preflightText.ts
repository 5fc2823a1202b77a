/**
 * The pre-flight's refusal and limits (config/preflight.ts: figures) and a measured run's blocker
 * (state/activity.ts: a code) in the page's words. Pure.
 */
import type { PreflightLimits, PreflightRefusal } from '../config/preflight';
import { fill } from '../i18n/fill';
import type { Dictionary } from '../i18n/types';
import type { RunBlocker } from '../state/jobRules';
import { formatBytes } from './format';

const GiB = 1024 ** 3;

export function limitsSourceText(t: Dictionary, limits: PreflightLimits): string {
  return fill(t.preflight.source[limits.sourceKind], {
    budget: limits.memoryBudgetBytes / GiB,
    perBuffer: limits.maxBufferSizeBytes / GiB,
    backend: limits.backend,
  });
}

export function refusalText(t: Dictionary, locale: string, refusal: PreflightRefusal): string {
  if (refusal.kind === 'estimator') return refusal.message;
  const w = t.preflight;
  const b = (bytes: number) => formatBytes(bytes, locale);
  const parts: string[] = [];
  const gpu = refusal.gpu;
  if (gpu) {
    const allowed: string[] = [];
    if (gpu.perBufferBytes !== null) allowed.push(fill(w.perBuffer, { bytes: b(gpu.perBufferBytes) }));
    if (gpu.budget) {
      allowed.push(
        fill(w.budget, {
          budget: b(gpu.budget.budgetBytes),
          pooled: b(gpu.budget.pooledBytes),
          headroom: gpu.budget.headroom,
        }),
      );
    }
    parts.push(
      fill(w.gpu, {
        batch: gpu.batchSize,
        size: gpu.imageSizePx,
        total: b(gpu.totalBytes),
        largest: b(gpu.largestBufferBytes),
        name: t.preflight.bufferGroups[gpu.largestBufferGroup],
        allowed: allowed.join(w.and),
        advice:
          gpu.largestBatchThatFits > 0 ? fill(w.largestBatch, { n: gpu.largestBatchThatFits }) : w.noBatch,
      }),
    );
  }
  const host = refusal.host;
  if (host) {
    parts.push(
      fill(w.host, {
        workers: host.workers,
        prefetch: host.prefetch,
        batch: b(host.batchBytes),
        held: b(host.heldBytes),
        budget: b(host.budgetBytes),
      }),
    );
  }
  return parts.join(' ');
}

/** Why a measured run cannot start; `nameOf` names a configuration by its id ('a' → "Configuration A"). */
export function runBlockerText(
  t: Dictionary,
  locale: string,
  blocker: RunBlocker,
  nameOf: (id: string) => string,
): string {
  if (blocker.code !== 'doesNotFit') return t.preflight.blocker[blocker.code];
  return fill(t.preflight.blocker.doesNotFit, {
    name: nameOf(blocker.id),
    reason: refusalText(t, locale, blocker.refusal),
  });
}
