/**
 * The pre-flight check as the UI sees it: the current config against the running backend's limits
 * (src/config/preflight.ts), recomputed only when either changes, plus the `?skipPreflight=1` debug flag.
 * Shared by RunControls (which keeps Start disabled on a refusal) and PreflightNotice (which explains it).
 */
import { useMemo } from 'react';
import { preflightAllowsStart, runPreflight, type PreflightResult } from '../config/preflight';
import { selectConfig, useAppStore } from '../state/store';

export interface PreflightView {
  result: PreflightResult;
  /** True when the page was opened with `?skipPreflight=1`: a refusal is shown but does not block Start. */
  skipped: boolean;
  /** True when the check refuses the config and is not skipped: Start must stay disabled. */
  blocksStart: boolean;
}

export function usePreflight(): PreflightView {
  const config = useAppStore(selectConfig);
  const info = useAppStore((s) => s.backendInfo);
  // Set once at boot from the page's search (the config itself travels in the hash).
  const skipped = useAppStore((s) => s.skipPreflight);
  return useMemo(() => {
    const result = runPreflight(config, info);
    return { result, skipped, blocksStart: !preflightAllowsStart(result, skipped) };
  }, [config, info, skipped]);
}
