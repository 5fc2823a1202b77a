/**
 * Runs an export of a TypeScript module in a child Node process on Dawn's WebGPU (dawnChild.mjs) and
 * returns what it resolved to. A child process, not the test's own: Dawn needs its environment (a Vulkan
 * driver, SwiftShader here) before it loads, and keeps a process alive until it exits.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dawnEnv } from '../../bench/node/dawnEnv.mjs';

const CHILD = fileURLToPath(new URL('./dawnChild.mjs', import.meta.url));

export async function runOnDawn<T>(moduleUrl: URL, exportName: string): Promise<T> {
  const env = await dawnEnv();
  const { code, out } = await new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, [CHILD, fileURLToPath(moduleUrl), exportName], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    child.stdout.on('data', (d: Buffer) => (text += d.toString()));
    child.stderr.on('data', (d: Buffer) => (text += d.toString()));
    child.on('close', (exit) => resolve({ code: exit, out: text }));
  });
  const line = out.split('\n').find((l) => l.startsWith('RESULT '));
  if (code !== 0 || !line) throw new Error(`the Dawn child failed (exit ${code}):\n${out.slice(-3000)}`);
  return JSON.parse(line.slice('RESULT '.length)) as T;
}
