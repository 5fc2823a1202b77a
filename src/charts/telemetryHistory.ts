/**
 * Every telemetry row of the current run, kept outside React: the app appends, charts and the test API
 * read. Subscribers are told after each append (charts redraw on their own animation frame).
 */
import type { EvalRecord, TelemetryRow } from '../config/telemetry';

type Listener = () => void;

export interface TelemetryHistory {
  readonly rows: readonly TelemetryRow[];
  readonly evals: readonly EvalRecord[];
  append(rows: readonly TelemetryRow[]): void;
  appendEval(record: EvalRecord): void;
  clear(): void;
  subscribe(listener: Listener): () => void;
}

export function createTelemetryHistory(): TelemetryHistory {
  const rows: TelemetryRow[] = [];
  const evals: EvalRecord[] = [];
  const listeners = new Set<Listener>();
  const notify = () => listeners.forEach((l) => l());
  return {
    rows,
    evals,
    append(newRows) {
      rows.push(...newRows);
      notify();
    },
    appendEval(record) {
      evals.push(record);
      notify();
    },
    clear() {
      rows.length = 0;
      evals.length = 0;
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The page's history (one run at a time). */
export const telemetryHistory = createTelemetryHistory();
