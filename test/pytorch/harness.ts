/**
 * What the PyTorch export tests share: the Python with torch (or one clear failure), an exported project
 * written to a temporary folder (unzipped by Python's own zipfile), BatchLab's losses on the cpu backend
 * for the same config, and running the script as one process or as torchrun's ranks.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findTorchPython } from '../../scripts/findTorchPython.mjs';
import { exportedBatchCount, type PyTorchExportRequest } from '../../src/config/pytorchExport';
import type { TrainConfig } from '../../src/config/trainConfig';
import { buildHostBatch } from '../../src/data/buildBatch';
import { readInitialWeights } from '../../src/engine/initialWeights';
import { createTrainer } from '../../src/engine/trainer';
import * as tf from '../../src/engine/tf';
import {
  buildPyTorchProject,
  rawBatchConfig,
  type PyTorchProject,
} from '../../src/export/pytorch/buildProject';

/** The Python that imports torch; throws one line saying what to install when there is none. */
export function requireTorchPython(): string {
  const found = findTorchPython();
  if ('error' in found && found.error) throw new Error(found.error);
  return found.python as string;
}

export async function useCpuBackend(): Promise<void> {
  await tf.setBackend('cpu');
  await tf.ready();
}

export interface ProcessResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `python args…` to the end (killed after timeoutMs). */
export function runPython(
  python: string,
  args: string[],
  options: { cwd: string; env?: Record<string, string>; timeoutMs?: number },
): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(python, args, {
      cwd: options.cwd,
      env: { ...process.env, OMP_NUM_THREADS: '1', ...options.env },
      timeout: options.timeoutMs ?? 90_000,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Fails with the process's output when it did not exit 0. */
export function expectSuccess(result: ProcessResult, what: string): ProcessResult {
  if (result.code !== 0) {
    throw new Error(`${what} exited ${result.code}:\n${result.stdout}\n${result.stderr}`.slice(-4000));
  }
  return result;
}

export interface ExportedProject {
  /** Folder holding train.py, data.npz, weights.npz, README.md. */
  dir: string;
  built: PyTorchProject;
  cleanup(): void;
}

/** Exports `config` as the app does (weights from the engine, raw batches), unzips it with Python. */
export async function exportProject(
  python: string,
  config: TrainConfig,
  request: PyTorchExportRequest,
): Promise<ExportedProject> {
  const root = mkdtempSync(join(tmpdir(), 'batchlab-pytorch-'));
  const variables = await readInitialWeights(config);
  const count = exportedBatchCount(config, request);
  const batches = Array.from({ length: count }, (_, i) => buildHostBatch(rawBatchConfig(config), i));
  const built = buildPyTorchProject({ config, request, variables, batches, folder: 'project' });
  writeFileSync(join(root, 'project.zip'), built.zip);
  expectSuccess(await runPython(python, ['-m', 'zipfile', '-e', 'project.zip', '.'], { cwd: root }), 'unzip');
  return { dir: join(root, 'project'), built, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

/** BatchLab's losses for the first `steps` batches on the cpu backend (its trainer, its data). */
export async function batchLabLosses(config: TrainConfig, steps: number): Promise<number[]> {
  const trainer = createTrainer(config, 'cpu');
  try {
    const losses: number[] = [];
    for (let i = 0; i < steps; i++) losses.push((await trainer.step(buildHostBatch(config, i))).loss);
    return losses;
  } finally {
    trainer.dispose();
  }
}

/** What train.py --log-dir writes per rank. */
export interface RankLog {
  rank: number;
  world: number;
  losses: number[];
  rank_losses: number[];
  weights_sha256: string[];
  bytes: Record<
    | 'host_image_bytes'
    | 'host_mask_bytes'
    | 'device_image_bytes'
    | 'device_mask_bytes'
    | 'model_input_bytes'
    | 'int64_mask_bytes',
    number
  >;
}

export function readRankLog(dir: string, rank: number): RankLog {
  return JSON.parse(readFileSync(join(dir, 'logs', `rank${rank}.json`), 'utf8')) as RankLog;
}

/** A TCP port nobody listens on right now (for torchrun's MASTER_PORT). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Runs train.py as `world` ranks with the environment torchrun gives each (this machine's torchrun is broken). */
export async function runRanks(
  python: string,
  dir: string,
  world: number,
  args: string[],
): Promise<ProcessResult[]> {
  const port = await freePort();
  const ranks = Array.from({ length: world }, (_, rank) =>
    runPython(python, ['train.py', ...args], {
      cwd: dir,
      env: {
        MASTER_ADDR: '127.0.0.1',
        MASTER_PORT: String(port),
        RANK: String(rank),
        LOCAL_RANK: String(rank),
        WORLD_SIZE: String(world),
        LOCAL_WORLD_SIZE: String(world),
      },
    }),
  );
  return Promise.all(ranks);
}

export const maxAbsDiff = (a: readonly number[], b: readonly number[]) =>
  Math.max(...a.map((v, i) => Math.abs(v - (b[i] ?? Number.NaN))));
