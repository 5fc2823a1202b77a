// The engine in plain Node on Dawn's WebGPU, loaded exactly as `npm run bench -- --node` loads it
// (bench/node/nodeRuntime.mjs), in a child process: one tiny training step must run on webgpu. This keeps
// the Node path (the only route to figures from a GPU machine, which has no browser) from rotting.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { dawnEnv } from '../bench/node/dawnEnv.mjs';

const CHILD = fileURLToPath(new URL('../bench/node/smokeChild.mjs', import.meta.url));

function runChild(env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CHILD], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', (code) => resolve({ code, out }));
  });
}

it('trains one step of the real engine on WebGPU in plain Node', async () => {
  const { code, out } = await runChild(await dawnEnv());
  const line = out.split('\n').find((l) => l.startsWith('SMOKE '));
  expect(line, out.slice(-2000)).toBeDefined();
  expect(code).toBe(0);
  const result = JSON.parse(line!.slice('SMOKE '.length)) as {
    backend: string;
    losses: number[];
    tensorsBefore: number;
    tensorsAfter: number;
    peak: {
      stepPeakBytes: number | null;
      stepInUseBytes: number | null;
      stepPoolBytes: number | null;
      unit: string;
      trackedPeakBytes: number | null;
      replayedPeakBytes: number;
      inputBytes: number;
    };
    problems: string[];
  };
  expect(result.backend).toBe('webgpu');
  expect(result.losses).toHaveLength(2);
  expect(result.losses.every(Number.isFinite)).toBe(true);
  // The same batch twice: one optimizer step must have lowered the loss.
  expect(result.losses[1]!).toBeLessThan(result.losses[0]!);
  expect(result.tensorsAfter).toBe(result.tensorsBefore);
  // The allocator tap works on this tfjs: a step's peak is a real figure between the snapshot and the
  // pool, and replaying every buffer the recorder saw gives the same peak as the running high-water mark.
  const p = result.peak;
  expect(p.unit).toBe('gpu-buffers');
  expect(p.stepInUseBytes!).toBeGreaterThan(0);
  expect(p.stepPeakBytes!).toBeGreaterThan(p.stepInUseBytes!);
  expect(p.stepPeakBytes!).toBeLessThanOrEqual(p.stepPoolBytes!);
  expect(p.replayedPeakBytes).toBe(p.trackedPeakBytes);
  // 2 × 16×16×3 packed uint8 image bytes, 2 × 16×16 packed label bytes, the float32 input, int32 labels
  // and the float32 one-hot of 4 classes.
  expect(p.inputBytes).toBe(1536 + 512 + 2 * 256 * 3 * 4 + 2 * 256 * 4 + 2 * 256 * 4 * 4);
  expect(result.problems).toEqual([]);
}, 120_000);
