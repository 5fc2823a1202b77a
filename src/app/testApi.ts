/**
 * A small, typed, read-only window API for end-to-end tests (and curious users), present in production
 * builds too: tests read what training did instead of scraping pixels. Every getter returns a copy.
 */
import type { BackendInfo, RunStatus } from '../config/backendInfo';
import type { EvalRecord, TelemetryRow } from '../config/telemetry';
import type { TrainConfig } from '../config/trainConfig';
import { telemetryHistory } from '../charts/telemetryHistory';
import { useAppStore } from '../state/store';

export interface BatchLabTestApi {
  readonly version: 1;
  config(): TrainConfig;
  backend(): BackendInfo | null;
  status(): { status: RunStatus; message: string | null };
  latest(): TelemetryRow | null;
  history(): TelemetryRow[];
  evals(): EvalRecord[];
  /** Live tensors in the training worker, as last reported. */
  numTensors(): number | null;
  /** Non-empty class maps drawn in the prediction previews. */
  previewSteps(): number | null;
}

declare global {
  interface Window {
    batchlab?: BatchLabTestApi;
  }
}

const copy = <T>(value: T): T => structuredClone(value);

export function installTestApi(): void {
  const s = () => useAppStore.getState();
  const api: BatchLabTestApi = {
    version: 1,
    config: () => copy(s().config),
    backend: () => copy(s().backendInfo),
    status: () => ({ status: s().status, message: s().statusMessage }),
    latest: () => copy(s().latest),
    history: () => copy([...telemetryHistory.rows]),
    evals: () => copy([...telemetryHistory.evals]),
    numTensors: () => s().numTensors,
    previewSteps: () => s().preview?.step ?? null,
  };
  Object.defineProperty(window, 'batchlab', {
    value: Object.freeze(api),
    writable: false,
    configurable: false,
  });
}
