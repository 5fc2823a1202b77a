/**
 * The sweep's own small store: the last sweep run — its spec, the base config, one SweepPoint per value
 * (config/sweepPoint.ts) with its status, the point training now, phase and message. Updated a few times a
 * second while a point trains, never per step. Runs go through a SweepController that src/app attaches at
 * boot (app/sweeps/sweepRunner.ts); the spec to run is the app store's `sweep`, as the link carries it.
 * Imports config only.
 */
import { create } from 'zustand';
import type { BackendInfo } from '../config/backendInfo';
import type { SweepSpec } from '../config/sweep';
import type { SweepPoint } from '../config/sweepPoint';
import type { TrainConfig } from '../config/trainConfig';

export type SweepPhase = 'idle' | 'running' | 'done' | 'stopped' | 'failed';

export interface SweepController {
  run(): void;
  stop(): void;
}

export interface SweepRun {
  phase: SweepPhase;
  /** Plain text: why it could not start, failed or stopped. */
  message: string | null;
  /** The spec and base config this run trained (the app store's may have changed since). */
  spec: SweepSpec | null;
  base: TrainConfig | null;
  backend: BackendInfo | null;
  points: SweepPoint[];
  /** The point training now; null when none is. */
  activeIndex: number | null;
  /** Step the active point has reached (0 while it compiles). */
  activeStep: number;
  startedAt: string | null;
  finishedAt: string | null;
}

export interface SweepState extends SweepRun {
  controller: SweepController | null;
  attachController(controller: SweepController): void;
  /** Runs the app store's sweep on its config; says why in `message` when it cannot start. */
  run(): void;
  stop(): void;
  patch(patch: Partial<SweepRun>): void;
  patchPoint(index: number, patch: Partial<SweepPoint>): void;
}

export const emptySweepRun = (): SweepRun => ({
  phase: 'idle',
  message: null,
  spec: null,
  base: null,
  backend: null,
  points: [],
  activeIndex: null,
  activeStep: 0,
  startedAt: null,
  finishedAt: null,
});

export const useSweepStore = create<SweepState>()((set, get) => ({
  ...emptySweepRun(),
  controller: null,
  attachController: (controller) => set({ controller }),
  run: () => get().controller?.run(),
  stop: () => get().controller?.stop(),
  patch: (patch) => set(patch),
  patchPoint: (index, patch) =>
    set((s) => {
      const point = s.points[index];
      if (!point) return {};
      const points = [...s.points];
      points[index] = { ...point, ...patch };
      return { points };
    }),
}));

export const selectSweepPoints = (s: SweepState) => s.points;
