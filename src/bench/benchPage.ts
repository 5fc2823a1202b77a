/**
 * Entry of bench.html, driven by `npm run bench` (scripts/bench.mjs) in headless Chromium against the
 * production build, under the app's CSP. Query: `cases=a,b,…` (letters or ids; default all but f),
 * `quick=1` (the reduced plan), and for case f `cases=f&parallel=0|1&conv=measured|fixed|given&kernels=<json>` (one
 * probe; the driver starts a fresh browser per probe). Results go to window.batchlabBench (BenchHandle); progress lines to the
 * console and the page.
 */
import { benchPlan } from './benchPlan';
import { parseCaseList, type BenchHandle, type BenchReport, type CaseLetter } from './benchTypes';
import { firstStepConv, runFirstStepProbe } from './cases/firstStep';
import { runLoaderWorkers } from './cases/loaderWorkers';
import { runMultiDevice } from './cases/multiDevice';
import { runSweepOverhead } from './cases/sweepOverhead';
import { runTelemetry } from './cases/telemetry';
import { startBench } from './createContext';
import {
  backendsCase,
  dataPathCase,
  fusedUpdateCase,
  gflopsCase,
  peakMemoryCase,
  trainVsFitCase,
} from './engineCases';
import { describeEnvironment } from './environment';
import { runCases } from './runCases';

const handle: BenchHandle = { ready: true, done: false, log: [], report: null, error: null };
(window as unknown as { batchlabBench: BenchHandle }).batchlabBench = handle;

const logElement = document.getElementById('log');
function log(line: string): void {
  handle.log.push(line);
  console.log(`[bench] ${line}`);
  if (logElement) logElement.textContent += `${line}\n`;
}

async function main(): Promise<BenchReport> {
  const params = new URLSearchParams(location.search);
  const quick = params.get('quick') === '1';
  const plan = benchPlan(quick);
  const letters: CaseLetter[] = parseCaseList(params.get('cases'));
  const probe = letters.length === 1 && letters[0] === 'f';
  const t0 = performance.now();
  const { ctx, info, gpuProblems } = await startBench('browser', plan, log, probe ? 'webgpu' : 'auto');
  const initMs = performance.now() - t0;
  const environment = await describeEnvironment('browser', info, navigator.userAgent);
  if (probe) {
    const result = await runFirstStepProbe(
      ctx,
      { parallel: params.get('parallel') === '1', conv: firstStepConv(params) },
      initMs,
    );
    return { quick, environment, cases: [result], gpuProblems };
  }
  log(`backend ${info.backend} (${info.adapterDescription}); plan ${quick ? 'quick' : 'full'}`);
  const cases = await runCases(
    ctx,
    letters.filter((l) => l !== 'f' && l !== 'l'),
    {
      a: dataPathCase,
      b: trainVsFitCase,
      c: backendsCase,
      d: runLoaderWorkers,
      e: runTelemetry,
      g: gflopsCase,
      h: runMultiDevice,
      i: peakMemoryCase,
      j: runSweepOverhead,
      k: fusedUpdateCase,
    },
  );
  return { quick, environment, cases, gpuProblems };
}

main()
  .then((report) => {
    handle.report = report;
  })
  .catch((error: unknown) => {
    handle.error = error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error);
    log(`bench failed: ${handle.error}`);
  })
  .finally(() => {
    handle.done = true;
    log('done');
  });
