/**
 * Runs on Dawn's WebGPU in a child process (dawnChild.mjs) for test/convBounds.test.ts.
 * - GPU-sized dispatches: shapes whose dispatch passes 65,535 workgroups in one dimension, where tfjs folds
 *   the dispatch into a square and so adds workgroups past the end of the work. Tall, one-pixel-wide images
 *   with a 1×1 kernel reach those sizes with few multiply-adds, so they stay cheap on a software adapter;
 *   the oracle is a float64 reference computed here in plain JS (a 1×1 'same' conv is a matrix product).
 * - Channel counts 1, 3, 5 and 64 with the GPU tilings against tfjs's own kernels (convParity.ts's
 *   shapeParity; the software tiling's are in convParity.ts's own list).
 * Returns plain numbers; the test makes the assertions.
 */
import { createRng } from '../../src/data/random';
import * as tf from '../../src/engine/tf';
import {
  filterGeometry,
  OWN_TILINGS,
  sameGeometry,
  stagedGeometry,
  type ConvShape,
  type ConvTiling,
} from '../../src/gpu/convGeometry';
import { convSame, convSameFilterGradient, convSameInputGradient } from '../../src/gpu/convKernels';
import { shapeParity, start, type ShapeParity } from './convParity';

/** The tilings the own kernels can run with (a measured choice's candidates). */
export const TILINGS = OWN_TILINGS;

export type Direction = 'forward' | 'inputGradient' | 'filterGradient';

/** Workgroups a direction's dispatch asks for, before tfjs folds it. */
export function dispatchWorkgroups(s: ConvShape, t: ConvTiling, d: Direction): number {
  if (d === 'filterGradient') return filterGeometry(s, t).workgroups;
  const channels = d === 'forward' ? s.outChannels : s.inChannels;
  if (t.staged) return stagedGeometry(s, channels).workgroups;
  return sameGeometry(s, channels, t.pixelsPerInvocation, t.workgroupSize).workgroups;
}

/** 1×1 shapes past 65,535 workgroups: per direction, the shape and the tilings it runs with. */
export const BIG_CASES: { direction: Direction; shape: ConvShape; tilings: string[] }[] = [
  {
    direction: 'forward',
    shape: { batch: 8, heightPx: 33280, widthPx: 1, inChannels: 1, outChannels: 64, kernelSize: 1 },
    tilings: ['software', 'gpu', 'gpuNoReduce'],
  },
  {
    direction: 'inputGradient',
    shape: { batch: 8, heightPx: 33280, widthPx: 1, inChannels: 64, outChannels: 1, kernelSize: 1 },
    tilings: ['software', 'gpu', 'gpuNoReduce'],
  },
  {
    // The software tiling's filter gradient (4 rows per chunk) needs 4× the rows to pass the limit: 268 M
    // multiply-adds, too slow for a software adapter; its dispatch has the same bounds check as gpuNoReduce.
    direction: 'filterGradient',
    shape: { batch: 4, heightPx: 4200, widthPx: 1, inChannels: 64, outChannels: 64, kernelSize: 1 },
    tilings: ['gpu', 'gpuNoReduce'],
  },
];

export const CHANNEL_SHAPES: ConvShape[] = [
  [1, 3],
  [3, 5],
  [5, 64],
  [64, 1],
].map(([cin, cout]) => ({
  batch: 2,
  heightPx: 9,
  widthPx: 11,
  inChannels: cin!,
  outChannels: cout!,
  kernelSize: 3,
}));

function randomArray(n: number, rng: ReturnType<typeof createRng>): Float32Array {
  const a = new Float32Array(n);
  for (let i = 0; i < n; i++) a[i] = rng.next() * 2 - 1;
  return a;
}

/** max |a − b| ÷ max |b|. */
function relativeError(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return Infinity;
  let diff = 0;
  let scale = 0;
  for (let i = 0; i < a.length; i++) {
    diff = Math.max(diff, Math.abs(a[i]! - b[i]!));
    scale = Math.max(scale, Math.abs(b[i]!));
  }
  return scale > 0 ? diff / scale : diff;
}

export interface BigResult {
  direction: Direction;
  tiling: string;
  shape: ConvShape;
  workgroups: number;
  /** The output's relative error (forward: y; input gradient: dx; filter gradient: dW). */
  error: number;
  /** Filter gradient only: the bias gradient's relative error. */
  biasError: number | null;
}

/** One direction of a 1×1 conv at P = N·H·W pixels, against float64 sums: y = x·W + b, dx = dy·Wᵀ, dW = xᵀ·dy. */
export async function bigCase(
  direction: Direction,
  s: ConvShape,
  tilingName: string,
  seed: number,
): Promise<BigResult> {
  const rng = createRng(seed);
  const tiling = TILINGS[tilingName]!;
  const { batch: n, heightPx: h, widthPx: w, inChannels: cin, outChannels: cout } = s;
  const pixels = n * h * w;
  const xs = randomArray(pixels * cin, rng);
  const ws = randomArray(cin * cout, rng);
  const bs = randomArray(cout, rng);
  const dys = randomArray(pixels * cout, rng);
  const base = {
    direction,
    tiling: tilingName,
    shape: s,
    workgroups: dispatchWorkgroups(s, tiling, direction),
  };
  const made: tf.Tensor[] = [];
  try {
    const x = tf.tensor4d(xs, [n, h, w, cin]);
    const filter = tf.tensor4d(ws, [1, 1, cin, cout]);
    const bias = tf.tensor1d(bs);
    const dy = tf.tensor4d(dys, [n, h, w, cout]);
    made.push(x, filter, bias, dy);
    if (direction === 'forward') {
      const y = convSame(x, filter, bias, false, tiling);
      made.push(y);
      const want = new Float64Array(pixels * cout);
      for (let p = 0; p < pixels; p++) {
        for (let co = 0; co < cout; co++) {
          let sum = bs[co]!;
          for (let ci = 0; ci < cin; ci++) sum += xs[p * cin + ci]! * ws[ci * cout + co]!;
          want[p * cout + co] = sum;
        }
      }
      return { ...base, error: relativeError(await y.data(), want), biasError: null };
    }
    if (direction === 'inputGradient') {
      const dx = convSameInputGradient(dy, filter, tiling);
      made.push(dx);
      const want = new Float64Array(pixels * cin);
      for (let p = 0; p < pixels; p++) {
        for (let ci = 0; ci < cin; ci++) {
          let sum = 0;
          for (let co = 0; co < cout; co++) sum += dys[p * cout + co]! * ws[ci * cout + co]!;
          want[p * cin + ci] = sum;
        }
      }
      return { ...base, error: relativeError(await dx.data(), want), biasError: null };
    }
    const [dW, dB] = convSameFilterGradient(x, dy, 1, tiling);
    made.push(dW, dB);
    const wantW = new Float64Array(cin * cout);
    const wantB = new Float64Array(cout);
    for (let p = 0; p < pixels; p++) {
      for (let co = 0; co < cout; co++) {
        const d = dys[p * cout + co]!;
        wantB[co] = wantB[co]! + d;
        for (let ci = 0; ci < cin; ci++)
          wantW[ci * cout + co] = wantW[ci * cout + co]! + xs[p * cin + ci]! * d;
      }
    }
    return {
      ...base,
      error: relativeError(await dW.data(), wantW),
      biasError: relativeError(await dB.data(), wantB),
    };
  } finally {
    tf.dispose(made);
  }
}

export interface TiledParity extends ShapeParity {
  tiling: string;
}

export async function bounds(): Promise<{
  big: BigResult[];
  channels: TiledParity[];
  maxWorkgroupsPerDimension: number;
  tensorsBefore: number;
  tensorsAfter: number;
  problems: string[];
}> {
  const problems = await start();
  const backend = tf.backend() as unknown as { device: GPUDevice };
  const tensorsBefore = tf.memory().numTensors;
  let seed = 5000;
  const big: BigResult[] = [];
  for (const c of BIG_CASES) {
    for (const t of c.tilings) big.push(await bigCase(c.direction, c.shape, t, (seed += 10)));
  }
  const channels: TiledParity[] = [];
  for (const tiling of ['gpu', 'gpuNoReduce']) {
    for (const [i, s] of CHANNEL_SHAPES.entries()) {
      const p = await shapeParity(s, i % 2 === 0, (seed += 10), TILINGS[tiling]!);
      channels.push({ ...p, tiling });
    }
  }
  return {
    big,
    channels,
    maxWorkgroupsPerDimension: backend.device.limits.maxComputeWorkgroupsPerDimension,
    tensorsBefore,
    tensorsAfter: tf.memory().numTensors,
    problems,
  };
}

/** The filter gradient with the workgroup-memory reduction past the limit alone (quick check by hand). */
export async function reduceOnly(): Promise<BigResult> {
  await start();
  const c = BIG_CASES.find((b) => b.direction === 'filterGradient')!;
  const t0 = performance.now();
  const r = await bigCase(c.direction, c.shape, 'gpu', 77);
  return { ...r, ms: performance.now() - t0 } as BigResult;
}
