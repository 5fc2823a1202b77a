/**
 * What every case gets: the plan, the backend in use, a logger, a way to switch backends (case c), and
 * a memo of step figures already measured in this run, so a later case reuses a figure instead of
 * re-measuring it (case g divides FLOPs by case b's median step). No DOM.
 */
import type { BackendPreference, TrainConfig } from '../config/trainConfig';
import type { BackendInfo, BackendName } from '../engine/backend';
import type { BenchPlan } from './benchPlan';
import type { StepFigure } from './stepTiming';

export interface BenchContext {
  plan: BenchPlan;
  /** The backend now active. */
  readonly backend: BackendName;
  log(line: string): void;
  /** Initialises `preference` (falling back like the app does) and makes it the active backend. */
  switchBackend(preference: BackendPreference): Promise<BackendInfo>;
  /** BatchLab trainer figures by stepFigureKey. */
  stepFigures: Map<string, StepFigure>;
  /** 'browser' cases may use Workers and the DOM; 'node' cases may not. */
  runner: 'browser' | 'node';
}

export const stepFigureKey = (backend: BackendName, config: TrainConfig): string =>
  `${backend}:${JSON.stringify(config)}`;
