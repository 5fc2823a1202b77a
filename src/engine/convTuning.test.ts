import { describe, expect, it } from 'vitest';
import {
  convChoiceVerdict,
  type ConvCandidate,
  type ConvDirection,
  type ConvKernels,
} from '../config/convKernels';
import type { ConvShape } from '../gpu/convGeometry';
import {
  convChoiceKey,
  createMemoryConvStore,
  KERNEL_VERSION,
  tuneConvKernels,
  type ConvChoiceStore,
  type TuneRequest,
} from './convTuning';

const SHAPES: ConvShape[] = [
  { batch: 4, heightPx: 32, widthPx: 32, inChannels: 3, outChannels: 8, kernelSize: 3 },
];
const ALL: Record<ConvDirection, ConvCandidate[]> = {
  forward: ['own-software', 'own-gpu', 'tfjs'],
  inputGradient: ['own-software', 'own-gpu', 'tfjs'],
  filterGradient: ['own-software', 'own-gpu', 'own-gpuNoReduce', 'tfjs'],
};

/** What the rule gives a hardware adapter: the kernels that stand without a measurement. */
const DEFAULTS: ConvKernels = { forward: 'own-gpu', inputGradient: 'own-gpu', filterGradient: 'own-gpu' };

/** A made-up device: each candidate's run takes the ms the table says; every run is logged. */
function device(ms: Partial<Record<`${ConvDirection}/${ConvCandidate}`, number>>) {
  const runs: string[] = [];
  const run: TuneRequest['run'] = (direction, candidate) => {
    runs.push(`${direction}/${candidate}`);
    return Promise.resolve(ms[`${direction}/${candidate}`] ?? 100);
  };
  return { run, runs };
}

const request = (run: TuneRequest['run'], stores: ConvChoiceStore[], over: Partial<TuneRequest> = {}) => ({
  adapterKey: 'vendor-a/arch-1',
  shapes: SHAPES,
  candidates: ALL,
  defaults: DEFAULTS,
  run,
  stores,
  reps: 3,
  probeBatch: 4,
  probeConvs: 1,
  ...over,
});

describe('tuneConvKernels', () => {
  it("picks the own kernels, tfjs's or a mix, whichever is faster per direction", async () => {
    const d = device({
      'forward/tfjs': 5,
      'forward/own-software': 9,
      'inputGradient/own-gpu': 7,
      'filterGradient/own-gpuNoReduce': 3,
      'filterGradient/tfjs': 50,
    });
    const r = await tuneConvKernels(request(d.run, [createMemoryConvStore()]));
    expect(r.kernels).toEqual({
      forward: 'tfjs',
      inputGradient: 'own-gpu',
      filterGradient: 'own-gpuNoReduce',
    });
    expect(r.source).toBe('measured');
    // Every candidate is reported with its median.
    expect(r.candidates).toHaveLength(10);
    expect(r.candidates.find((c) => c.candidate === 'tfjs' && c.direction === 'forward')?.ms).toBe(5);
    const allTfjs = device({ 'forward/tfjs': 1, 'inputGradient/tfjs': 1, 'filterGradient/tfjs': 1 });
    const t = await tuneConvKernels(request(allTfjs.run, [createMemoryConvStore()]));
    expect(t.kernels).toEqual({ forward: 'tfjs', inputGradient: 'tfjs', filterGradient: 'tfjs' });
  });

  it('warms each candidate up once, times it `reps` times, and runs one far behind only once', async () => {
    const d = device({ 'forward/own-software': 10, 'forward/own-gpu': 15, 'forward/tfjs': 300 });
    const r = await tuneConvKernels(request(d.run, [createMemoryConvStore()]));
    const count = (name: string) => d.runs.filter((x) => x === name).length;
    expect(count('forward/own-software')).toBe(1 + 3);
    expect(count('forward/own-gpu')).toBe(1 + 3);
    expect(count('forward/tfjs')).toBe(1 + 1); // 30× the fastest after its first timed run
    expect(r.candidates.find((c) => c.direction === 'forward' && c.candidate === 'tfjs')?.runs).toBe(1);
    expect(r.candidates.find((c) => c.direction === 'forward' && c.candidate === 'own-gpu')?.runs).toBe(3);
  });

  it('times a close call again, up to maxReps, and stops once the leader is clear', async () => {
    // Two candidates whose runs overlap: 10, 12, 10, 12… against 11 every time.
    const close = () => {
      const runs: string[] = [];
      let a = 0;
      const run: TuneRequest['run'] = (direction, candidate) => {
        runs.push(`${direction}/${candidate}`);
        if (candidate === 'own-software') return Promise.resolve(a++ % 2 ? 12 : 10);
        return Promise.resolve(candidate === 'own-gpu' ? 11 : 100);
      };
      return { run, runs };
    };
    const both: Record<ConvDirection, ConvCandidate[]> = {
      forward: ['own-software', 'own-gpu'],
      inputGradient: ['tfjs'],
      filterGradient: ['tfjs'],
    };
    const c = close();
    const r = await tuneConvKernels(
      request(c.run, [createMemoryConvStore()], { reps: 2, maxReps: 6, candidates: both }),
    );
    expect(c.runs.filter((x) => x === 'forward/own-gpu')).toHaveLength(1 + 6);
    const own = r.candidates.find((x) => x.candidate === 'own-software')!;
    expect(own).toMatchObject({ runs: 6, minMs: 10, maxMs: 12 });
    // Clear from the second run: no more than `reps`.
    const clear = device({ 'forward/own-software': 10, 'forward/own-gpu': 15 });
    const s = await tuneConvKernels(
      request(clear.run, [createMemoryConvStore()], { reps: 2, maxReps: 6, candidates: both }),
    );
    expect(clear.runs.filter((x) => x === 'forward/own-gpu')).toHaveLength(1 + 2);
    expect(s.candidates.find((x) => x.candidate === 'own-gpu')).toMatchObject({ minMs: 15, maxMs: 15 });
    expect(s.kernels.forward).toBe('own-software');
  });

  it("keeps the default unless the leader's median beat its fastest run; the verdict agrees", async () => {
    // Each candidate's runs in order: the warm-up first, then the timed runs.
    const runsOf = (ms: Record<string, number[]>) => {
      const seen = new Map<string, number>();
      const run: TuneRequest['run'] = (direction, candidate) => {
        const key = `${direction}/${candidate}`;
        const i = seen.get(key) ?? 0;
        seen.set(key, i + 1);
        const list = ms[key] ?? [100];
        return Promise.resolve(list[i % list.length]!);
      };
      return run;
    };
    const two: Record<ConvDirection, ConvCandidate[]> = {
      forward: ['own-software', 'own-gpu'],
      inputGradient: ['tfjs'],
      filterGradient: ['tfjs'],
    };
    const tune = (ms: Record<string, number[]>) =>
      tuneConvKernels(request(runsOf(ms), [createMemoryConvStore()], { candidates: two, reps: 4 }));
    const median = (r: Awaited<ReturnType<typeof tune>>, c: ConvCandidate) =>
      r.candidates.find((x) => x.candidate === c)!.ms;

    // A lower median (11) whose runs the default's fastest (11) reaches: the default stays.
    const close = await tune({
      'forward/own-software': [50, 10, 12, 10, 12],
      'forward/own-gpu': [50, 11, 14, 11, 14],
    });
    expect(median(close, 'own-software')).toBeLessThan(median(close, 'own-gpu'));
    expect(close.kernels.forward).toBe('own-gpu');
    expect(close.defaultKernels).toEqual(DEFAULTS);
    expect(convChoiceVerdict(close, 'forward')).toBe('closeDefault');

    // One slow run of the leader (19) reaches the default's fastest (18), but its median (10) does not:
    // the leader, and the verdict says the runs overlapped.
    const outlier = await tune({
      'forward/own-software': [50, 10, 10, 10, 19],
      'forward/own-gpu': [50, 18, 20, 18, 20],
    });
    expect(outlier.kernels.forward).toBe('own-software');
    expect(convChoiceVerdict(outlier, 'forward')).toBe('closeLowest');

    // Every run faster than the default's fastest: the faster one, clearly.
    const clear = await tune({
      'forward/own-software': [50, 8, 10, 8, 10],
      'forward/own-gpu': [50, 11, 14, 11, 14],
    });
    expect(clear.kernels.forward).toBe('own-software');
    expect(convChoiceVerdict(clear, 'forward')).toBe('clear');

    // The default is never cut after one run, however far behind: it gets all its runs.
    const far = await tune({
      'forward/own-software': [50, 10, 10, 10, 10],
      'forward/own-gpu': [50, 25, 25, 25, 25],
    });
    expect(far.candidates.find((x) => x.candidate === 'own-gpu')?.runs).toBe(4);
    expect(far.kernels.forward).toBe('own-software');
  });

  it('keeps the median of the timed runs, not the warm-up', async () => {
    const times = [1000, 12, 30, 11]; // warm-up (compile), then three runs: median 12
    let i = 0;
    const r = await tuneConvKernels(
      request(() => Promise.resolve(times[i++ % 4]!), [createMemoryConvStore()], {
        candidates: { forward: ['own-software'], inputGradient: ['tfjs'], filterGradient: ['tfjs'] },
      }),
    );
    expect(r.candidates[0]).toMatchObject({ candidate: 'own-software', ms: 12, runs: 3 });
  });

  it('reuses the cache: no run at all, the same choice, from the session or an earlier visit', async () => {
    const session = createMemoryConvStore();
    const visits = createMemoryConvStore();
    const first = device({ 'forward/own-gpu': 1 });
    const measured = await tuneConvKernels(request(first.run, [session, visits]));
    expect(first.runs.length).toBeGreaterThan(0);
    const again = device({ 'forward/tfjs': 1 });
    const reused = await tuneConvKernels(request(again.run, [session, visits]));
    expect(again.runs).toEqual([]);
    expect(reused.source).toBe('session');
    expect(reused.kernels).toEqual(measured.kernels);
    expect(reused.candidates).toEqual(measured.candidates);
    expect(reused.measuredTuningMs).toBe(measured.measuredTuningMs);
    // A new session (empty memory) finds the earlier visit's choice, and writes it back to the session.
    const newSession = createMemoryConvStore();
    const stored = await tuneConvKernels(request(again.run, [newSession, visits]));
    expect(again.runs).toEqual([]);
    expect(stored.source).toBe('stored');
    expect(stored.kernels).toEqual(measured.kernels);
    expect((await tuneConvKernels(request(again.run, [newSession, visits]))).source).toBe('session');
  });

  it('tunes again for another adapter identity, other conv shapes, other candidates or another kernel version', async () => {
    const store = createMemoryConvStore();
    await tuneConvKernels(request(device({}).run, [store]));
    for (const over of [
      { adapterKey: 'vendor-a/arch-2' },
      { shapes: [{ ...SHAPES[0]!, batch: 8 }] },
      { version: KERNEL_VERSION + 1 },
      { candidates: { ...ALL, filterGradient: ['own-gpu', 'tfjs'] } },
    ] satisfies Partial<TuneRequest>[]) {
      const d = device({ 'filterGradient/tfjs': 1 });
      const r = await tuneConvKernels(request(d.run, [store], over));
      expect(d.runs.length, JSON.stringify(over)).toBeGreaterThan(0);
      expect(r.source).toBe('measured');
      expect(r.kernels.filterGradient).toBe('tfjs');
    }
    expect(convChoiceKey('a', SHAPES, ALL, 1)).not.toBe(convChoiceKey('a', SHAPES, ALL, 2));
  });
});
