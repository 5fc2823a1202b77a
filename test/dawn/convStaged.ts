/**
 * Runs on Dawn's WebGPU in a child process (dawnChild.mjs) for test/convStaged.test.ts: the staged tiling
 * (GPU_SHARED_TILING: convStagedProgram.ts, convStagedFilterProgram.ts) with convBounds.ts's cases.
 * - Against tfjs's own kernels (convParity.ts's shapeParity, ReLU on for every other shape, so that the mask
 *   folded into the gradients' loads is compared too): channel counts 1, 3, 5 and 64 at 1×1 and 3×3, and
 *   shapes that span several tiles in every axis, with partial tiles and a partial channel round.
 * - Past 65,535 workgroups in one dimension, every direction, against float64 sums (convBounds.ts's
 *   bigCase): tall one-pixel-wide images, batch × rows chosen so that each dispatch just passes the limit.
 * Split from convBounds.ts's run so that each child process stays within its test's time on SwiftShader.
 * Returns plain numbers; the test makes the assertions.
 */
import * as tf from '../../src/engine/tf';
import type { ConvShape } from '../../src/gpu/convGeometry';
import {
  bigCase,
  CHANNEL_SHAPES,
  TILINGS,
  type BigResult,
  type Direction,
  type TiledParity,
} from './convBounds';
import { shapeParity, start } from './convParity';

const TILING = 'gpuShared';

/** convBounds.ts's channel shapes at 3×3 and 1×1, then shapes over several tiles of the staged programs. */
export const STAGED_SHAPES: ConvShape[] = [
  ...CHANNEL_SHAPES,
  ...CHANNEL_SHAPES.map((s) => ({ ...s, kernelSize: 1 })),
  // 3 × 3 tiles of 8 rows × 16 pixels, both partial; Cin 20: 2½ rounds of 8; Cout 24: 1½ tiles of 16.
  { batch: 2, heightPx: 19, widthPx: 37, inChannels: 20, outChannels: 24, kernelSize: 3 },
  { batch: 1, heightPx: 17, widthPx: 33, inChannels: 24, outChannels: 20, kernelSize: 3 },
];

/** Per direction, a 1×1 shape whose staged dispatch asks for just over 65,535 workgroups. */
export const STAGED_BIG_CASES: { direction: Direction; shape: ConvShape }[] = [
  // 4 images × 4,100 tiles of 8 rows × 4 tiles of 16 channels = 65,600 workgroups.
  {
    direction: 'forward',
    shape: { batch: 4, heightPx: 32800, widthPx: 1, inChannels: 1, outChannels: 64, kernelSize: 1 },
  },
  {
    direction: 'inputGradient',
    shape: { batch: 4, heightPx: 32800, widthPx: 1, inChannels: 64, outChannels: 1, kernelSize: 1 },
  },
  // 16,400 rows in chunks of 4 × 16 blocks (Cin 64, Cout 16) = 65,600 workgroups. Few rows on purpose:
  // pass 2 adds one partial row per chunk in float32, and 65,600 of them (Cin 4) drift to 1.0e-5 of a sum.
  {
    direction: 'filterGradient',
    shape: { batch: 4, heightPx: 4100, widthPx: 1, inChannels: 64, outChannels: 16, kernelSize: 1 },
  },
];

export async function staged(): Promise<{
  tilingStaged: boolean;
  shapes: TiledParity[];
  big: BigResult[];
  maxWorkgroupsPerDimension: number;
  tensorsBefore: number;
  tensorsAfter: number;
  problems: string[];
}> {
  const problems = await start();
  const backend = tf.backend() as unknown as { device: GPUDevice };
  const tensorsBefore = tf.memory().numTensors;
  let seed = 9000;
  const shapes: TiledParity[] = [];
  for (const [i, s] of STAGED_SHAPES.entries()) {
    const p = await shapeParity(s, i % 2 === 0, (seed += 10), TILINGS[TILING]!);
    shapes.push({ ...p, tiling: TILING });
  }
  const big: BigResult[] = [];
  for (const c of STAGED_BIG_CASES) big.push(await bigCase(c.direction, c.shape, TILING, (seed += 10)));
  return {
    tilingStaged: TILINGS[TILING]!.staged === true,
    shapes,
    big,
    maxWorkgroupsPerDimension: backend.device.limits.maxComputeWorkgroupsPerDimension,
    tensorsBefore,
    tensorsAfter: tf.memory().numTensors,
    problems,
  };
}

/** The channel and tile shapes alone (a quick check by hand while editing the programs). */
export async function stagedShapes(): Promise<{ shapes: TiledParity[]; problems: string[] }> {
  const problems = await start();
  const out: TiledParity[] = [];
  for (const [i, s] of STAGED_SHAPES.entries()) {
    out.push({ ...(await shapeParity(s, i % 2 === 0, 9010 + 10 * i, TILINGS[TILING]!)), tiling: TILING });
  }
  return { shapes: out, problems };
}

/** The cases past 65,535 workgroups alone, each with its wall time (a quick check by hand). */
export async function stagedBig(): Promise<(BigResult & { ms: number })[]> {
  await start();
  const out: (BigResult & { ms: number })[] = [];
  for (const c of STAGED_BIG_CASES) {
    const t0 = performance.now();
    const r = await bigCase(c.direction, c.shape, TILING, 77);
    out.push({ ...r, ms: performance.now() - t0 });
  }
  return out;
}
