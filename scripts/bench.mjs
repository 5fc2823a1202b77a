// `npm run bench`: every performance claim of BatchLab measured side by side in one run.
//   npm run bench                      build, then all cases in headless Chromium (full plan, < 10 min here)
//   npm run bench -- --quick           the reduced plan (< 2 min)
//   npm run bench -- --cases=a,b,g     some cases only (letters or ids, see src/bench/benchTypes.ts)
//   npm run bench -- --node            the engine cases in Node on Dawn's WebGPU (`webgpu` package), no browser
//   npm run bench -- --node --gpu      GPU-sized cases on Dawn (bench/node/gpuBench.ts); refuses, with one line
//                                      and a non-zero exit, a missing Vulkan loader, a software adapter or
//                                      a backend other than webgpu
//   npm run bench -- --gpu             the browser cases with Chromium asked for the GPU through Vulkan (the
//                                      drivers the same pre-flight finds); refuses, with one line and a
//                                      non-zero exit, no adapter or a software (fallback) adapter
//   --no-build                         reuse the build in --out-dir
//   --out-dir=DIR                      where `vite build` writes and the bench is served from (default dist)
// Prints one table per case and writes bench/results/<timestamp>.json (adapter, backend, browser, versions).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runFirstStepCase } from '../bench/driver/firstStep.mjs';
import { formatReport } from '../bench/driver/printReport.mjs';
import { serveStatic } from '../bench/driver/staticServer.mjs';
import { BASE_FLAGS as QUIET_FLAGS } from './browserFlags.mjs';
import { describeBrowser } from './browserInfo.mjs';
import { findChromium } from './findChromium.mjs';
import { dawnEnv } from '../bench/node/dawnEnv.mjs';
import { DRIVER_DIRS, findVulkanLoader, gpuPreflight } from '../bench/node/gpuPreflight.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const flag = (name) => args.includes(`--${name}`);
const option = (name, fallback) =>
  args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

const quick = flag('quick');
const node = flag('node');
const gpu = flag('gpu');
const outDir = resolve(root, option('out-dir', 'dist'));
const ALL = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l'];
/** --quick: the engine cases at small sizes and telemetry; no fresh-browser probes, no worker sweep, no devices. */
// Case h (several devices) takes ~40 s even at N = 2 here: left to the full run so --quick stays < 2 min.
const QUICK = ['a', 'b', 'e', 'g', 'i', 'k'];
const cases = option('cases', (quick ? QUICK : ALL).join(','));
/**
 * --gpu in the browser: Chromium's GPU process on Vulkan rather than its SwiftShader default; WebGPU then
 * gets the hardware adapter where the driver and loader are there, and the probe below refuses it otherwise.
 */
const GPU_FLAGS = [
  '--enable-features=Vulkan',
  '--use-vulkan=native',
  '--use-angle=vulkan',
  '--ignore-gpu-blocklist',
];
const BASE_FLAGS = [...QUIET_FLAGS, '--enable-unsafe-webgpu', ...(gpu ? GPU_FLAGS : [])];
const PAGE_TIMEOUT_MS = 15 * 60_000;
const PROBE_TIMEOUT_MS = 3 * 60_000;
const FIRST_STEP_REPS = 5;

const log = (line) => console.log(`[bench] ${line}`);
const version = (pkg) => {
  try {
    return JSON.parse(readFileSync(join(root, 'node_modules', pkg, 'package.json'), 'utf8')).version;
  } catch {
    return null;
  }
};
const loadAverage = () => os.loadavg().map((l) => Number(l.toFixed(2)));

function meta(extra) {
  return {
    startedAt: new Date().toISOString(),
    command: `npm run bench -- ${args.join(' ')}`.trim(),
    machine: {
      platform: `${os.platform()} ${os.release()}`,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      logicalCores: os.cpus().length,
      totalMemoryBytes: os.totalmem(),
    },
    versions: {
      node: process.version,
      '@tensorflow/tfjs': version('@tensorflow/tfjs'),
      '@tensorflow/tfjs-backend-webgpu': version('@tensorflow/tfjs-backend-webgpu'),
      '@playwright/test': version('@playwright/test'),
      vite: version('vite'),
      webgpu: version('webgpu'),
      '@sparticuz/chromium': version('@sparticuz/chromium'),
    },
    loadAverageStart: loadAverage(),
    ...extra,
  };
}

function writeResults(report, info) {
  const dir = join(root, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const stamp = info.startedAt.replace(/[:.]/g, '-');
  const file = join(dir, `${stamp}${node ? '-node' : ''}.json`);
  writeFileSync(file, `${JSON.stringify({ ...info, ...report }, null, 2)}\n`);
  return file;
}

/**
 * Case l (PyTorch) runs here, not in the page or the engine child: train.py in a Python process, beside case
 * k's BatchLab figure for the same config from this run's report (bench/node/pytorchChild.mjs).
 */
function addPyTorchCase(report) {
  if (!cases.split(',').some((c) => c === 'l' || c === 'pytorch')) return;
  const k = report.cases.find((c) => c.letter === 'k');
  const batchLab = k?.rows?.[0]?.samplesPerSec;
  const tmp = join(os.tmpdir(), `batchlab-bench-pytorch-${process.pid}.json`);
  const child = spawnSync(
    process.execPath,
    [
      join(root, 'bench/node/pytorchChild.mjs'),
      tmp,
      ...(quick ? ['--quick'] : []),
      ...(typeof batchLab === 'number'
        ? [`--batchlab=${batchLab}`, `--backend=${report.environment.backend}`]
        : []),
    ],
    { stdio: 'inherit', cwd: root },
  );
  const result =
    child.status === 0 && existsSync(tmp)
      ? JSON.parse(readFileSync(tmp, 'utf8'))
      : {
          letter: 'l',
          id: 'pytorch',
          title: 'pytorch',
          columns: [],
          rows: [],
          ratios: [],
          notes: [],
          durationMs: 0,
          error: `the PyTorch case failed (exit ${child.status})`,
        };
  report.cases.push(result);
  report.cases.sort((x, y) => x.letter.localeCompare(y.letter));
}

async function runNode() {
  const info = meta({ runner: 'node' });
  const tmp = join(os.tmpdir(), `batchlab-bench-${process.pid}.json`);
  const child = spawnSync(
    process.execPath,
    [join(root, 'bench/node/nodeChild.mjs'), tmp, ...(quick ? ['--quick'] : []), `--cases=${cases}`],
    { stdio: 'inherit', env: await dawnEnv(), cwd: root },
  );
  if (child.status !== 0 || !existsSync(tmp)) {
    console.error(`the Node bench failed (exit ${child.status})`);
    process.exit(1);
  }
  const report = JSON.parse(readFileSync(tmp, 'utf8'));
  addPyTorchCase(report);
  info.loadAverageEnd = loadAverage();
  console.log(formatReport(report, info));
  log(`results: ${writeResults(report, info)}`);
}

/** The browser's environment: its own libraries, plus (with --gpu) the Vulkan drivers the pre-flight found. */
const browserEnv = (found) => ({ ...process.env, ...found.env, ...(gpu ? gpuPreflight().env : {}) });

/** One line and exit 2: a --gpu run that would not measure a GPU. */
function refuseGpu(line) {
  console.error(`bench --gpu refused: ${line}`);
  process.exit(2);
}

async function openBench(chromium, found, url, timeoutMs, onLine) {
  const browser = await chromium.launch({
    executablePath: found.path,
    args: BASE_FLAGS,
    env: browserEnv(found),
  });
  try {
    // A fixed locale: with LANG=C.UTF-8 the pinned Chromium reports navigator.language 'en-US@posix', which
    // Intl rejects (uPlot builds an Intl.NumberFormat from it when it loads). Playwright Test does the same.
    const page = await browser.newPage({ locale: 'en-US' });
    const pageErrors = [];
    page.on('console', (message) => {
      const text = message.text();
      if (text.startsWith('[bench]')) onLine(text.slice(8));
      else if (message.type() === 'error') pageErrors.push(text);
    });
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(url);
    await page.waitForFunction(() => window.batchlabBench?.done === true, null, {
      timeout: timeoutMs,
      polling: 500,
    });
    const handle = await page.evaluate(() => window.batchlabBench);
    return { handle, pageErrors, browserVersion: browser.version() };
  } finally {
    await browser.close();
  }
}

async function runBrowser() {
  const letters = cases.split(',').filter(Boolean);
  // The browser and its adapter first: a --gpu run refused on a software adapter never waits for a build.
  const found = await findChromium();
  if (found.error) {
    console.error(found.error);
    process.exit(1);
  }
  const { chromium } = await import('@playwright/test');
  const probe = await describeBrowser({ ...found, env: browserEnv(found) }, BASE_FLAGS);
  log(`${probe.browser} (${found.source}); adapter ${JSON.stringify(probe.adapter)}`);
  if (gpu && !probe.adapter) refuseGpu(`${probe.browser} gave no WebGPU adapter with ${GPU_FLAGS.join(' ')}`);
  if (gpu && probe.adapter.isFallbackAdapter !== false) {
    const name = `${probe.adapter.vendor || '?'} ${probe.adapter.architecture || probe.adapter.description || '?'}`;
    refuseGpu(`${probe.browser}'s WebGPU adapter is ${name}, a fallback (software) adapter, not a GPU`);
  }
  if (!flag('no-build')) {
    log(`vite build → ${outDir}`);
    const build = spawnSync(
      'npx',
      ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
      {
        stdio: 'inherit',
        cwd: root,
      },
    );
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const server = await serveStatic(outDir);
  const info = meta({
    runner: 'browser',
    chromiumPath: found.path,
    chromiumSource: found.source,
    browser: probe.browser,
    adapterAtStart: probe.adapter,
  });
  const query = (extra) =>
    `${server.url}/bench.html?${new URLSearchParams({ ...(quick ? { quick: '1' } : {}), ...extra })}`;
  try {
    const pageCases = letters.filter((l) => !['f', 'firstStep', 'l', 'pytorch'].includes(l));
    let report = null;
    const pageErrors = [];
    if (pageCases.length) {
      const run = await openBench(
        chromium,
        found,
        query({ cases: pageCases.join(',') }),
        PAGE_TIMEOUT_MS,
        log,
      );
      info.browser = run.browserVersion;
      pageErrors.push(...run.pageErrors);
      if (run.handle.error || !run.handle.report) throw new Error(`bench page failed: ${run.handle.error}`);
      report = run.handle.report;
    }
    if (letters.includes('f') || letters.includes('firstStep')) {
      let environment = null;
      const f = await runFirstStepCase({
        reps: FIRST_STEP_REPS,
        log,
        openProbe: async (variant, kernels) => {
          const run = await openBench(
            chromium,
            found,
            query({
              cases: 'f',
              parallel: variant === 'on' ? '1' : '0',
              conv: { fixed: 'fixed', given: 'given' }[variant] ?? 'measured',
              ...(kernels ? { kernels } : {}),
            }),
            PROBE_TIMEOUT_MS,
            () => {},
          );
          info.browser ??= run.browserVersion;
          pageErrors.push(...run.pageErrors);
          if (run.handle.error || !run.handle.report) throw new Error(run.handle.error ?? 'no report');
          environment = run.handle.report.environment;
          const result = run.handle.report.cases[0];
          if (!result) throw new Error('the probe returned no case');
          return result;
        },
      });
      report ??= { quick, environment, cases: [], gpuProblems: [] };
      report.cases.push(f);
      report.cases.sort((x, y) => x.letter.localeCompare(y.letter));
    }
    if (report) addPyTorchCase(report);
    info.loadAverageEnd = loadAverage();
    info.pageErrors = [...new Set(pageErrors)];
    console.log(formatReport(report, info));
    if (info.pageErrors.length) console.log(`page errors: ${info.pageErrors.join(' | ')}`);
    log(`results: ${writeResults(report, info)}`);
  } finally {
    await server.close();
  }
}

/** --node --gpu: the pre-flight, then gpuChild.mjs; a refusal is one line on stderr and exit 2. */
async function runGpu() {
  const refuse = refuseGpu;
  const pre = gpuPreflight();
  // No GPU driver: run on whatever adapter Dawn gets (the software one here, with the loader that ships
  // beside it), so that the refusal names that adapter.
  const env = pre.drivers.length ? pre.env : await dawnEnv();
  const loader = pre.loader ?? findVulkanLoader(env);
  if (!loader) refuse(pre.missing);
  const info = meta({ runner: 'node-gpu', vulkanLoader: loader, vulkanDrivers: pre.drivers });
  const dir = option('json-dir', join(root, 'bench', 'results'));
  mkdirSync(dir, { recursive: true });
  const tmp = join(os.tmpdir(), `batchlab-gpu-bench-${process.pid}.json`);
  const child = spawnSync(process.execPath, [join(root, 'bench/node/gpuChild.mjs'), tmp], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env,
    cwd: root,
  });
  if (child.status !== 0 || !existsSync(tmp)) refuse(`the GPU bench child failed (exit ${child.status})`);
  const report = JSON.parse(readFileSync(tmp, 'utf8'));
  if (report.refused) {
    const noDriver = pre.drivers.length ? '' : `; no GPU Vulkan driver manifest in ${DRIVER_DIRS.join(', ')}`;
    refuse(`${report.refused}${noDriver}`);
  }
  info.loadAverageEnd = loadAverage();
  const file = join(dir, `${info.startedAt.replace(/[:.]/g, '-')}-gpu.json`);
  writeFileSync(file, `${JSON.stringify({ ...info, ...report }, null, 2)}\n`);
  log(`results: ${file}`);
}

const started = Date.now();
await (node && gpu ? runGpu() : node ? runNode() : runBrowser());
log(`total ${((Date.now() - started) / 1000).toFixed(0)} s`);
