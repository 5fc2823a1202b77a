/**
 * A job's status and whether it may start, for components: the store's jobs slice and its one start rule
 * (state/jobRules.ts), the same rule app/jobs/runJob.ts enforces.
 */
import { useMemo } from 'react';
import type { JobKind } from '../../config/jobs';
import type { JobConfigs, RunBlocker } from '../../state/jobRules';
import { selectJobBlocker, type JobStatus } from '../../state/jobsSlice';
import { useAppStore } from '../../state/store';

export const useJob = (kind: JobKind): JobStatus => useAppStore((s) => s.jobs[kind]);

/** Why a job of `kind` training `configs` cannot start now; null when it can (or while it runs). */
export function useJobBlocker(kind: JobKind, configs: JobConfigs = []): RunBlocker | null {
  const jobs = useAppStore((s) => s.jobs);
  const status = useAppStore((s) => s.status);
  const backendInfo = useAppStore((s) => s.backendInfo);
  const skipPreflight = useAppStore((s) => s.skipPreflight);
  return useMemo(
    () =>
      jobs[kind].phase === 'running'
        ? null
        : selectJobBlocker({ jobs, status, backendInfo, skipPreflight }, kind, configs),
    [jobs, status, backendInfo, skipPreflight, kind, configs],
  );
}
