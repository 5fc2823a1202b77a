/**
 * The multi-device lesson's settings (devices, strategy, all-reduce, steps) and its Run / Stop buttons;
 * says why a run cannot start. Reads the parallel store and the main store's config; calls store actions.
 */
import { useId } from 'react';
import {
  ALL_REDUCE_ALGORITHMS,
  PARALLEL_LIMITS,
  PARALLEL_STRATEGIES,
  type AllReduceAlgorithm,
  type ParallelStrategy,
} from '../../config/parallel';
import {
  parallelConfigProblem,
  selectParallelSettings,
  selectParallelStatus,
  useParallelStore,
} from '../../state/parallelStore';
import { selectConfig, useAppStore } from '../../state/store';
import { fill, plural } from '../../i18n/fill';
import { useLocale, useText } from '../i18n/useText';

const REPLICA_OPTIONS = Array.from(
  { length: PARALLEL_LIMITS.replicas.max - PARALLEL_LIMITS.replicas.min + 1 },
  (_, i) => PARALLEL_LIMITS.replicas.min + i,
);

export function ParallelControls() {
  const id = useId();
  const settings = useParallelStore(selectParallelSettings);
  const status = useParallelStore(selectParallelStatus);
  const setSettings = useParallelStore((s) => s.setSettings);
  const start = useParallelStore((s) => s.start);
  const stop = useParallelStore((s) => s.stop);
  const config = useAppStore(selectConfig);
  const mainRunning = useAppStore((s) => s.status === 'running');
  const busy = status === 'starting' || status === 'running';
  const t = useText();
  const locale = useLocale();
  const w = t.parallel.controls;
  const problem = parallelConfigProblem(config, settings.replicas);
  const blocked =
    problem !== null
      ? fill(problem === 'too-few' ? w.tooFew : w.uneven, {
          batch: config.batchSize,
          replicas: settings.replicas,
        })
      : mainRunning
        ? w.mainRunning
        : null;
  return (
    <div className="parallel-controls">
      <div className="field">
        <label htmlFor={`${id}-n`}>{w.replicas}</label>
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
        <label htmlFor={`${id}-s`}>{w.strategy}</label>
        <select
          id={`${id}-s`}
          value={settings.strategy}
          disabled={busy}
          onChange={(e) => setSettings({ strategy: e.target.value as ParallelStrategy })}
          data-testid="parallel-strategy"
        >
          {PARALLEL_STRATEGIES.map((s) => (
            <option key={s} value={s}>
              {t.parallel.strategies[s]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-a`}>{w.allReduce}</label>
        <select
          id={`${id}-a`}
          value={settings.allReduce}
          disabled={busy || settings.strategy !== 'ddp'}
          onChange={(e) => setSettings({ allReduce: e.target.value as AllReduceAlgorithm })}
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
        <label htmlFor={`${id}-k`}>{w.steps}</label>
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
          {fill(plural(locale, settings.replicas, w.run), { n: settings.replicas })}
        </button>
        <button type="button" onClick={stop} disabled={status !== 'running'} data-testid="parallel-stop">
          {w.stop}
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
