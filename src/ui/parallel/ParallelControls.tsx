/**
 * The multi-device lesson's settings (devices, strategy, all-reduce, steps) and its Run / Stop buttons;
 * says why a run cannot start. Reads the parallel store, the main store's config and the job's status;
 * calls store actions.
 */
import { useId, useMemo } from 'react';
import {
  ALL_REDUCE_ALGORITHMS,
  PARALLEL_LIMITS,
  PARALLEL_STRATEGIES,
  type AllReduceAlgorithm,
  type ParallelStrategy,
} from '../../config/parallel';
import {
  parallelConfigProblem,
  parallelJobConfigs,
  selectParallelSettings,
  useParallelStore,
} from '../../state/parallelStore';
import { selectConfig, useAppStore } from '../../state/store';
import { fill, plural } from '../../i18n/fill';
import { useLocale, useText } from '../i18n/useText';
import { useJob, useJobBlocker } from '../jobs/useJob';
import { runBlockerText } from '../preflightText';

const REPLICA_OPTIONS = Array.from(
  { length: PARALLEL_LIMITS.replicas.max - PARALLEL_LIMITS.replicas.min + 1 },
  (_, i) => PARALLEL_LIMITS.replicas.min + i,
);

export function ParallelControls() {
  const id = useId();
  const settings = useParallelStore(selectParallelSettings);
  const setSettings = useParallelStore((s) => s.setSettings);
  const config = useAppStore(selectConfig);
  const { phase } = useJob('parallel');
  const blocker = useJobBlocker(
    'parallel',
    useMemo(() => parallelJobConfigs(config), [config]),
  );
  const busy = phase === 'running';
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
      : blocker !== null
        ? runBlockerText(t, locale, blocker, () => w.configName)
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
              {w.algorithms[a]}
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
          onClick={() => useAppStore.getState().startJob('parallel', settings)}
          disabled={busy || blocked !== null}
          aria-describedby={blocked ? `${id}-blocked` : undefined}
          data-testid="parallel-start"
        >
          {fill(plural(locale, settings.replicas, w.run), { n: settings.replicas })}
        </button>
        <button
          type="button"
          onClick={() => useAppStore.getState().stopJob('parallel')}
          disabled={!busy}
          data-testid="parallel-stop"
        >
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
