/**
 * The comparison's summary: A, B and B/A per metric, with bars. Exact figures are carried as data
 * attributes (`data-a`, `data-b`, `data-ratio`, `data-ratio-<metric>`) for tests. Bar widths are set
 * through element.style (React's style prop), which a strict CSP allows.
 */
import { formatCompareRatio, formatCompareValue } from './compareCells';
import { barPercents, type CompareSummary } from '../../config/compareSummary';
import { useLocale, useText } from '../i18n/useText';
import { ColumnHeads } from '../ColumnHeads';

export function SummaryTable({ summary }: { summary: CompareSummary }) {
  const w = useText().compare;
  const f = { na: w.na, locale: useLocale() };
  const ratioAttributes = Object.fromEntries(
    summary.metrics.map((m) => [`data-ratio-${m.id}`, m.ratio === null ? '' : String(m.ratio)]),
  );
  return (
    <table className="compare-table" data-testid="compare-table" {...ratioAttributes}>
      <caption>{w.table.caption}</caption>
      <ColumnHeads heads={[w.table.metric, 'A', 'B', 'B/A', w.table.both]} />
      <tbody>
        {summary.metrics.map((m) => {
          const bars = barPercents(m.a, m.b);
          return (
            <tr
              key={m.id}
              data-testid={`compare-row-${m.id}`}
              data-a={m.a === null ? '' : String(m.a)}
              data-b={m.b === null ? '' : String(m.b)}
              data-ratio={m.ratio === null ? '' : String(m.ratio)}
            >
              <th scope="row">{w.metrics[m.id]}</th>
              <td>{formatCompareValue(m.unit, m.a, f)}</td>
              <td>{formatCompareValue(m.unit, m.b, f)}</td>
              <td>{formatCompareRatio(m, f)}</td>
              <td className="compare-bars" aria-hidden="true">
                <div className="compare-bar bar-a" style={{ width: `${bars.a.toFixed(1)}%` }} />
                <div className="compare-bar bar-b" style={{ width: `${bars.b.toFixed(1)}%` }} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
