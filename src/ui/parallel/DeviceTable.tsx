/** Per device of one step: GPU memory at the peak and in the pool, time busy and waiting, bytes sent and received (with the formula's bytes as a tooltip). */
import type { ParallelStepRecord } from '../../config/parallel';
import { formatBytes, formatExactBytes, formatMs } from '../format';
import { sumBytes } from './deviceFigures';

export function DeviceTable({ step }: { step: ParallelStepRecord }) {
  return (
    <table className="parallel-table">
      <caption>Per device, step {step.step}</caption>
      <thead>
        <tr>
          <th scope="col">Device</th>
          <th scope="col">GPU in use (peak)</th>
          <th scope="col">GPU pool</th>
          <th scope="col">Busy</th>
          <th scope="col">Waiting</th>
          <th scope="col">Sent</th>
          <th scope="col">Received</th>
          <th scope="col">Outputs sent</th>
        </tr>
      </thead>
      <tbody>
        {step.reports.map((d) => {
          const expected = step.expected[d.rank];
          const sent = sumBytes(d.sentBytes);
          const received = sumBytes(d.receivedBytes);
          return (
            <tr
              key={d.rank}
              data-testid={`parallel-device-${d.rank}`}
              data-gpu-bytes-peak={d.memory.gpuBytesInUsePeak ?? ''}
              data-sent-bytes={sent}
              data-received-bytes={received}
              data-output-bytes-sent={d.sentBytes.outputs}
            >
              <th scope="row">{d.rank}</th>
              <td
                title={
                  d.memory.gpuBytesInUsePeak === null
                    ? 'no GPU on this backend'
                    : formatExactBytes(d.memory.gpuBytesInUsePeak)
                }
              >
                {d.memory.gpuBytesInUsePeak === null ? '—' : formatBytes(d.memory.gpuBytesInUsePeak)}
              </td>
              <td>{d.memory.gpuBytesAllocated === null ? '—' : formatBytes(d.memory.gpuBytesAllocated)}</td>
              <td>{formatMs(d.busyMs)}</td>
              <td>{formatMs(d.waitMs)}</td>
              <td title={`formula: ${expected ? formatExactBytes(sumBytes(expected.sentBytes)) : '—'}`}>
                {formatBytes(sent)}
              </td>
              <td title={`formula: ${expected ? formatExactBytes(sumBytes(expected.receivedBytes)) : '—'}`}>
                {formatBytes(received)}
              </td>
              <td>{formatExactBytes(d.sentBytes.outputs)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
