/**
 * Where a profiled step's time goes, as facts: the kernel family with the most kernel time (its share and
 * up to two of its kernels), or, without kernel times, the longest phase by the wall clock, or nothing
 * timed. One rule for the engine's English sentence (engine/profileSummary.ts) and the page's words in any
 * language (ui/profile/profileText.ts). Pure.
 */
import type { KernelFamily, KernelRow, PhaseSpan, StepPhase } from './stepProfile';

export type BottleneckFacts =
  | { kind: 'family'; share: number; family: KernelFamily; names: string[] }
  | { kind: 'phase'; share: number; phase: StepPhase }
  | { kind: 'none' };

export function bottleneckFacts(rows: readonly KernelRow[], phases: readonly PhaseSpan[]): BottleneckFacts {
  const byFamily = new Map<KernelFamily, { ms: number; names: string[] }>();
  for (const row of rows) {
    if (row.ms === null) continue;
    const entry = byFamily.get(row.family) ?? { ms: 0, names: [] };
    entry.ms += row.ms;
    entry.names.push(row.name);
    byFamily.set(row.family, entry);
  }
  const total = [...byFamily.values()].reduce((s, e) => s + e.ms, 0);
  const top = [...byFamily.entries()].sort((a, b) => b[1].ms - a[1].ms)[0];
  if (top && total > 0) {
    const [family, entry] = top;
    return { kind: 'family', share: entry.ms / total, family, names: [...new Set(entry.names)].slice(0, 2) };
  }
  const wall = phases.reduce((s, p) => s + p.durationMs, 0);
  const longest = [...phases].sort((a, b) => b.durationMs - a.durationMs)[0];
  if (!longest || wall <= 0) return { kind: 'none' };
  return { kind: 'phase', share: longest.durationMs / wall, phase: longest.phase };
}
