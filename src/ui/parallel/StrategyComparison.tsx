/** The last run of each strategy side by side: device 0's memory vs the others', bytes, outputs sent. */
import { deviceMemoryPeak, PARALLEL_STRATEGIES, STRATEGY_LABELS } from '../../config/parallel';
import { selectParallelByStrategy, useParallelStore } from '../../state/parallelStore';
import { formatBytes, formatExactBytes } from '../format';
import { othersMeanMemory, sumBytes } from './deviceFigures';

export function StrategyComparison() {
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
          const [first, ...others] = last.reports;
          const othersMean = othersMeanMemory(last);
          const outputs = others.length ? Math.max(...others.map((d) => d.sentBytes.outputs)) : 0;
          return (
            <tr key={strategy} data-testid={`parallel-compare-${strategy}`}>
              <th scope="row">{STRATEGY_LABELS[strategy]}</th>
              <td>{run.settings.replicas}</td>
              <td>{first ? formatBytes(deviceMemoryPeak(first)) : '—'}</td>
              <td>{Number.isFinite(othersMean) ? formatBytes(othersMean) : '—'}</td>
              <td>{first ? formatBytes(sumBytes(first.sentBytes) + sumBytes(first.receivedBytes)) : '—'}</td>
              <td>{formatExactBytes(outputs)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
