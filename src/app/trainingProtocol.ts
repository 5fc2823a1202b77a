/**
 * Messages between the UI thread and the training worker. Discriminated unions, checked by the compiler
 * on both ends; ArrayBuffers in previews are transferred, not copied.
 */
import type { BackendPreference, TrainConfig } from '../config/trainConfig';
import type { EvalRecord, PreviewRecord, TelemetryRow } from '../config/telemetry';
import type { BackendInfo, RunStatus } from '../config/backendInfo';
import type { DataPathCheckResult } from '../config/dataPathCheck';
import type { StepProfile } from '../config/stepProfile';
import type { TrialReport } from '../config/batchFinder';
import type { FileDataset } from '../data/files/fileDataset';

export type ToWorker =
  | { type: 'init'; backend: BackendPreference }
  /** `files`: the dataset when config.dataSource is not synthetic (File objects, cloned by reference). */
  | { type: 'start'; config: TrainConfig; files?: FileDataset | null }
  /**
   * Profile a step: while training, the next two steps (memory of the first, kernel times of the second);
   * otherwise train with `config` until a warm step has run, profile, then stop.
   */
  | { type: 'profile'; config: TrainConfig; files?: FileDataset | null }
  | { type: 'stop' }
  | { type: 'reset' }
  /** Run every data path on batch 0 and compare with the CPU reference (only while not training). */
  | { type: 'check-data-paths'; config: TrainConfig; requestId: number }
  /**
   * The batch finder's trial (only while not training): one real step of a new model of `config`, under
   * GPU error scopes, then everything it made is freed. Answered by a 'trial' message.
   */
  | { type: 'trial'; config: TrainConfig; requestId: number };

/**
 * Test build only (`import.meta.env.VITE_TEST_HOOKS`): destroy the GPU device, throw inside the training
 * worker, crash a loader worker, or run the next new models on the own conv kernels instead of the measured
 * choice. A plain build neither sends nor handles it.
 */
export interface TestHookMessage {
  type: 'test-hook';
  action: TestHookAction;
}

export type TestHookAction = 'lose-device' | 'crash' | 'crash-loader' | 'force-own-conv-kernels';

export type FromWorker =
  | { type: 'ready'; info: BackendInfo }
  /** `message`: English words (an error's own, or "Finished N steps."); `finishedSteps`: a run that ended at its step limit. */
  | { type: 'status'; status: RunStatus; message?: string; finishedSteps?: number }
  /** A Start began a run: on a new model (from the seed), or continuing the trained one from `fromStep`. */
  | { type: 'run-start'; newModel: boolean; fromStep: number }
  | { type: 'telemetry'; rows: TelemetryRow[] }
  | { type: 'eval'; record: EvalRecord }
  | { type: 'preview'; record: PreviewRecord }
  | { type: 'memory'; numTensors: number; gpuBytesInUse: number | null }
  | { type: 'data-path-check'; requestId: number; result: DataPathCheckResult }
  | { type: 'profile'; profile: StepProfile }
  | { type: 'trial'; requestId: number; report: TrialReport }
  /** No profile came: the run ended first, or building it failed. */
  | { type: 'profile-failed'; message: string };
