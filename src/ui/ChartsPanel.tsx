/**
 * The live charts (memory, throughput, bytes to GPU, loss and IoU). React only lays out the figures;
 * src/charts mounts uPlot in each and feeds it from the telemetry history on animation frames, so no
 * React render happens per step. `?charts=off` in the page's query turns them off (overhead benchmark).
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { ChartSpec } from '../charts/chartSpec';
import { CHART_SPECS } from '../charts/chartSpecs';
import { chartsEnabled, subscribeChartsEnabled } from '../charts/chartsSwitch';
import { mountChart } from '../charts/mountChart';
import 'uplot/dist/uPlot.min.css';

function ChartFigure({ spec }: { spec: ChartSpec }) {
  const figure = useRef<HTMLElement>(null);
  const plot = useRef<HTMLDivElement>(null);
  const note = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!figure.current || !plot.current) return;
    const handle = mountChart(spec, { figure: figure.current, plot: plot.current, note: note.current });
    return () => handle.destroy();
  }, [spec]);
  return (
    <figure className="chart" ref={figure} data-testid={`chart-${spec.id}`} data-chart={spec.id}>
      <figcaption className="chart-title">{spec.title}</figcaption>
      <p className="chart-note" ref={note} hidden />
      <div className="chart-plot" ref={plot} />
    </figure>
  );
}

export function ChartsPanel() {
  const enabled = useSyncExternalStore(subscribeChartsEnabled, chartsEnabled);
  return (
    <section className="panel charts" aria-labelledby="charts-title">
      <h2 id="charts-title">Live charts</h2>
      {enabled ? (
        <>
          <p className="help">
            Hover a chart to read its values; dashed lines mark where a new configuration started.
          </p>
          <div className="chart-grid">
            {CHART_SPECS.map((spec) => (
              <ChartFigure key={spec.id} spec={spec} />
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
