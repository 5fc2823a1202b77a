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
import { rangeOptions, SelectField } from '../fields/SelectField';

const REPLICA_OPTIONS = rangeOptions(PARALLEL_LIMITS.replicas);

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
      <SelectField
        id={`${id}-n`}
        label={w.replicas}
        value={settings.replicas}
        options={REPLICA_OPTIONS}
        disabled={busy}
        onChange={(v) => setSettings({ replicas: Number(v) })}
        data-testid="parallel-replicas"
      />
      <SelectField
        id={`${id}-s`}
        label={w.strategy}
        value={settings.strategy}
        options={PARALLEL_STRATEGIES}
        text={(s) => t.parallel.strategies[s]}
        disabled={busy}
        onChange={(v) => setSettings({ strategy: v as ParallelStrategy })}
        data-testid="parallel-strategy"
      />
      <SelectField
        id={`${id}-a`}
        label={w.allReduce}
        value={settings.allReduce}
        options={ALL_REDUCE_ALGORITHMS}
        text={(a) => w.algorithms[a]}
        disabled={busy || settings.strategy !== 'ddp'}
        onChange={(v) => setSettings({ allReduce: v as AllReduceAlgorithm })}
        data-testid="parallel-allreduce"
      />
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
