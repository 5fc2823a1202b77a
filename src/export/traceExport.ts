/**
 * A step profile as a Chrome Trace Event file (JSON with `traceEvents`), which Perfetto's UI and
 * chrome://tracing open:
 * - thread 1, the step's phases by the wall clock ("X" complete events);
 * - thread 2, the kernels, each inside the phase that issued it (kernelSpans): in dispatch order from the
 *   phase's start, as long as its GPU time and scaled to fit the phase when needed — timestamps give a
 *   kernel's duration, not its start — or, without kernel times, the CPU time between dispatches;
 * - memory by category as one counter ("C") sampled at every kernel's end;
 * - process and thread names as metadata ("M") events.
 * Times in microseconds from the start of the step. Pure: no DOM (the panel downloads the text).
 */
import {
  MEMORY_CATEGORIES,
  MEMORY_CATEGORY_LABELS,
  STEP_PHASE_LABELS,
  type StepProfile,
} from '../config/stepProfile';

export interface TraceEvent {
  name: string;
  /** X: complete event (ts + dur), C: counter, M: metadata. */
  ph: 'X' | 'C' | 'M';
  pid: number;
  tid: number;
  /** Microseconds. */
  ts: number;
  dur?: number;
  cat?: string;
  args?: Record<string, string | number | null>;
}

const TRACE_PID = 1;
export const PHASE_TID = 1;
export const KERNEL_TID = 2;

const us = (ms: number): number => Math.max(0, Math.round(ms * 1000 * 1000) / 1000);
const shapes = (list: readonly (readonly number[])[]) => list.map((s) => `[${s.join(',')}]`).join(' ');

/**
 * Kernel spans in ms from the step's start, each inside the phase that issued it. The GPU's timestamps give
 * a kernel's duration, not its start, so a phase's kernels are laid out from the phase's start in dispatch
 * order, each as long as its kernel time, and scaled down together when they would outlast the phase (the
 * trace says so in its metadata). Without kernel times, a kernel spans the CPU time between the previous
 * dispatch and its own, clamped to its phase. A kernel whose phase has no span sits at the step's start.
 */
function kernelSpans(profile: StepProfile): { startMs: number; endMs: number }[] {
  const timed = profile.timing !== 'none';
  const spans: { startMs: number; endMs: number }[] = profile.kernels.map(() => ({ startMs: 0, endMs: 0 }));
  for (const phase of profile.phases) {
    const startMs = phase.startMs;
    const endMs = phase.startMs + phase.durationMs;
    const inPhase = profile.kernels.flatMap((k, i) => (k.phase === phase.phase ? [i] : []));
    const sumMs = timed ? inPhase.reduce((s, i) => s + (profile.kernels[i]!.ms ?? 0), 0) : 0;
    const scale = sumMs > phase.durationMs ? phase.durationMs / sumMs : 1;
    let cursor = startMs;
    for (const i of inPhase) {
      const k = profile.kernels[i]!;
      const clamp = (ms: number) => Math.min(endMs, Math.max(startMs, ms));
      const next = timed
        ? Math.min(endMs, cursor + (k.ms ?? 0) * scale)
        : Math.max(cursor, clamp(k.dispatchedAtMs));
      spans[i] = { startMs: cursor, endMs: next };
      cursor = next;
    }
  }
  return spans;
}

function stepTrace(profile: StepProfile) {
  const events: TraceEvent[] = [];
  const meta = (name: string, tid: number, args: Record<string, string | number>) =>
    events.push({ name, ph: 'M', pid: TRACE_PID, tid, ts: 0, args });
  const complete = (event: Omit<TraceEvent, 'ph' | 'pid'>) =>
    events.push({ ph: 'X', pid: TRACE_PID, ...event });
  const timed = profile.timing !== 'none';
  meta('process_name', 0, { name: `BatchLab training worker (${profile.backend})` });
  meta('thread_name', PHASE_TID, { name: `step ${profile.timingStep}: phases (wall clock)` });
  meta('thread_name', KERNEL_TID, {
    name: timed
      ? `step ${profile.timingStep}: kernels, laid end to end (${profile.timing})`
      : `step ${profile.timingStep}: kernel dispatch (CPU side; no kernel times)`,
  });
  meta('thread_sort_index', PHASE_TID, { sort_index: 1 });
  meta('thread_sort_index', KERNEL_TID, { sort_index: 2 });

  for (const p of profile.phases) {
    complete({
      name: STEP_PHASE_LABELS[p.phase],
      cat: 'phase',
      tid: PHASE_TID,
      ts: us(p.startMs),
      dur: us(p.durationMs),
      args: { ms: p.durationMs },
    });
  }

  const spans = kernelSpans(profile);
  profile.kernels.forEach((k, i) => {
    const span = spans[i]!;
    complete({
      name: k.name,
      cat: k.phase,
      tid: KERNEL_TID,
      ts: us(span.startMs),
      dur: us(span.endMs - span.startMs),
      args: {
        index: i,
        phase: k.phase,
        layer: k.layer,
        ms: k.ms,
        inputs: shapes(k.inputShapes),
        outputs: shapes(k.outputShapes),
        flops: k.flops,
      },
    });
  });

  // Memory is the recorded normal step's, point by point against the kernels of the same index.
  const { memory } = profile;
  const lastKernelEndMs = spans.at(-1)?.endMs ?? 0;
  const stepEndMs = profile.phases.reduce(
    (end, p) => Math.max(end, p.startMs + p.durationMs),
    lastKernelEndMs,
  );
  memory.kernelIndex.forEach((k, point) => {
    const atMs = k < 0 ? (spans[0]?.startMs ?? 0) : k < spans.length ? spans[k]!.endMs : stepEndMs;
    const args: Record<string, number> = {};
    for (const c of MEMORY_CATEGORIES) args[MEMORY_CATEGORY_LABELS[c]] = memory.bytes[c][point] ?? 0;
    events.push({ name: 'memory by category (bytes)', ph: 'C', pid: TRACE_PID, tid: 0, ts: us(atMs), args });
  });

  return {
    traceEvents: events,
    displayTimeUnit: 'ms',
    otherData: {
      producer: 'BatchLab step profile',
      config: `${profile.config.imageSizePx}px batch ${profile.config.batchSize} ${profile.config.imageDtype} ${profile.config.optimizer}`,
      memoryStep: profile.memoryStep,
      timingStep: profile.timingStep,
      peakBytes: memory.peakBytes,
      kernelPlacement:
        profile.timing === 'none'
          ? 'no kernel times: each kernel spans the CPU time since the previous dispatch, within its phase'
          : 'laid out within its phase in dispatch order (no GPU start timestamps); scaled to fit the phase ' +
            'where its kernels outlast it (args.ms keeps the measured time)',
      note: 'Memory counters are the recorded normal step, sampled at the end of the kernel with the same index.',
    },
  };
}

export const stepTraceJson = (profile: StepProfile): string => JSON.stringify(stepTrace(profile));
