/**
 * "Compare A and B": B is the current config (A) with a few settings overridden (the app store's
 * `compareOverrides`, which travel in the link as `b.*`). The panel edits those overrides, runs the
 * comparison through the comparison store's actions (two new training workers, A then B), and shows the
 * results. One piece per file in this folder.
 */
import { useEffect, useMemo } from 'react';
import type { TrainConfig } from '../../config/trainConfig';
import { comparisonConfigs, namedSides } from '../../state/compareRules';
import { useCompareStore } from '../../state/compareStore';
import { useJob, useJobBlocker } from '../jobs/useJob';
import { useAppStore } from '../../state/store';
import { DESCRIBED_SETTINGS } from './compareCells';
import { CompareProgress } from './CompareProgress';
import { CompareResults } from './CompareResults';
import { Differences } from './Differences';
import { OverrideField } from './OverrideField';
import { useLocale, useText } from '../i18n/useText';
import { runBlockerText } from '../preflightText';

/** The settings B may override here: the data path first (the article's lesson), then a few others. */
const OVERRIDE_FIELDS: readonly (keyof TrainConfig)[] = [...DESCRIBED_SETTINGS, 'backend'];

export function ComparePanel() {
  const config = useAppStore((s) => s.config);
  const overrides = useAppStore((s) => s.compareOverrides);
  const setCompareOverrides = useAppStore((s) => s.setCompareOverrides);
  const { phase } = useJob('compare');
  const liveWorkers = useCompareStore((s) => s.liveWorkers);
  const sideA = useCompareStore((s) => s.a);
  const sideB = useCompareStore((s) => s.b);
  const running = phase === 'running';
  const t = useText();
  const locale = useLocale();
  const w = t.compare;
  const nameOf = (id: string) => (id === 'a' ? w.sides.a : id === 'b' ? w.sides.b : id);

  // Leaving the page section (or the page) must not leave a worker and its GPU device behind.
  useEffect(() => () => useAppStore.getState().stopJob('compare'), []);

  const configs = useMemo(() => comparisonConfigs(config, overrides), [config, overrides]);
  const sides = useMemo(() => namedSides(configs), [configs]);
  const blocker = useJobBlocker('compare', sides);
  const bEqualsA = overrides !== null && JSON.stringify(configs.a) === JSON.stringify(configs.b);

  return (
    <section
      className="panel compare-panel"
      aria-labelledby="compare-title"
      data-testid="compare-panel"
      data-live-workers={liveWorkers}
    >
      <h2 id="compare-title">{w.title}</h2>
      <p className="help">{w.help}</p>
      {overrides === null ? (
        <button type="button" onClick={() => setCompareOverrides({})} data-testid="compare-setup">
          {w.setup}
        </button>
      ) : (
        <>
          <fieldset disabled={running}>
            <legend>{w.differsLegend}</legend>
            {OVERRIDE_FIELDS.map((f) => (
              <OverrideField key={f} field={f} disabled={running} />
            ))}
          </fieldset>
          <Differences a={config} b={configs.b} overrides={overrides} />
          <div className="buttons">
            <button
              type="button"
              className="primary"
              onClick={() => useAppStore.getState().startJob('compare', null)}
              disabled={blocker !== null || bEqualsA}
              data-testid="compare-run"
            >
              {w.run}
            </button>
            <button
              type="button"
              onClick={() => useAppStore.getState().stopJob('compare')}
              disabled={!running}
              data-testid="compare-stop"
            >
              {w.stop}
            </button>
            <button
              type="button"
              onClick={() => setCompareOverrides(null)}
              disabled={running}
              data-testid="compare-remove"
            >
              {w.remove}
            </button>
          </div>
          {blocker !== null && !running && (
            <p className="help" data-testid="compare-blocked">
              {runBlockerText(t, locale, blocker, nameOf)}
            </p>
          )}
        </>
      )}
      {(overrides !== null || phase !== 'idle') && <CompareProgress />}
      {phase === 'done' && sideA && sideB && <CompareResults a={sideA} b={sideB} />}
    </section>
  );
}
