/**
 * The sweep's own small store: the last sweep's results — its spec, the base config, one SweepPoint per
 * value (config/sweepPoint.ts) with its status, the point training now. Updated a few times a second while
 * a point trains, never per step. Written only by the sweep job (app/jobs/sweepJob.ts); its phase, message
 * and times are the app store's `jobs.sweep`. The spec to run is the app store's `sweep`, as the link
 * carries it. Imports config only.
 */
import { create } from 'zustand';
import type { BackendInfo } from '../config/backendInfo';
import type { SweepSpec } from '../config/sweep';
import type { SweepPoint } from '../config/sweepPoint';
import type { TrainConfig } from '../config/trainConfig';

export interface SweepRun {
  /** The spec and base config this run trained (the app store's may have changed since). */
  spec: SweepSpec | null;
  base: TrainConfig | null;
  backend: BackendInfo | null;
  points: SweepPoint[];
  /** The spec had no value to run on this config and device (nothing trained). */
  noValues: boolean;
  /** The point training now; null when none is. */
  activeIndex: number | null;
  /** Step the active point has reached (0 while it compiles). */
  activeStep: number;
}

export interface SweepState extends SweepRun {
  patchPoint(index: number, patch: Partial<SweepPoint>): void;
}

export const emptySweepRun = (): SweepRun => ({
  spec: null,
  base: null,
  backend: null,
  points: [],
  noValues: false,
  activeIndex: null,
  activeStep: 0,
});

export const useSweepStore = create<SweepState>()((set) => ({
  ...emptySweepRun(),
  patchPoint: (index, patch) =>
    set((s) => ({ points: s.points.map((point, i) => (i === index ? { ...point, ...patch } : point)) })),
}));
