/**
 * Test build only: a forced paired ratio for the comparison, so an e2e test can check the words a known
 * verdict gets. `?testHooks=1&forceCompareRatio=0.8` in the page's search (never the hash a shared link
 * carries) scales B's timed blocks so that every round's B ÷ A is 0.8. A plain build
 * (`import.meta.env.VITE_TEST_HOOKS` false) never reads it. Pure.
 */
import { blockSamplesPerSec, type ArmBlock } from './pairedTiming';

/** The forced B ÷ A ratio from the page's search string; null without the hook or for a bad value. */
export function forcedCompareRatio(search: string): number | null {
  return import.meta.env.VITE_TEST_HOOKS ? parseForcedRatio(search) : null;
}

export function parseForcedRatio(search: string): number | null {
  const params = new URLSearchParams(search);
  if (params.get('testHooks') !== '1') return null;
  const value = Number(params.get('forceCompareRatio') ?? '');
  return Number.isFinite(value) && value > 0 ? value : null;
}

/**
 * The factor each of B's block times is multiplied by so that its round's ratio becomes `ratio`:
 * B's samples/s scales by 1 ÷ factor, so factor = (measured ratio) ÷ `ratio`.
 */
export function forcedTimeFactor(a: ArmBlock, b: ArmBlock, ratio: number): number {
  const measured = blockSamplesPerSec(b) / blockSamplesPerSec(a);
  return Number.isFinite(measured) && measured > 0 ? measured / ratio : 1;
}
