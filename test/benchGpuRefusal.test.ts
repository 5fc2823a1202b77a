// `npm run bench -- --gpu` (browser) and `-- --node --gpu` (Dawn) on a machine whose only WebGPU adapter is
// a software one: each refuses before measuring anything, with exit 2 and one line that names the adapter,
// instead of completing with CPU figures. Skipped where a GPU Vulkan driver is installed: there the same
// commands run the GPU cases (scripts/gpu-check.sh).
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { findDriverFiles } from '../bench/node/gpuPreflight.mjs';

const hasGpuDriver = findDriverFiles().length > 0;

function bench(args: string[]) {
  const run = spawnSync(process.execPath, ['scripts/bench.mjs', ...args], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: run.status, errLines: run.stderr.trim().split('\n').filter(Boolean) };
}

describe.skipIf(hasGpuDriver)('bench --gpu on a software adapter', () => {
  it('the browser bench refuses SwiftShader in one line, before building', () => {
    const run = bench(['--gpu']);
    expect(run.status).toBe(2);
    expect(run.errLines).toHaveLength(1);
    expect(run.errLines[0]).toMatch(/^bench --gpu refused: .*swiftshader, a fallback \(software\) adapter/);
  }, 120_000);

  it('the Node bench refuses it too, naming the missing driver', () => {
    const run = bench(['--node', '--gpu']);
    expect(run.status).toBe(2);
    expect(run.errLines).toHaveLength(1);
    expect(run.errLines[0]).toMatch(
      /^bench --gpu refused: .*fallback \(software\) adapter.*no GPU Vulkan driver/,
    );
  }, 120_000);
});
