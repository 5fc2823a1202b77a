/**
 * The timing rule on a scripted loader: w workers each prefetch p batches while the first step compiles,
 * so steps 2 … w·p + 1 find their batch waiting; afterwards the trainer waits for the loader. A median over
 * every step would mix both regimes; the rule must time only the steady state, stop once it is stable, and
 * say "capped" when it never settles.
 */
import { describe, expect, it } from 'vitest';
import { mean, timingRuleFor, timingVerdict, type TimedStep } from './stableTiming';

/**
 * A fake loader-bound run: compile takes `compileMs`; a batch takes `buildMs` of one worker, `workers`
 * build in parallel, and at most workers × prefetch built batches wait untaken (batch i may start once
 * batch i − workers × prefetch has been taken); a step trains for `trainMs` once its batch is there.
 */
function scriptedRun(o: {
  workers: number;
  prefetch: number;
  buildMs: number;
  trainMs: number;
  compileMs: number;
  steps: number;
  jitter?: (step: number) => number;
}): TimedStep[] {
  const capacity = o.workers * o.prefetch;
  const workerFree = Array.from({ length: o.workers }, () => 0);
  const takenAt: number[] = [];
  const out: TimedStep[] = [];
  let now = 0;
  for (let i = 0; i < o.steps; i++) {
    // Batch i is built by worker i mod w, once that worker is free and a queue slot is.
    const w = i % o.workers;
    const slotFree = i >= capacity ? takenAt[i - capacity]! : 0;
    const batchReady = Math.max(workerFree[w]!, slotFree) + o.buildMs;
    workerFree[w] = batchReady;
    const start = now;
    const wait = Math.max(0, batchReady - now);
    takenAt.push(start + wait);
    const train = (i === 0 ? o.compileMs : o.trainMs) + (o.jitter?.(i + 1) ?? 0);
    now = start + wait + train;
    out.push({ step: i + 1, timeMs: now, stepMs: wait + train });
  }
  return out;
}

describe('timingVerdict', () => {
  const loaderBound = { workers: 2, prefetch: 2, buildMs: 600, trainMs: 100, compileMs: 2000 };

  it('starts timing only after the initial prefetch has drained', () => {
    const steps = scriptedRun({ ...loaderBound, steps: 20 });
    // The script itself: steps 2–5 were prefetched during the compile (step time = train only).
    expect(steps.slice(1, 5).map((s) => s.stepMs)).toEqual([100, 100, 100, 100]);
    const verdict = timingVerdict(steps, timingRuleFor(loaderBound));
    expect(verdict.firstTimedStep).toBe(2 * 2 + 2);
    expect(verdict.firstTimedStep).toBeGreaterThan(loaderBound.workers * loaderBound.prefetch);
    // Steady state: two workers deliver two batches every 600 ms (steps alternate 100 and 500 ms), so
    // the run's throughput is one step per 300 ms.
    expect(steps.slice(7, 11).map((s) => s.stepMs)).toEqual([500, 100, 500, 100]);
    expect(verdict.state).toBe('stable');
    expect(Math.abs(verdict.meanStepMs! - 300) / 300).toBeLessThan(0.1);
    // Averaging every step after the compile would have timed the queue as well: far too fast.
    expect(mean(steps.slice(1).map((s) => s.stepMs))!).toBeLessThan(0.9 * 300);
  });

  it('with 0 workers only the compile step is skipped', () => {
    const rule = timingRuleFor({ workers: 0, prefetch: 2 });
    expect(rule.prefetchedSteps).toBe(0);
    const steps = [2000, 400, 400, 400, 400, 400, 400].map((ms, i) => ({
      step: i + 1,
      timeMs: 0,
      stepMs: ms,
    }));
    const verdict = timingVerdict(steps, rule);
    expect(verdict).toMatchObject({ firstTimedStep: 2, timedSteps: 6, meanStepMs: 400, state: 'stable' });
  });

  it('keeps measuring until the last two running means agree within 10 %', () => {
    const rule = timingRuleFor({ workers: 0, prefetch: 1 });
    const run = (ms: number[]) => ms.map((stepMs, i) => ({ step: i + 1, timeMs: i * 100, stepMs }));
    const ms = [5000, 100, 100, 100, 400, 400, 400];
    expect(timingVerdict(run(ms.slice(0, 4)), rule).state).toBe('measuring'); // one block only
    // Means after blocks 1, 2: 100, 250 (apart by 150 %): not yet.
    expect(timingVerdict(run(ms), rule)).toMatchObject({ state: 'measuring', blockMeans: [100, 250] });
    // Block 3 at 400 ms: 300 vs 250, still 20 % apart.
    const three = [...ms, 400, 400, 400];
    expect(timingVerdict(run(three), rule)).toMatchObject({
      state: 'measuring',
      blockMeans: [100, 250, 300],
    });
    // Block 4: 325 vs 300, within 10 %: stable.
    const four = [...three, 400, 400, 400];
    expect(timingVerdict(run(four), rule)).toMatchObject({
      state: 'stable',
      blockMeans: [100, 250, 300, 325],
    });
  });

  it('says capped when steps or time run out before it settles', () => {
    const rule = timingRuleFor({ workers: 0, prefetch: 1 }, { maxSteps: 8 });
    const alternating = Array.from({ length: 8 }, (_, i) => ({
      step: i + 1,
      timeMs: i * 10,
      stepMs: i % 3 === 0 ? 100 : 400 * (i + 1),
    }));
    expect(timingVerdict(alternating, rule).state).toBe('capped');
    const slow = timingRuleFor({ workers: 0, prefetch: 1 }, { maxMs: 1000 });
    expect(timingVerdict([{ step: 1, timeMs: 1500, stepMs: 1500 }], slow).state).toBe('capped');
  });

  it('is warming up before any step counts', () => {
    const rule = timingRuleFor({ workers: 1, prefetch: 2 });
    const verdict = timingVerdict([{ step: 1, timeMs: 10, stepMs: 10 }], rule);
    expect(verdict).toMatchObject({ state: 'warming-up', timedSteps: 0, meanStepMs: null });
  });
});
