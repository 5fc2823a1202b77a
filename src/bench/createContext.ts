/**
 * Starts the backend the way the app does (initBackend: webgpu, else webgl, else cpu) and wraps it in a
 * BenchContext. GPU errors that no error scope captured and device losses are collected for the report:
 * a run with any of them is not a valid measurement. No DOM.
 */
import type { BackendPreference } from '../config/trainConfig';
import { initBackend, type BackendInfo, type BackendName } from '../engine/backend';
import type { BenchContext } from './benchContext';
import type { BenchPlan } from './benchPlan';

export interface StartedBench {
  ctx: BenchContext;
  /** The backend first initialised (the run's main backend). */
  info: BackendInfo;
  /** Uncaptured GPU errors and device losses seen so far. */
  gpuProblems: string[];
}

export async function startBench(
  runner: 'browser' | 'node',
  plan: BenchPlan,
  log: (line: string) => void,
  preference: BackendPreference = 'auto',
): Promise<StartedBench> {
  const gpuProblems: string[] = [];
  const listeners = {
    onDeviceLost: (reason: string) => {
      gpuProblems.push(`device lost: ${reason}`);
      log(`WebGPU device lost: ${reason}`);
    },
    onGpuError: (message: string) => {
      gpuProblems.push(`uncaptured GPU error: ${message}`);
      log(`uncaptured GPU error: ${message}`);
    },
  };
  const info = await initBackend(preference, listeners);
  let backend: BackendName = info.backend;
  const ctx: BenchContext = {
    plan,
    get backend() {
      return backend;
    },
    log,
    runner,
    stepFigures: new Map(),
    async switchBackend(next) {
      const switched = await initBackend(next, listeners);
      backend = switched.backend;
      return switched;
    },
  };
  return { ctx, info, gpuProblems };
}
