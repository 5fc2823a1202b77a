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

  it('lays timed kernels within their phase in dispatch order, scaled down where they outlast it', () => {
    const kernels = parse(stepTraceJson(makeProfile('gpu-timestamps'))).traceEvents.filter(
      (e) => e.ph === 'X' && e.tid === KERNEL_TID,
    );
    // forward 2–4 ms holds 4 + 0.5 ms of kernels: scaled by 2/4.5; backward 4–6 ms holds 6 ms: by 1/3.
    expect(kernels.map((e) => [e.ts, e.dur])).toEqual([
      [2000, 1777.778],
      [3777.778, 222.222],
      [4000, 2000],
      [6000, 0],
    ]);
  });

  for (const timing of ['gpu-timestamps', 'none'] as const) {
    it(`puts every kernel span inside its phase's span, and no phase holds more kernel time than its length (${timing})`, () => {
      const profile = makeProfile(timing);
      const trace = parse(stepTraceJson(profile));
      const phaseOf = new Map(
        trace.traceEvents.filter((e) => e.ph === 'X' && e.tid === PHASE_TID).map((e) => [e.name, e]),
      );
      const sums = new Map<string, number>();
      for (const k of trace.traceEvents.filter((e) => e.ph === 'X' && e.tid === KERNEL_TID)) {
        const phase = phaseOf.get(String(k.args?.phase))!;
        expect(phase, String(k.args?.phase)).toBeDefined();
        expect(k.ts).toBeGreaterThanOrEqual(phase.ts);
        expect(k.ts + k.dur!).toBeLessThanOrEqual(phase.ts + phase.dur! + 1e-3);
        sums.set(phase.name, (sums.get(phase.name) ?? 0) + k.dur!);
      }
      for (const [name, sum] of sums) expect(sum).toBeLessThanOrEqual(phaseOf.get(name)!.dur! + 1e-3);
      expect(
        String((trace as unknown as { otherData: { kernelPlacement: string } }).otherData.kernelPlacement),
      ).toMatch(/within its phase/);
    });
  }

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
