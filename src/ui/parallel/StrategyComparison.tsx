/** The last run of each strategy side by side: device 0's memory vs the others', bytes, outputs sent. */
import { deviceMemoryPeak, PARALLEL_STRATEGIES } from '../../config/parallel';
import { selectParallelByStrategy, useParallelStore } from '../../state/parallelStore';
import { formatBytes, formatExactBytes } from '../format';
import { othersMeanMemory, sumBytes } from './deviceFigures';
import { useLocale, useText } from '../i18n/useText';
import { ColumnHeads } from '../ColumnHeads';

export function StrategyComparison() {
  const byStrategy = useParallelStore(selectParallelByStrategy);
  const rows = PARALLEL_STRATEGIES.flatMap((s) => {
    const r = byStrategy[s];
    return r ? [{ strategy: s, ...r }] : [];
  });
  const t = useText();
  const w = t.parallel.comparison;
  const locale = useLocale();
  if (rows.length === 0) return null;
  return (
    <table className="parallel-table">
      <caption>{w.caption}</caption>
      <ColumnHeads heads={[w.strategy, w.devices, w.device0, w.others, w.traffic, w.outputs]} />
      <tbody>
        {rows.map(({ strategy, run, last }) => {
          const [first, ...others] = last.reports;
          const othersMean = othersMeanMemory(last);
          const outputs = others.length ? Math.max(...others.map((d) => d.sentBytes.outputs)) : 0;
          return (
            <tr key={strategy} data-testid={`parallel-compare-${strategy}`}>
              <th scope="row">{t.parallel.strategies[strategy]}</th>
              <td>{run.settings.replicas}</td>
              <td>{first ? formatBytes(deviceMemoryPeak(first), locale) : '—'}</td>
              <td>{Number.isFinite(othersMean) ? formatBytes(othersMean, locale) : '—'}</td>
              <td>
                {first ? formatBytes(sumBytes(first.sentBytes) + sumBytes(first.receivedBytes), locale) : '—'}
              </td>
              <td>{formatExactBytes(outputs, locale)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
