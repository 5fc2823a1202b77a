/**
 * "Compare A and B": B is the current config (A) with a few settings overridden (the app store's
 * `compareOverrides`, which travel in the link as `b.*`). The panel edits those overrides, runs the
 * comparison through src/app/compareRunner.ts (two new training workers, A then B), and shows the summary
 * table with B/A ratios, per-step charts on shared axes, and JSON / PNG exports. Exact figures are also
 * carried as data attributes (`data-a`, `data-b`, `data-ratio`, `data-ratio-<metric>`) for tests.
 * Bar widths are set through element.style (React's style prop), which a strict CSP allows.
 */
import { useEffect, useId, useMemo } from 'react';
import { skipPreflightRequested } from '../config/preflight';
import type { TrainConfig } from '../config/trainConfig';
import { URL_KEYS, applyOverrides } from '../config/urlCodec';
import { CONFIG_KEYS, FIELD_TABLE } from '../config/fieldTable';
import { comparisonBlocker, comparisonConfigs } from '../state/compareRules';
import { COMPARE_STEPS, useCompareStore, type CompareSide } from '../state/compareStore';
import { useAppStore } from '../state/store';
import { formControl } from './ConfigPanel';
import { FieldInput } from './fields/FieldInput';
import {
  buildCompareExport,
  compareFileName,
  describeSide,
  formatCompareRatio,
  formatCompareValue,
} from './compareExport';
import { barPercents, buildCompareSummary, type CompareSummary } from './compareSummary';
import { downloadBlob } from '../charts/download';
import { summaryPng } from './summaryImage';

/** The settings B may override here: the data path first (the article's lesson), then a few others. */
const OVERRIDE_FIELDS: readonly (keyof TrainConfig)[] = [
  'imageDtype',
  'normalizeOn',
  'uploadPath',
  'maskDtype',
  'imageSizePx',
  'batchSize',
  'workers',
  'backend',
];

const skipPreflight = typeof window === 'undefined' ? false : skipPreflightRequested(window.location.search);

/** Sets (or, with undefined, removes) B's override of `field`; the value comes from a control bound to its allowed values. */
function setOverride(field: keyof TrainConfig, value: unknown): void {
  const { config, compareOverrides, setCompareOverrides } = useAppStore.getState();
  const next: Record<string, unknown> = { ...(compareOverrides ?? {}) };
  // An override equal to A's value is no override.
  if (value === undefined || JSON.stringify(value) === JSON.stringify(config[field])) delete next[field];
  else next[field] = value;
  setCompareOverrides(next as Partial<TrainConfig>);
}

function OverrideField({ field, disabled }: { field: keyof TrainConfig; disabled: boolean }) {
  const id = useId();
  const aValue = useAppStore((s) => s.config[field]);
  const override = useAppStore((s) => s.compareOverrides?.[field]);
  const control = formControl(field);
  if (!control || control.kind === 'checkbox') return null;
  return (
    <div className="field">
      <label htmlFor={id}>{FIELD_TABLE[field].label}</label>
      <FieldInput
        id={id}
        control={control}
        value={override}
        unset={control.kind === 'select' ? `same as A (${String(aValue)})` : `A: ${String(aValue)}`}
        disabled={disabled}
        onChange={(v) => setOverride(field, v)}
        testId={`compare-b-${URL_KEYS[field]}`}
      />
    </div>
  );
}

/** Every field where B differs from A, marking those that follow from B's overrides rather than set by them. */
function Differences({
  a,
  b,
  overrides,
}: {
  a: TrainConfig;
  b: TrainConfig;
  overrides: Partial<TrainConfig>;
}) {
  const diffs = CONFIG_KEYS.filter((f) => JSON.stringify(a[f]) !== JSON.stringify(b[f]));
  if (diffs.length === 0) {
    return (
      <p className="help" data-testid="compare-differences">
        B equals A: choose at least one setting for B.
      </p>
    );
  }
  return (
    <ul className="compare-differences" data-testid="compare-differences">
      {diffs.map((f) => (
        <li key={f} data-key={URL_KEYS[f]}>
          <code>{FIELD_TABLE[f].label}</code>: {String(a[f])} → {String(b[f])}
          {overrides[f] === undefined ? ' (follows from B’s other settings)' : ''}
        </li>
      ))}
    </ul>
  );
}

/** Two small line charts, A and B, on one shared y scale (0 … the larger maximum). */
function StepCharts({
  title,
  a,
  b,
  format,
}: {
  title: string;
  a: readonly number[];
  b: readonly number[];
  format: (v: number) => string;
}) {
  const max = Math.max(0, ...a, ...b);
  const steps = Math.max(a.length, b.length);
  const W = 160;
  const H = 70;
  const points = (values: readonly number[]) =>
    values
      .map((v, i) => {
        const x = steps > 1 ? (i / (steps - 1)) * W : W / 2;
        const y = max > 0 ? H - (v / max) * H : H;
        return `${x.toFixed(1)},${y.toFixed(1)}`;
      })
      .join(' ');
  const panel = (label: string, values: readonly number[], cls: string) => (
    <figure className="compare-chart">
      <svg viewBox={`-4 -4 ${W + 8} ${H + 8}`} role="img" aria-label={`${title}, ${label}`}>
        <line x1={0} y1={H} x2={W} y2={H} className="axis" />
        <line x1={0} y1={0} x2={0} y2={H} className="axis" />
        <polyline points={points(values)} className={cls} />
        {values.map((v, i) => {
          const x = steps > 1 ? (i / (steps - 1)) * W : W / 2;
          const y = max > 0 ? H - (v / max) * H : H;
          return <circle key={i} cx={x} cy={y} r={2.5} className={cls} />;
        })}
      </svg>
      <figcaption>
        {label}: 0 – {format(max)}
      </figcaption>
    </figure>
  );
  return (
    <div className="compare-charts">
      <h4>{title} per step (shared scale)</h4>
      <div className="compare-chart-pair">
        {panel('A', a, 'series-a')}
        {panel('B', b, 'series-b')}
      </div>
    </div>
  );
}

function SummaryTable({ summary }: { summary: CompareSummary }) {
  const ratioAttributes = Object.fromEntries(
    summary.metrics.map((m) => [`data-ratio-${m.id}`, m.ratio === null ? '' : String(m.ratio)]),
  );
  return (
    <table className="compare-table" data-testid="compare-table" {...ratioAttributes}>
      <caption>
        B/A ratios. Times are medians over steps {summary.timedStepsA < summary.stepsA ? '2 onward' : '1'}{' '}
        (the first step compiles GPU pipelines).
      </caption>
      <thead>
        <tr>
          <th scope="col">Metric</th>
          <th scope="col">A</th>
          <th scope="col">B</th>
          <th scope="col">B/A</th>
          <th scope="col">A and B</th>
        </tr>
      </thead>
      <tbody>
        {summary.metrics.map((m) => {
          const bars = barPercents(m.a, m.b);
          return (
            <tr
              key={m.id}
              data-testid={`compare-row-${m.id}`}
              data-a={m.a === null ? '' : String(m.a)}
              data-b={m.b === null ? '' : String(m.b)}
              data-ratio={m.ratio === null ? '' : String(m.ratio)}
            >
              <th scope="row">{m.label}</th>
              <td>{formatCompareValue(m.unit, m.a)}</td>
              <td>{formatCompareValue(m.unit, m.b)}</td>
              <td>{formatCompareRatio(m)}</td>
              <td className="compare-bars" aria-hidden="true">
                <div className="compare-bar bar-a" style={{ width: `${bars.a.toFixed(1)}%` }} />
                <div className="compare-bar bar-b" style={{ width: `${bars.b.toFixed(1)}%` }} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function Results({ a, b }: { a: CompareSide; b: CompareSide }) {
  const summary = useMemo(() => buildCompareSummary(a.rows, b.rows), [a.rows, b.rows]);
  const backendA = a.backend?.backend ?? null;
  const backendB = b.backend?.backend ?? null;
  const exportJson = () => {
    const s = useCompareStore.getState();
    const data = buildCompareExport({
      finishedAt: s.finishedAt,
      stepsPerSide: a.config.maxSteps,
      overridesB: s.overridesB,
      link: s.link ?? '',
      a: { config: a.config, backend: a.backend, rows: a.rows },
      b: { config: b.config, backend: b.backend, rows: b.rows },
      summary,
    });
    const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
    downloadBlob(blob, compareFileName(s.finishedAt, 'json'));
  };
  const exportPng = async () => {
    const s = useCompareStore.getState();
    try {
      const blob = await summaryPng(summary, {
        title: `BatchLab comparison, ${summary.stepsA} + ${summary.stepsB} steps`,
        subtitles: [`A: ${describeSide(a.config, backendA)}`, `B: ${describeSide(b.config, backendB)}`],
      });
      downloadBlob(blob, compareFileName(s.finishedAt, 'png'));
    } catch (error) {
      useCompareStore.setState({ message: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <div className="compare-results" data-testid="compare-results">
      <p className="compare-sides">
        <span className="key-a">A</span>: {describeSide(a.config, backendA)}
        <br />
        <span className="key-b">B</span>: {describeSide(b.config, backendB)}
      </p>
      <SummaryTable summary={summary} />
      <div className="compare-chart-grid">
        <StepCharts
          title="Loss"
          a={a.rows.map((r) => r.loss)}
          b={b.rows.map((r) => r.loss)}
          format={(v) => v.toFixed(3)}
        />
        <StepCharts
          title="Step time (ms)"
          a={a.rows.map((r) => r.stepMs)}
          b={b.rows.map((r) => r.stepMs)}
          format={(v) => `${Math.round(v)} ms`}
        />
      </div>
      <div className="buttons">
        <button type="button" onClick={exportJson} data-testid="compare-export-json">
          Export JSON
        </button>
        <button type="button" onClick={() => void exportPng()} data-testid="compare-export-png">
          Export PNG
        </button>
      </div>
    </div>
  );
}

function Progress() {
  const phase = useCompareStore((s) => s.phase);
  const side = useCompareStore((s) => s.activeSide);
  const steps = useCompareStore((s) => s.stepsPerSide);
  const a = useCompareStore((s) => s.a);
  const b = useCompareStore((s) => s.b);
  const message = useCompareStore((s) => s.message);
  const current = side === 'a' ? a : side === 'b' ? b : null;
  let text: string;
  if (phase === 'running' && side && current) {
    const done = current.stepsDone;
    text =
      done === 0
        ? `Training ${side.toUpperCase()} in its own worker: starting (the first step compiles GPU pipelines)…`
        : `Training ${side.toUpperCase()} in its own worker: step ${done} of ${current.config.maxSteps}…`;
  } else if (phase === 'done') {
    text = `Done: ${steps} step${steps === 1 ? '' : 's'} per side.`;
  } else if (phase === 'idle') {
    text = 'Not run yet.';
  } else {
    text = phase === 'stopped' ? 'Stopped.' : 'The comparison failed.';
  }
  return (
    <p
      className={`status compare-status-${phase}`}
      role="status"
      data-testid="compare-status"
      data-phase={phase}
    >
      {text}
      {message ? ` ${message}` : ''}
    </p>
  );
}

export function ComparePanel() {
  const stepsId = useId();
  const config = useAppStore((s) => s.config);
  const overrides = useAppStore((s) => s.compareOverrides);
  const setCompareOverrides = useAppStore((s) => s.setCompareOverrides);
  const mainStatus = useAppStore((s) => s.status);
  const backendInfo = useAppStore((s) => s.backendInfo);
  const phase = useCompareStore((s) => s.phase);
  const stepsPerSide = useCompareStore((s) => s.stepsPerSide);
  const setStepsPerSide = useCompareStore((s) => s.setStepsPerSide);
  const liveWorkers = useCompareStore((s) => s.liveWorkers);
  const sideA = useCompareStore((s) => s.a);
  const sideB = useCompareStore((s) => s.b);
  const running = phase === 'running';

  // Leaving the page section (or the page) must not leave a worker and its GPU device behind.
  useEffect(() => () => useCompareStore.getState().stop(), []);

  const configs = useMemo(
    () => comparisonConfigs(config, overrides, stepsPerSide),
    [config, overrides, stepsPerSide],
  );
  const blocker = comparisonBlocker({
    configs,
    comparePhase: phase,
    mainStatus,
    backendInfo,
    skipPreflight,
  });
  const bEqualsA = overrides !== null && JSON.stringify(configs.a) === JSON.stringify(configs.b);
  const effectiveB = overrides === null ? null : applyOverrides(config, overrides);

  return (
    <section
      className="panel compare-panel"
      aria-labelledby="compare-title"
      data-testid="compare-panel"
      data-live-workers={liveWorkers}
    >
      <h2 id="compare-title">Compare A and B</h2>
      <p className="help">
        A is the experiment on the left; B is A with the settings chosen below. Each trains in its own new
        worker with its own GPU device, from the same seed and data, so memory figures never mix. A runs to
        the end first, then B — never both at once, because on a software GPU two runs share the same few CPU
        cores and each would slow the other unpredictably, which would make the step times meaningless.
      </p>
      {overrides === null ? (
        <button type="button" onClick={() => setCompareOverrides({})} data-testid="compare-setup">
          Set up B
        </button>
      ) : (
        <>
          <fieldset disabled={running}>
            <legend>B differs from A in</legend>
            {OVERRIDE_FIELDS.map((f) => (
              <OverrideField key={f} field={f} disabled={running} />
            ))}
          </fieldset>
          {effectiveB && <Differences a={config} b={effectiveB} overrides={overrides} />}
          <div className="field">
            <label htmlFor={stepsId}>Steps per side</label>
            <input
              id={stepsId}
              type="number"
              min={COMPARE_STEPS.min}
              max={COMPARE_STEPS.max}
              value={stepsPerSide}
              disabled={running}
              onChange={(e) => setStepsPerSide(e.target.valueAsNumber)}
              data-testid="compare-steps"
            />
          </div>
          <div className="buttons">
            <button
              type="button"
              className="primary"
              onClick={() => useCompareStore.getState().start()}
              disabled={blocker !== null || bEqualsA}
              data-testid="compare-run"
            >
              Run comparison
            </button>
            <button
              type="button"
              onClick={() => useCompareStore.getState().stop()}
              disabled={!running}
              data-testid="compare-stop"
            >
              Stop
            </button>
            <button
              type="button"
              onClick={() => setCompareOverrides(null)}
              disabled={running}
              data-testid="compare-remove"
            >
              Remove B
            </button>
          </div>
          {blocker !== null && !running && (
            <p className="help" data-testid="compare-blocked">
              {blocker}
            </p>
          )}
        </>
      )}
      {(overrides !== null || phase !== 'idle') && <Progress />}
      {phase === 'done' && sideA && sideB && <Results a={sideA} b={sideB} />}
    </section>
  );
}
