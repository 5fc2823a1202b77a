/**
 * "Compare A and B": B is the current config (A) with a few settings overridden (the app store's
 * `compareOverrides`, which travel in the link as `b.*`). The panel edits those overrides, runs the
 * comparison through the comparison store's actions (two new training workers, A then B), and shows the
 * results. One piece per file in this folder.
 */
import { useEffect, useMemo } from 'react';
import { skipPreflightRequested } from '../../config/preflight';
import type { TrainConfig } from '../../config/trainConfig';
import { applyOverrides } from '../../config/urlCodec';
import { measuredRunBlocker } from '../../state/activity';
import { comparisonConfigs, namedSides } from '../../state/compareRules';
import { useCompareStore } from '../../state/compareStore';
import { useActivity } from '../lessons/useActivity';
import { useAppStore } from '../../state/store';
import { DESCRIBED_SETTINGS } from './compareExport';
import { CompareProgress } from './CompareProgress';
import { CompareResults } from './CompareResults';
import { Differences } from './Differences';
import { OverrideField } from './OverrideField';
import { useLocale, useText } from '../i18n/useText';
import { runBlockerText } from '../preflightText';

/** The settings B may override here: the data path first (the article's lesson), then a few others. */
const OVERRIDE_FIELDS: readonly (keyof TrainConfig)[] = [...DESCRIBED_SETTINGS, 'backend'];

const skipPreflight = typeof window === 'undefined' ? false : skipPreflightRequested(window.location.search);

export function ComparePanel() {
  const config = useAppStore((s) => s.config);
  const overrides = useAppStore((s) => s.compareOverrides);
  const setCompareOverrides = useAppStore((s) => s.setCompareOverrides);
  const backendInfo = useAppStore((s) => s.backendInfo);
  const activity = useActivity();
  const phase = useCompareStore((s) => s.phase);
  const liveWorkers = useCompareStore((s) => s.liveWorkers);
  const sideA = useCompareStore((s) => s.a);
  const sideB = useCompareStore((s) => s.b);
  const running = phase === 'running';
  const t = useText();
  const locale = useLocale();
  const w = t.compare;
  const nameOf = (id: string) => (id === 'a' ? w.sides.a : id === 'b' ? w.sides.b : id);

  // Leaving the page section (or the page) must not leave a worker and its GPU device behind.
  useEffect(() => () => useCompareStore.getState().stop(), []);

  const configs = useMemo(() => comparisonConfigs(config, overrides), [config, overrides]);
  const blocker = running
    ? null
    : measuredRunBlocker({ configs: namedSides(configs), activity, backendInfo, skipPreflight });
  const bEqualsA = overrides !== null && JSON.stringify(configs.a) === JSON.stringify(configs.b);
  const effectiveB = overrides === null ? null : applyOverrides(config, overrides);

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
          {effectiveB && <Differences a={config} b={effectiveB} overrides={overrides} />}
          <div className="buttons">
            <button
              type="button"
              className="primary"
              onClick={() => useCompareStore.getState().start()}
              disabled={blocker !== null || bEqualsA}
              data-testid="compare-run"
            >
              {w.run}
            </button>
            <button
              type="button"
              onClick={() => useCompareStore.getState().stop()}
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
