/**
 * Case l: the exported PyTorch project (Take it to PyTorch: src/export/pytorch) trained by its own train.py
 * on this machine, for the bench's training config, beside BatchLab's samples/s for the same config from
 * case k of the same run. Runs in plain Node (pytorchChild.mjs; no GPU needed: the export builds its
 * weights on the cpu backend, as the app's export worker does). Without a Python that imports torch it says
 * it was skipped and why. PyTorch picks its device as train.py does (CUDA where present, else the CPU).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findTorchPython } from '../../scripts/findTorchPython.mjs';
import { benchPlan } from '../../src/bench/benchPlan';
import type { CaseResult } from '../../src/bench/benchTypes';
import { exportedBatchCount, type PyTorchExportRequest } from '../../src/config/pytorchExport';
import { buildHostBatch } from '../../src/data/buildBatch';
import { readInitialWeights } from '../../src/engine/initialWeights';
import * as tf from '../../src/engine/tf';
import { buildPyTorchProject, rawBatchConfig } from '../../src/export/pytorch/buildProject';

const STEPS = { quick: 20, full: 60 };

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const round = (x: number, digits = 3) => Number(x.toPrecision(digits));

export async function runPyTorchCase(options: {
  quick: boolean;
  /** BatchLab's samples/s for the same config (case k's fused arm), or null when case k did not run. */
  batchLabSamplesPerSec: number | null;
  batchLabBackend: string | null;
  log(line: string): void;
}): Promise<CaseResult> {
  const t0 = performance.now();
  const config = benchPlan(options.quick).train;
  const title = `PyTorch (exported train.py) beside BatchLab (${config.imageSizePx} px, batch ${config.batchSize}, ${config.optimizer})`;
  const result = (over: Partial<CaseResult>): CaseResult => ({
    letter: 'l',
    id: 'pytorch',
    title,
    columns: [
      { key: 'implementation', label: 'implementation' },
      { key: 'medianMs', label: 'median ms/step' },
      { key: 'samplesPerSec', label: 'samples/s' },
    ],
    rows: [],
    ratios: [],
    notes: [],
    durationMs: performance.now() - t0,
    ...over,
  });
  const found = findTorchPython();
  if (!found.python) return result({ title: `${title}: skipped`, notes: [`skipped: ${found.error}`] });

  await tf.setBackend('cpu');
  const root = mkdtempSync(join(tmpdir(), 'batchlab-bench-pytorch-'));
  try {
    const request: PyTorchExportRequest = { strategy: 'single', processes: 1 };
    const variables = await readInitialWeights(config);
    const batches = Array.from({ length: exportedBatchCount(config, request) }, (_, i) =>
      buildHostBatch(rawBatchConfig(config), i),
    );
    const built = buildPyTorchProject({ config, request, variables, batches, folder: 'project' });
    writeFileSync(join(root, 'project.zip'), built.zip);
    const unzip = spawnSync(found.python, ['-m', 'zipfile', '-e', 'project.zip', '.'], { cwd: root });
    if (unzip.status !== 0) throw new Error(`unzip failed: ${unzip.stderr.toString()}`);
    const steps = options.quick ? STEPS.quick : STEPS.full;
    options.log(`l: ${found.python} train.py --steps ${steps} (PyTorch ${found.torchVersion})`);
    const run = spawnSync(found.python, ['train.py', '--steps', String(steps)], {
      cwd: join(root, 'project'),
      encoding: 'utf8',
      timeout: 10 * 60_000,
    });
    if (run.status !== 0)
      throw new Error(`train.py exited ${run.status}: ${(run.stderr ?? '').slice(-2000)}`);
    const device = /strategy \S+ on (\w+)/.exec(run.stdout)?.[1] ?? 'unknown';
    // Per-step lines: "step     N  loss …  step   X ms …"; step 1 pays for warm-up, as train.py says.
    const stepMs = [...run.stdout.matchAll(/^step\s+(\d+)\s+loss\s+\S+\s+step\s+([\d.]+) ms/gm)]
      .filter((m) => Number(m[1]) > 1)
      .map((m) => Number(m[2]));
    if (stepMs.length < 5)
      throw new Error(`train.py printed ${stepMs.length} timed steps:\n${run.stdout.slice(-2000)}`);
    const torchMs = median(stepMs);
    const torchSamplesPerSec = (config.batchSize * 1000) / torchMs;
    const rows = [
      {
        implementation: `PyTorch ${found.torchVersion} on ${device} (train.py)`,
        medianMs: round(torchMs),
        samplesPerSec: round(torchSamplesPerSec),
      },
    ];
    const ratios: CaseResult['ratios'] = [];
    const batchLab = options.batchLabSamplesPerSec;
    if (batchLab !== null) {
      rows.push({
        implementation: `BatchLab trainer.step on ${options.batchLabBackend ?? '?'} (case k, fused kernels)`,
        medianMs: round((config.batchSize * 1000) / batchLab),
        samplesPerSec: round(batchLab),
      });
      ratios.push({
        label: `PyTorch ${device} samples/s ÷ BatchLab samples/s`,
        value: round(torchSamplesPerSec / batchLab),
      });
    }
    return result({
      rows,
      ratios,
      notes: [
        `median of steps 2..${steps} of one train.py run (its per-step wall time: data wait + copy + forward + backward + update, ending with loss.item()), after BatchLab's case k in the same bench run`,
        `PyTorch with its default threads on this machine's CPU cores; BatchLab on a software adapter runs its kernels on SwiftShader, so the ratio there is BatchLab + SwiftShader against native CPU code`,
        ...(batchLab === null ? ['no ratio: case k (BatchLab at the same config) did not run'] : []),
      ],
      durationMs: performance.now() - t0,
    });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
