/**
 * Every telemetry row of the current run, kept outside React: the app appends, charts and the test API
 * read. Subscribers are told after each append (charts redraw on their own animation frame).
 */
import type { EvalRecord, TelemetryRow } from '../config/telemetry';

type Listener = () => void;

export interface TelemetryHistory {
  readonly rows: readonly TelemetryRow[];
  readonly evals: readonly EvalRecord[];
  /** For each eval, how many rows had been appended before it (replays the arrival order exactly). */
  readonly evalRowIndex: readonly number[];
  /** Increments at every clear(), so a reader that missed one still notices it. */
  readonly generation: number;
  append(rows: readonly TelemetryRow[]): void;
  appendEval(record: EvalRecord): void;
  clear(): void;
  subscribe(listener: Listener): () => void;
}

export function createTelemetryHistory(): TelemetryHistory {
  const rows: TelemetryRow[] = [];
  const evals: EvalRecord[] = [];
  const evalRowIndex: number[] = [];
  let generation = 0;
  const listeners = new Set<Listener>();
  const notify = () => listeners.forEach((l) => l());
  return {
    rows,
    evals,
    evalRowIndex,
    get generation() {
      return generation;
    },
    append(newRows) {
      for (const row of newRows) rows.push(row);
      notify();
    },
    appendEval(record) {
      evals.push(record);
      evalRowIndex.push(rows.length);
      notify();
    },
    clear() {
      rows.length = 0;
      evals.length = 0;
      evalRowIndex.length = 0;
      generation++;
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
