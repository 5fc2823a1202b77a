/**
 * The article's third lesson, run for real: N replicas, each a worker with its own GPU device, trained with
 * nn.DataParallel (outputs gathered on device 0), DataParallel with the loss inside forward, or
 * DistributedDataParallel (all-reduce). Per device: GPU memory at the step's peak and the reuse pool, time
 * busy vs waiting, bytes sent and received; bars that show device 0's extra load under DataParallel and
 * ddp's balance; device 0's expected extra memory from the config beside the measured difference.
 * Reads the parallel store and the main store's config; starts runs through the parallel store's actions.
 */
import { useId, useLayoutEffect, useRef } from 'react';
import { selectConfig, useAppStore } from '../state/store';
import {
  ALL_REDUCE_ALGORITHMS,
  PARALLEL_LIMITS,
  PARALLEL_STRATEGIES,
  STRATEGY_LABELS,
  expectedDevice0Extra,
  parallelConfigProblem,
  selectParallelByStrategy,
  selectParallelLatest,
  selectParallelRun,
  selectParallelSettings,
  selectParallelStatus,
  useParallelStore,
  type AllReduceName,
  type Device0Extra,
  type DeviceFigures,
  type ParallelStepFigures,
  type ParallelStrategyName,
} from '../state/parallelStore';
import { formatBytes, formatExactBytes, formatMs } from './format';

const REPLICA_OPTIONS = Array.from(
  { length: PARALLEL_LIMITS.replicas.max - PARALLEL_LIMITS.replicas.min + 1 },
  (_, i) => PARALLEL_LIMITS.replicas.min + i,
);

const sum = (values: Record<string, number>) => Object.values(values).reduce((a, b) => a + b, 0);
/** Memory figure of a device: GPU bytes where the backend has them, else bytes of live tensors. */
const memoryOf = (d: DeviceFigures) => d.gpuBytesInUsePeak ?? d.tensorBytesPeak;

/** A horizontal bar whose width is set from JS (the CSP forbids inline style attributes). */
function Bar({ fraction, className, label }: { fraction: number; className: string; label: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    if (ref.current) ref.current.style.width = `${Math.max(0, Math.min(1, fraction)) * 100}%`;
  }, [fraction]);
  return <span ref={ref} className={`parallel-bar ${className}`} title={label} />;
}

function Controls() {
  const id = useId();
  const settings = useParallelStore(selectParallelSettings);
  const status = useParallelStore(selectParallelStatus);
  const setSettings = useParallelStore((s) => s.setSettings);
  const start = useParallelStore((s) => s.start);
  const stop = useParallelStore((s) => s.stop);
  const config = useAppStore(selectConfig);
  const mainRunning = useAppStore((s) => s.status === 'running');
  const busy = status === 'starting' || status === 'running';
  const problem = parallelConfigProblem(config, settings.replicas);
  const blocked =
    problem ?? (mainRunning ? 'stop the main training first: both would share the same cores' : null);
  return (
    <div className="parallel-controls">
      <div className="field">
        <label htmlFor={`${id}-n`}>Devices (replicas)</label>
        <select
          id={`${id}-n`}
          value={settings.replicas}
          disabled={busy}
          onChange={(e) => setSettings({ replicas: Number(e.target.value) })}
          data-testid="parallel-replicas"
        >
          {REPLICA_OPTIONS.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-s`}>Strategy</label>
        <select
          id={`${id}-s`}
          value={settings.strategy}
          disabled={busy}
          onChange={(e) => setSettings({ strategy: e.target.value as ParallelStrategyName })}
          data-testid="parallel-strategy"
        >
          {PARALLEL_STRATEGIES.map((s) => (
            <option key={s} value={s}>
              {STRATEGY_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-a`}>All-reduce (ddp)</label>
        <select
          id={`${id}-a`}
          value={settings.allReduce}
          disabled={busy || settings.strategy !== 'ddp'}
          onChange={(e) => setSettings({ allReduce: e.target.value as AllReduceName })}
          data-testid="parallel-allreduce"
        >
          {ALL_REDUCE_ALGORITHMS.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-k`}>Steps</label>
        <input
          id={`${id}-k`}
          type="number"
          min={PARALLEL_LIMITS.steps.min}
          max={PARALLEL_LIMITS.steps.max}
          value={settings.steps}
          disabled={busy}
          onChange={(e) => {
            const k = e.target.valueAsNumber;
            if (Number.isFinite(k)) setSettings({ steps: k });
          }}
          data-testid="parallel-steps"
        />
      </div>
      <div className="buttons">
        <button
          type="button"
          className="primary"
          onClick={start}
          disabled={busy || blocked !== null}
          aria-describedby={blocked ? `${id}-blocked` : undefined}
          data-testid="parallel-start"
        >
          Run on {settings.replicas} device{settings.replicas > 1 ? 's' : ''}
        </button>
        <button type="button" onClick={stop} disabled={status !== 'running'} data-testid="parallel-stop">
          Stop
        </button>
      </div>
      {blocked && (
        <p id={`${id}-blocked`} className="help" data-testid="parallel-blocked">
          {blocked}
        </p>
      )}
    </div>
  );
}

function StatusLine() {
  const status = useParallelStore(selectParallelStatus);
  const message = useParallelStore((s) => s.message);
  const run = useParallelStore(selectParallelRun);
  const latest = useParallelStore(selectParallelLatest);
  const text = {
    idle: 'Not run yet.',
    starting: 'Starting the replica workers and their GPU devices…',
    running: `Training: step ${latest?.step ?? 0}`,
    finished: 'Finished.',
    stopped: 'Stopped.',
    failed: 'The run failed.',
  }[status];
  return (
    <p
      className={`parallel-status status-${status}`}
      role="status"
      data-testid="parallel-status"
      data-status={status}
    >
      {text}
      {message ? ` ${message}` : ''}
      {run ? ` — ${run.backendDescription}, ${run.parameterCount.toLocaleString('en-US')} parameters` : ''}
      {latest && Number.isFinite(latest.loss) ? `, loss ${latest.loss.toFixed(4)}` : ''}
    </p>
  );
}

function DeviceBars({ step }: { step: ParallelStepFigures }) {
  const maxMemory = Math.max(1, ...step.devices.map(memoryOf));
  const maxMs = Math.max(1, ...step.devices.map((d) => d.stepMs));
  return (
    <div className="parallel-bars" aria-label="Memory and load per device">
      {step.devices.map((d) => (
        <div className="parallel-bar-row" key={d.rank}>
          <span className="parallel-bar-label">device {d.rank}</span>
          <span className="parallel-track" aria-hidden="true">
            <Bar
              fraction={memoryOf(d) / maxMemory}
              className="memory"
              label={formatExactBytes(memoryOf(d))}
            />
          </span>
          <span className="parallel-bar-value">{formatBytes(memoryOf(d))}</span>
          <span className="parallel-track" aria-hidden="true">
            <Bar fraction={d.busyMs / maxMs} className="busy" label={`busy ${formatMs(d.busyMs)}`} />
            <Bar fraction={d.waitMs / maxMs} className="wait" label={`waiting ${formatMs(d.waitMs)}`} />
          </span>
          <span className="parallel-bar-value">
            {formatMs(d.busyMs)} busy / {formatMs(d.waitMs)} waiting
          </span>
        </div>
      ))}
      <p className="help">
        Left: GPU memory in use at the step&apos;s peak. Right: <span className="parallel-key busy" /> busy
        (computing, reading back, uploading) and <span className="parallel-key wait" /> waiting for another
        device, in the last step.
      </p>
    </div>
  );
}

function DeviceTable({ step }: { step: ParallelStepFigures }) {
  return (
    <table className="parallel-table">
      <caption>Per device, step {step.step}</caption>
      <thead>
        <tr>
          <th scope="col">Device</th>
          <th scope="col">GPU in use (peak)</th>
          <th scope="col">GPU pool</th>
          <th scope="col">Busy</th>
          <th scope="col">Waiting</th>
          <th scope="col">Sent</th>
          <th scope="col">Received</th>
          <th scope="col">Outputs sent</th>
        </tr>
      </thead>
      <tbody>
        {step.devices.map((d) => {
          const sent = sum(d.sentBytes);
          const received = sum(d.receivedBytes);
          return (
            <tr
              key={d.rank}
              data-testid={`parallel-device-${d.rank}`}
              data-gpu-bytes-peak={d.gpuBytesInUsePeak ?? ''}
              data-sent-bytes={sent}
              data-received-bytes={received}
              data-output-bytes-sent={d.sentBytes.outputs}
            >
              <th scope="row">{d.rank}</th>
              <td
                title={
                  d.gpuBytesInUsePeak === null
                    ? 'no GPU on this backend'
                    : formatExactBytes(d.gpuBytesInUsePeak)
                }
              >
                {d.gpuBytesInUsePeak === null ? '—' : formatBytes(d.gpuBytesInUsePeak)}
              </td>
              <td>{d.gpuBytesAllocated === null ? '—' : formatBytes(d.gpuBytesAllocated)}</td>
              <td>{formatMs(d.busyMs)}</td>
              <td>{formatMs(d.waitMs)}</td>
              <td title={`formula: ${formatExactBytes(d.expectedSentBytes)}`}>{formatBytes(sent)}</td>
              <td title={`formula: ${formatExactBytes(d.expectedReceivedBytes)}`}>{formatBytes(received)}</td>
              <td>{formatExactBytes(d.sentBytes.outputs)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

const EXTRA_PARTS: { key: Exclude<keyof Device0Extra, 'totalBytes'>; label: string }[] = [
  { key: 'gatheredOutputBytes', label: 'gathered outputs' },
  { key: 'outputGradientBytes', label: 'their gradients' },
  { key: 'batchLabelBytes', label: "the whole batch's labels" },
  { key: 'lossBytes', label: 'the batch loss' },
  { key: 'weightGradientBytes', label: 'weight gradients received + their sum' },
  { key: 'optimizerStateBytes', label: 'optimizer state' },
];

function Device0Comparison({ step }: { step: ParallelStepFigures }) {
  const run = useParallelStore(selectParallelRun);
  if (!run || step.devices.length < 2) return null;
  const extra = expectedDevice0Extra(run.config, run.settings);
  const [first, ...others] = step.devices;
  const othersMean = others.reduce((s, d) => s + memoryOf(d), 0) / others.length;
  const measured = Math.round(memoryOf(first!) - othersMean);
  const { batchSize: b, imageSizePx: px, numClasses: k } = run.config;
  const gather = run.settings.strategy === 'dp-gather';
  const parts = EXTRA_PARTS.filter((p) => extra[p.key] > 0);
  return (
    <div
      className="parallel-device0"
      data-testid="parallel-device0"
      data-measured-extra-bytes={measured}
      data-expected-extra-bytes={extra.totalBytes}
    >
      <dl>
        <div className="figure">
          <dt>
            Gathered outputs on device 0, expected ({b}×{px}×{px}×{k}×4)
          </dt>
          <dd data-testid="parallel-expected-gather">
            {gather
              ? formatExactBytes(extra.gatheredOutputBytes)
              : `0 B (${run.settings.strategy === 'ddp' ? 'no master' : 'only scalars travel'})`}
          </dd>
        </div>
        <div className="figure">
          <dt>Device 0&apos;s extra memory, expected</dt>
          <dd data-testid="parallel-expected-extra">{formatExactBytes(extra.totalBytes)}</dd>
        </div>
        <div className="figure">
          <dt>Device 0 minus the others, measured</dt>
          <dd data-testid="parallel-measured-extra">{formatExactBytes(measured)}</dd>
        </div>
      </dl>
      {parts.length > 0 && (
        <p className="help">
          Expected ={' '}
          {parts.map((p, i) => (
            <span key={p.key}>
              {i > 0 ? ' + ' : ''}
              {p.label} {formatExactBytes(extra[p.key])}
            </span>
          ))}
          .
        </p>
      )}
      <p className="help">
        Under DataParallel every replica&apos;s output — for a segmentation model the B×H×W×K logits, as big
        as the batch times the classes — lands on device 0, which keeps them, with their gradients and the
        whole batch&apos;s labels, until the backward pass is done; device 0 also receives every
        replica&apos;s weight gradients and alone holds the optimizer state. None of that exists on the other
        devices, and it grows with the whole batch, not the shard: that is why the article&apos;s first GPU
        forces a smaller batch. With the loss computed inside forward only one number per replica travels and
        the outputs stay where they were made; under DistributedDataParallel there is no device 0 at all, and
        every device holds the same bytes. Measured is the difference of tfjs&apos;s in-use GPU bytes (live
        tensors) at each device&apos;s step peak; transients inside one forward or backward pass show only in
        the pool.
      </p>
    </div>
  );
}

function StrategyComparison() {
  const byStrategy = useParallelStore(selectParallelByStrategy);
  const rows = PARALLEL_STRATEGIES.flatMap((s) => {
    const r = byStrategy[s];
    return r ? [{ strategy: s, ...r }] : [];
  });
  if (rows.length === 0) return null;
  return (
    <table className="parallel-table">
      <caption>Last run of each strategy (last step)</caption>
      <thead>
        <tr>
          <th scope="col">Strategy</th>
          <th scope="col">Devices</th>
          <th scope="col">Device 0 memory</th>
          <th scope="col">Others (mean)</th>
          <th scope="col">Device 0 sent + received</th>
          <th scope="col">Outputs sent per replica</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ strategy, run, last }) => {
          const [first, ...others] = last.devices;
          const othersMean = others.length
            ? others.reduce((s, d) => s + memoryOf(d), 0) / others.length
            : NaN;
          const outputs = others.length ? Math.max(...others.map((d) => d.sentBytes.outputs)) : 0;
          return (
            <tr key={strategy} data-testid={`parallel-compare-${strategy}`}>
              <th scope="row">{STRATEGY_LABELS[strategy]}</th>
              <td>{run.settings.replicas}</td>
              <td>{first ? formatBytes(memoryOf(first)) : '—'}</td>
              <td>{Number.isFinite(othersMean) ? formatBytes(othersMean) : '—'}</td>
              <td>{first ? formatBytes(sum(first.sentBytes) + sum(first.receivedBytes)) : '—'}</td>
              <td>{formatExactBytes(outputs)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export function ParallelPanel() {
  const latest = useParallelStore(selectParallelLatest);
  const run = useParallelStore(selectParallelRun);
  return (
    <section className="panel parallel" aria-labelledby="parallel-title" data-testid="parallel-panel">
      <h2 id="parallel-title">Several GPUs: DataParallel vs DistributedDataParallel</h2>
      <p className="help">
        Each device is a worker with its own WebGPU device and its own copy of the model; the batch is split
        into equal shards, one per device. Weights, outputs and gradients go worker to worker; every byte that
        crosses between devices is counted.
      </p>
      <Controls />
      <StatusLine />
      {latest && (
        <>
          <DeviceBars step={latest} />
          <DeviceTable step={latest} />
          <Device0Comparison step={latest} />
        </>
      )}
      <StrategyComparison />
      <p className="notice" data-testid="parallel-honest-note">
        {(run?.isSoftwareAdapter ?? true)
          ? 'On a software adapter every "device" runs on the same CPU cores (two on a small machine), so more devices do not train faster here: wall time is not what this shows. Memory and bytes are — they are what the strategies change, on any hardware.'
          : 'Timings here are real, but devices in one browser share one GPU or one machine: read memory and bytes as the lesson, and wall time with care.'}
      </p>
    </section>
  );
}
