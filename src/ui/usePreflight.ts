/**
 * The pre-flight check as the UI sees it: the current config against the running backend's limits
 * (src/config/preflight.ts), recomputed only when either changes, plus the `?skipPreflight=1` debug flag.
 * Shared by RunControls (which keeps Start disabled on a refusal) and PreflightNotice (which explains it).
 */
import { useMemo } from 'react';
import {
  preflightAllowsStart,
  runPreflight,
  skipPreflightRequested,
  type PreflightResult,
} from '../config/preflight';
import { selectConfig, useAppStore } from '../state/store';

export interface PreflightView {
  result: PreflightResult;
  /** True when the page was opened with `?skipPreflight=1`: a refusal is shown but does not block Start. */
  skipped: boolean;
  /** True when the check refuses the config and is not skipped: Start must stay disabled. */
  blocksStart: boolean;
}

/** Read once: the search string does not change while the page lives (the config travels in the hash). */
const skipped = typeof window === 'undefined' ? false : skipPreflightRequested(window.location.search);

export function usePreflight(): PreflightView {
  const config = useAppStore(selectConfig);
  const info = useAppStore((s) => s.backendInfo);
  return useMemo(() => {
    const result = runPreflight(config, info);
    return { result, skipped, blocksStart: !preflightAllowsStart(result, skipped) };
  }, [config, info]);
}
