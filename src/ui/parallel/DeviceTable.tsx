/** Per device of one step: GPU memory at the peak and in the pool, time busy and waiting, bytes sent and received (with the formula's bytes as a tooltip). */
import type { ParallelStepRecord } from '../../config/parallel';
import { formatBytes, formatExactBytes, formatMs } from '../format';
import { sumBytes } from './deviceFigures';
import { fill } from '../../i18n/fill';
import { useLocale, useText } from '../i18n/useText';
import { ColumnHeads } from '../ColumnHeads';

export function DeviceTable({ step }: { step: ParallelStepRecord }) {
  const w = useText().parallel.table;
  const locale = useLocale();
  const short = (bytes: number) => formatBytes(bytes, locale);
  const exact = (bytes: number) => formatExactBytes(bytes, locale);
  return (
    <table className="parallel-table">
      <caption>{fill(w.caption, { step: step.step })}</caption>
      <ColumnHeads
        heads={[w.device, w.inUse, w.pool, w.busy, w.waiting, w.sent, w.received, w.outputsSent]}
      />
      <tbody>
        {step.reports.map((d) => {
          const expected = step.expected[d.rank];
          const sent = sumBytes(d.sentBytes);
          const received = sumBytes(d.receivedBytes);
          return (
            <tr key={d.rank} data-testid={`parallel-device-${d.rank}`}>
              <th scope="row">{d.rank}</th>
              <td title={d.memory.gpuBytesInUsePeak === null ? w.noGpu : exact(d.memory.gpuBytesInUsePeak)}>
                {d.memory.gpuBytesInUsePeak === null ? '—' : short(d.memory.gpuBytesInUsePeak)}
              </td>
              <td>{d.memory.gpuBytesAllocated === null ? '—' : short(d.memory.gpuBytesAllocated)}</td>
              <td>{formatMs(d.busyMs, locale)}</td>
              <td>{formatMs(d.waitMs, locale)}</td>
              <td title={fill(w.formula, { bytes: expected ? exact(sumBytes(expected.sentBytes)) : '—' })}>
                {short(sent)}
              </td>
              <td
                title={fill(w.formula, { bytes: expected ? exact(sumBytes(expected.receivedBytes)) : '—' })}
              >
                {short(received)}
              </td>
              <td>{exact(d.sentBytes.outputs)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
