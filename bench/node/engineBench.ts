/**
 * The engine cases (a data path, b trainer vs model.fit, c backends, g GFLOP/s, i memory) in plain Node on Dawn's
 * WebGPU (the `webgpu` package), for machines with a GPU and no browser. nodeChild.mjs puts Dawn's
 * navigator.gpu on globalThis before loading this module; the cases themselves are the bench page's.
 * Cases d, e and f need Workers, a DOM or fresh browsers and only run in the page.
 */
import { benchPlan } from '../../src/bench/benchPlan';
import type { BenchReport, CaseLetter } from '../../src/bench/benchTypes';
import {
  backendsCase,
  dataPathCase,
  fusedUpdateCase,
  gflopsCase,
  peakMemoryCase,
  trainVsFitCase,
} from '../../src/bench/engineCases';
import { startBench } from '../../src/bench/createContext';
import { describeEnvironment } from '../../src/bench/environment';
import { runCases } from '../../src/bench/runCases';

export { parseCaseList } from '../../src/bench/benchTypes';

export const NODE_CASES: readonly CaseLetter[] = ['a', 'b', 'c', 'g', 'i', 'k'];

export interface NodeBenchOptions {
  quick: boolean;
  cases: readonly CaseLetter[];
  log(line: string): void;
}

export async function runEngineBench(options: NodeBenchOptions): Promise<BenchReport> {
  const plan = benchPlan(options.quick);
  const { ctx, info, gpuProblems } = await startBench('node', plan, options.log, 'webgpu');
  const cases = await runCases(ctx, options.cases, {
    a: dataPathCase,
    b: trainVsFitCase,
    c: backendsCase,
    g: gflopsCase,
    i: peakMemoryCase,
    k: fusedUpdateCase,
  });
  const userAgent = globalThis.navigator?.userAgent ?? `Node.js ${process.version}`;
  return {
    quick: options.quick,
    environment: await describeEnvironment('node', info, userAgent),
    cases,
    gpuProblems,
  };
}
