import { describe, expect, it } from 'vitest';
import { KERNEL_TID, PHASE_TID, stepTraceJson, type TraceEvent } from './traceExport';
import { makeProfile } from '../../test/fixtures/testProfile';

const parse = (text: string) => JSON.parse(text) as { traceEvents: TraceEvent[]; displayTimeUnit: string };

function noOverlap(events: TraceEvent[]): boolean {
  const spans = events.map((e) => [e.ts, e.ts + (e.dur ?? 0)] as const).sort((a, b) => a[0] - b[0]);
  return spans.every((s, i) => i === 0 || s[0] >= spans[i - 1]![1] - 1e-9);
}

describe('the Chrome trace of a step profile', () => {
  for (const timing of ['gpu-timestamps', 'none'] as const) {
    it(`parses, every X event is placed and sized, tracks do not overlap (${timing})`, () => {
      const profile = makeProfile(timing);
      const trace = parse(stepTraceJson(profile));
      expect(trace.displayTimeUnit).toBe('ms');
      const complete = trace.traceEvents.filter((e) => e.ph === 'X');
      expect(complete.length).toBe(profile.phases.length + profile.kernels.length);
      for (const e of complete) {
        expect(typeof e.ts).toBe('number');
        expect(typeof e.dur).toBe('number');
        expect(e.ts).toBeGreaterThanOrEqual(0);
        expect(e.dur!).toBeGreaterThanOrEqual(0);
        expect(Number.isInteger(e.pid)).toBe(true);
        expect(Number.isInteger(e.tid)).toBe(true);
      }
      const phases = complete.filter((e) => e.tid === PHASE_TID);
      const kernels = complete.filter((e) => e.tid === KERNEL_TID);
      expect(phases).toHaveLength(profile.phases.length);
      expect(kernels.map((e) => e.name)).toEqual(profile.kernels.map((k) => k.name));
      expect(noOverlap(phases)).toBe(true);
      expect(noOverlap(kernels)).toBe(true);
      // The phases add up to the step (µs).
      const total = phases.reduce((s, e) => s + e.dur!, 0);
      expect(total).toBeCloseTo(profile.profiledStepMs * 1000, 6);
      // Shapes travel in args.
      expect(kernels[0]!.args?.inputs).toBe('[2,16,16,3] [3,3,3,4]');
      expect(kernels[0]!.args?.outputs).toBe('[2,16,16,4]');
    });
  }

  it('lays timed kernels end to end from the forward phase, each as long as its kernel time', () => {
    const kernels = parse(stepTraceJson(makeProfile('gpu-timestamps'))).traceEvents.filter(
      (e) => e.ph === 'X' && e.tid === KERNEL_TID,
    );
    expect(kernels.map((e) => [e.ts, e.dur])).toEqual([
      [2000, 4000],
      [6000, 500],
      [6500, 6000],
      [12500, 0],
    ]);
  });

  it('names the process and both threads, and counts memory by category at each kernel', () => {
    const profile = makeProfile();
    const trace = parse(stepTraceJson(profile));
    const names = trace.traceEvents.filter((e) => e.ph === 'M').map((e) => e.name);
    expect(names).toEqual(expect.arrayContaining(['process_name', 'thread_name']));
    expect(names.filter((n) => n === 'thread_name')).toHaveLength(2);
    const counters = trace.traceEvents.filter((e) => e.ph === 'C');
    expect(counters).toHaveLength(profile.memory.kernelIndex.length);
    const totals = counters.map((e) =>
      Object.values(e.args ?? {}).reduce<number>((s, v) => s + Number(v), 0),
    );
    expect(Math.max(...totals)).toBe(profile.memory.peakBytes);
    expect(counters.every((e, i) => i === 0 || e.ts >= counters[i - 1]!.ts)).toBe(true);
  });
});
