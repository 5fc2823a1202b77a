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

export function ChartsPanel() {
  const enabled = useSyncExternalStore(subscribeChartsEnabled, chartsEnabled);
  return (
    <section className="panel charts" aria-labelledby="charts-title">
      <h2 id="charts-title">Live charts</h2>
      {enabled ? (
        <>
          <p className="help">
            x is the step on this page, counted across runs. Dashed lines mark each Start after the first,
            labelled with what changed; hover near one to read it in full.
          </p>
          <div className="chart-grid">
            {CHART_SPECS.map((spec) => (
              <SourceChart key={spec.id} spec={spec} feed={chartFeed} />
            ))}
          </div>
        </>
      ) : (
        <p className="help" data-testid="charts-off">
          Live charts are off for this page (charts=off in its address).
        </p>
      )}
    </section>
  );
}
