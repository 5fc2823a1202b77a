/**
 * The live charts (memory, throughput, bytes to GPU, loss and IoU), those of `ids` only: the Playground's
 * first screen shows memory and throughput, its details section the rest. React only lays out the figures;
 * src/charts mounts uPlot in each and feeds it from the telemetry history on animation frames, so no
 * React render happens per step. `?charts=off` in the page's query turns them off (overhead benchmark).
 */
import { chartFeed } from '../charts/chartFeed';
import type { ChartId } from '../charts/chartSpec';
import { CHART_SPECS } from '../charts/chartSpecs';
import { chartsEnabled } from '../charts/chartsSwitch';
import { SourceChart } from './charts/SourceChart';
import { useText } from './i18n/useText';

export function ChartsPanel({ ids, first }: { ids: readonly ChartId[]; first: boolean }) {
  const enabled = chartsEnabled();
  const t = useText().app.charts;
  const titleId = first ? 'charts-title' : 'charts-more-title';
  return (
    <section className={`panel charts${first ? ' charts-first' : ''}`} aria-labelledby={titleId}>
      <h2 id={titleId} className={first ? 'visually-hidden' : undefined}>
        {t.title}
      </h2>
      {enabled ? (
        <>
          {!first && <p className="help">{t.help}</p>}
          <div className="chart-grid">
            {CHART_SPECS.filter((spec) => ids.includes(spec.id)).map((spec) => (
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
