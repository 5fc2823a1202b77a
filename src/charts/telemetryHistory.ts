/**
 * Every telemetry row and evaluation of the page since it opened or since Reset, and every run start with
 * a short label of what changed, kept outside React: the app appends, charts, the Training tile and the
 * test API read. Each row and evaluation gets its page step (pageSteps.ts) as it arrives, so the charts'
 * x and the tile's step come from one place. Subscribers are told after each change (charts redraw on
 * their own animation frame).
 */
import type { EvalRecord, TelemetryRow } from '../config/telemetry';
import { evalPageStep, INITIAL_RUN, rowPageStep, runMarkerX, type RunPlacement } from './pageSteps';

type Listener = () => void;

/** What the app knows when the training worker says a run began. */
export interface RunStartInfo {
  /** A new model (weights from the seed) or the trained one continued. */
  newModel: boolean;
  /** The model's step count when the run began. */
  fromStep: number;
  /** What changed against the previous run, short: "workers 0→2". */
  label: string;
  /** The same in full, for the legend. */
  detail: string;
}

interface RunStartRecord extends RunStartInfo {
  /** x of its marker on the charts. */
  x: number;
  /** Rows and evaluations appended before it (replays the arrival order exactly). */
  rowIndex: number;
  evalIndex: number;
  /** No step had been trained on the page before it: no marker. */
  first: boolean;
}

export interface TelemetryHistory {
  readonly rows: readonly TelemetryRow[];
  readonly evals: readonly EvalRecord[];
  /** Page step of each row and each evaluation (pageSteps.ts). */
  readonly rowXs: readonly number[];
  readonly evalXs: readonly number[];
  /** For each eval, how many rows had been appended before it (replays the arrival order exactly). */
  readonly evalRowIndex: readonly number[];
  readonly runStarts: readonly RunStartRecord[];
  /** Page step of the newest row: steps trained on the page since the last clear (0 before any). */
  readonly pageStep: number;
  /** Increments at every clear(), so a reader that missed one still notices it. */
  readonly generation: number;
  startRun(info: RunStartInfo): void;
  append(rows: readonly TelemetryRow[]): void;
  appendEval(record: EvalRecord): void;
  clear(): void;
  subscribe(listener: Listener): () => void;
}

export function createTelemetryHistory(): TelemetryHistory {
  const rows: TelemetryRow[] = [];
  const evals: EvalRecord[] = [];
  const rowXs: number[] = [];
  const evalXs: number[] = [];
  const evalRowIndex: number[] = [];
  const runStarts: RunStartRecord[] = [];
  let run: RunPlacement = INITIAL_RUN;
  let generation = 0;
  const listeners = new Set<Listener>();
  const notify = () => listeners.forEach((l) => l());
  const lastRowX = () => rowXs[rowXs.length - 1] ?? 0;
  return {
    rows,
    evals,
    rowXs,
    evalXs,
    evalRowIndex,
    runStarts,
    get pageStep() {
      return lastRowX();
    },
    get generation() {
      return generation;
    },
    startRun(info) {
      run = { pageOffset: lastRowX(), fromStep: info.fromStep, first: rows.length === 0 };
      runStarts.push({
        ...info,
        x: runMarkerX(run),
        rowIndex: rows.length,
        evalIndex: evals.length,
        first: run.first,
      });
      notify();
    },
    append(newRows) {
      for (const row of newRows) {
        // A step that does not move the page forward belongs to a run nobody announced: it goes on after
        // the last step (no marker).
        if (rows.length > 0 && rowPageStep(run, row.step) <= lastRowX())
          run = { pageOffset: lastRowX(), fromStep: row.step - 1, first: false };
        rowXs.push(rowPageStep(run, row.step));
        rows.push(row);
      }
      notify();
    },
    appendEval(record) {
      evals.push(record);
      evalXs.push(evalPageStep(run, record.step));
      evalRowIndex.push(rows.length);
      notify();
    },
    clear() {
      rows.length = 0;
      evals.length = 0;
      rowXs.length = 0;
      evalXs.length = 0;
      evalRowIndex.length = 0;
      runStarts.length = 0;
      run = INITIAL_RUN;
      generation++;
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** The page's history (every run since the page opened or since Reset). */
export const telemetryHistory = createTelemetryHistory();
