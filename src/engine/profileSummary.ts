/**
 * The kernel table of a step profile: kernels summed by name (and family, since one tfjs kernel can do two
 * jobs), by U-Net layer, and the one sentence that names the bottleneck. Used by the app's profile and by
 * the bench's kernel breakdown (case g), so both read the same numbers. Pure: no tfjs.
 */
import {
  kernelFamily,
  type KernelFamily,
  type KernelRow,
  type LayerRow,
  type PhaseSpan,
  type ProfiledKernel,
} from '../config/stepProfile';
import { STEP_PHASE_LABELS } from '../config/stepProfile';
import { bottleneckFacts } from '../config/bottleneck';

/** Distinct shape lines kept per row. */
const SHAPE_LINES = 3;

const shapeText = (shape: readonly number[]): string => `[${shape.join(',')}]`;
const shapeLine = (k: ProfiledKernel): string =>
  `${k.inputShapes.map(shapeText).join(' ')} → ${k.outputShapes.map(shapeText).join(' ')}`;

const sumOrNull = (values: (number | null)[]): number | null =>
  values.some((v) => v === null) ? null : values.reduce<number>((s, v) => s + (v ?? 0), 0);

/** Sum of every kernel's ms; null when the profile has no kernel times. */
export function totalKernelMs(kernels: readonly ProfiledKernel[]): number | null {
  return kernels.length === 0 ? null : sumOrNull(kernels.map((k) => k.ms));
}

/** Kernels by name and family, slowest first (most frequent first without times). */
export function summarizeKernels(kernels: readonly ProfiledKernel[]): KernelRow[] {
  const total = totalKernelMs(kernels);
  const groups = new Map<string, { name: string; family: KernelFamily; runs: ProfiledKernel[] }>();
  for (const k of kernels) {
    const family = kernelFamily(k.name, k.phase);
    const key = `${k.name}\u0000${family}`;
    const group = groups.get(key) ?? { name: k.name, family, runs: [] };
    group.runs.push(k);
    groups.set(key, group);
  }
  const rows = [...groups.values()].map(({ name, family, runs }): KernelRow => {
    const ms = total === null ? null : sumOrNull(runs.map((k) => k.ms));
    const known = runs.filter((k) => k.flops !== null && k.ms !== null);
    const knownMs = known.reduce((s, k) => s + (k.ms ?? 0), 0);
    const knownFlops = known.reduce((s, k) => s + (k.flops ?? 0), 0);
    const lines = new Map<string, number>();
    for (const k of runs) lines.set(shapeLine(k), (lines.get(shapeLine(k)) ?? 0) + 1);
    return {
      name,
      family,
      count: runs.length,
      ms,
      share: ms === null || total === null || total <= 0 ? null : ms / total,
      gflops: known.length > 0 && knownMs > 0 ? knownFlops / (knownMs * 1e6) : null,
      shapes: [...lines.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, SHAPE_LINES)
        .map(([line]) => line),
    };
  });
  return rows.sort((a, b) => (b.ms ?? 0) - (a.ms ?? 0) || b.count - a.count || a.name.localeCompare(b.name));
}

/** Kernels by the layer (or stage) they ran for, slowest first. */
export function summarizeLayers(kernels: readonly ProfiledKernel[]): LayerRow[] {
  const total = totalKernelMs(kernels);
  const groups = new Map<string, ProfiledKernel[]>();
  for (const k of kernels) {
    const layer = k.layer ?? (k.phase === 'optimizer' ? 'optimizer' : '(outside a layer)');
    groups.set(layer, [...(groups.get(layer) ?? []), k]);
  }
  const rows = [...groups.entries()].map(([layer, runs]): LayerRow => {
    const msOf = (list: ProfiledKernel[]) => (total === null ? null : sumOrNull(list.map((k) => k.ms)));
    const ms = msOf(runs);
    return {
      layer,
      forwardMs: msOf(runs.filter((k) => k.phase === 'forward')),
      backwardMs: msOf(runs.filter((k) => k.phase === 'backward')),
      ms,
      share: ms === null || total === null || total <= 0 ? null : ms / total,
      count: runs.length,
    };
  });
  return rows.sort((a, b) => (b.ms ?? 0) - (a.ms ?? 0) || b.count - a.count);
}

const percent = (share: number): string => `${Math.round(share * 100)}%`;

/**
 * One plain sentence naming where the step's time goes: the kernel family with the most kernel time
 * ("82% of the step's kernel time is convolution gradients (Conv2DBackpropFilter, Conv2DBackpropInput)"),
 * or, without kernel times, the longest phase by the wall clock.
 */
export function bottleneckLine(rows: readonly KernelRow[], phases: readonly PhaseSpan[]): string {
  const facts = bottleneckFacts(rows, phases);
  if (facts.kind === 'family') {
    return `${percent(facts.share)} of the step's kernel time is ${facts.family} (${facts.names.join(', ')}).`;
  }
  if (facts.kind === 'none') return 'The step ran no kernels that could be timed.';
  return (
    `No kernel times on this device: by the wall clock, the ${STEP_PHASE_LABELS[facts.phase]} phase ` +
    `takes ${percent(facts.share)} of the step.`
  );
}
