/**
 * The live charts (memory, throughput, bytes to GPU, loss and IoU). React only lays out the figures;
 * src/charts mounts uPlot in each and feeds it from the telemetry history on animation frames, so no
 * React render happens per step. `?charts=off` in the page's query turns them off (overhead benchmark).
 */
import { useSyncExternalStore } from 'react';
import { chartFeed } from '../charts/chartFeed';
import { CHART_SPECS } from '../charts/chartSpecs';
import { chartsEnabled, subscribeChartsEnabled } from '../charts/chartsSwitch';
import { SourceChart } from './charts/SourceChart';
import { useText } from './i18n/useText';

export function ChartsPanel() {
  const enabled = useSyncExternalStore(subscribeChartsEnabled, chartsEnabled);
  const t = useText().app.charts;
  return (
    <section className="panel charts" aria-labelledby="charts-title">
      <h2 id="charts-title">{t.title}</h2>
      {enabled ? (
        <>
          <p className="help">{t.help}</p>
          <div className="chart-grid">
            {CHART_SPECS.map((spec) => (
              <SourceChart key={spec.id} spec={spec} feed={chartFeed} />
            ))}
          </div>
        </>
      ) : (
        <p className="help" data-testid="charts-off">
          {t.off}
        </p>
      )}
    </section>
  );
}
