/**
 * The comparison job over a scripted paired measurement: A and B go to runPairedArms together with the
 * job's signal, each side keeps its rows and the steps its blocks timed, the paired verdict is stored,
 * Stop ends it with no side finished, and the test build's forced ratio rescales B's blocks exactly.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeRow } from '../../../test/fixtures/testRows';
import { abortError } from '../../config/jobs';
import { roundRatios, type PairedVerdict } from '../../config/pairedTiming';
import { useCompareStore } from '../../state/compareStore';
import { useAppStore } from '../../state/store';
import type { PairedArm, PairedArmsResult } from '../runs/pairedArms';
import { compareJob, forceRatio } from './compareJob';
import { runJob, stopJob } from './runJob';
import { TEST_BACKEND, idleJobs } from '../../../test/fixtures/jobStore';

const script = { waits: false };
const calls = { arms: [] as PairedArm[][], signals: [] as AbortSignal[] };

const interval = (median: number) => ({
  median,
  low: median * 0.95,
  high: median * 1.05,
  coverage: 0.97,
  rounds: 6,
});
const VERDICT: PairedVerdict = {
  state: 'settled',
  rounds: 2,
  ratios: [interval(1), interval(0.8)],
  roundRatios: [],
};

/** Two rounds per side: steps 1–3 untimed, 4–6 timed, 7 untimed, 8–10 timed. */
function measured(arms: readonly PairedArm[]): PairedArmsResult {
  const side = (stepMs: number) => ({
    rows: Array.from({ length: 10 }, (_, i) => makeRow(i + 1, { stepMs, batchSize: 2 })),
    blocks: [
      { steps: 3, batchSize: 2, timedMs: 3 * stepMs },
      { steps: 3, batchSize: 2, timedMs: 3 * stepMs },
    ],
    timedSteps: [4, 5, 6, 8, 9, 10],
    backend: null,
  });
  return {
    arms: arms.map((arm, i) => ({ id: arm.id, ...side(i === 0 ? 100 : 125) })),
    roundRatios: [],
    verdict: VERDICT,
  };
}

vi.mock('../runs/pairedArms', () => ({
  runPairedArms: (arms: PairedArm[], signal: AbortSignal) => {
    calls.arms.push(arms);
    calls.signals.push(signal);
    if (script.waits)
      return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(abortError())));
    return Promise.resolve(measured(arms));
  },
}));

const INFO = TEST_BACKEND;

beforeEach(() => {
  useAppStore.setState({
    status: 'idle',
    backendInfo: INFO,
    // The page's link reads window.location, which the node test environment has not.
    shareLink: () => 'http://127.0.0.1/#v=1',
    skipPreflight: true,
    compareOverrides: { imageDtype: 'float32', normalizeOn: 'loader' },
    jobs: idleJobs(),
  });
  useCompareStore.setState({ a: null, b: null, paired: null, activeSide: null, liveWorkers: 0 });
  script.waits = false;
  calls.arms = [];
  calls.signals = [];
});

describe('compareJob', () => {
  it('measures A and B in paired rounds and stores each side’s timed steps and the verdict', async () => {
    expect(await runJob('compare', compareJob, null)).toBe('done');
    expect(calls.arms).toHaveLength(1);
    const [a, b] = calls.arms[0]!;
    expect([a!.id, b!.id]).toEqual(['compare-a', 'compare-b']);
    expect(a!.config).toEqual(useAppStore.getState().config);
    expect(b!.config.imageDtype).toBe('float32');
    const store = useCompareStore.getState();
    expect(store.paired).toEqual(VERDICT);
    for (const side of [store.a!, store.b!]) {
      expect(side.finished).toBe(true);
      expect(side.timedSteps).toEqual([4, 5, 6, 8, 9, 10]);
      expect(side.rows).toHaveLength(10);
    }
    expect(store.liveWorkers).toBe(0);
    expect(store.activeSide).toBeNull();
  });

  it('Stop ends the paired measurement through the job’s signal; no side finishes', async () => {
    script.waits = true;
    const ended = runJob('compare', compareJob, null);
    await vi.waitFor(() => expect(calls.signals).toHaveLength(1));
    expect(useCompareStore.getState().liveWorkers).toBe(2);
    stopJob('compare');
    expect(await ended).toBe('stopped');
    expect(calls.signals[0]!.aborted).toBe(true);
    const store = useCompareStore.getState();
    expect(store.a!.finished || store.b!.finished).toBe(false);
    expect(store.paired).toBeNull();
    expect(store.liveWorkers).toBe(0);
  });
});

describe('forceRatio', () => {
  it('scales B’s blocks and its timed rows so every round reads the forced ratio; A is untouched', () => {
    const real = measured([
      { id: 'a', config: useAppStore.getState().config },
      { id: 'b', config: useAppStore.getState().config },
    ]);
    const forced = forceRatio(real, 1.25);
    const [a, b] = forced.arms;
    expect(a).toBe(real.arms[0]);
    for (const [r, block] of b!.blocks.entries())
      expect(roundRatios([a!.blocks[r]!, block])[1]).toBeCloseTo(1.25, 12);
    expect(forced.verdict.ratios[1]).toMatchObject({ median: expect.closeTo(1.25, 12), rounds: 2 });
    expect(forced.verdict.state).toBe('settled');
    // Timed rows scaled (125 ms × 0.64 = 80 ms), untimed ones as measured.
    expect(b!.rows.filter((r) => b!.timedSteps.includes(r.step)).map((r) => r.stepMs)).toEqual(
      Array(6).fill(80),
    );
    expect(b!.rows.find((r) => r.step === 7)!.stepMs).toBe(125);
  });
});
