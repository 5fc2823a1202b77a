/**
 * Every point of the sweep, one row each, with every figure it recorded (samples/s with its interval, the
 * min–max of its blocks, on a second line of the same cell); exact numbers are data attributes for tests. Scrolls inside its card on a narrow screen.
 */
import type { SweepSetting } from '../../config/sweep';
import { estimateOverPeak, samplesPerSecPerMiB, type SweepPoint } from '../../config/sweepPoint';
import { formatBytes, formatExactBytes, formatMs } from '../format';
import { sweepValueWords } from './sweepText';
import { useText } from '../i18n/useText';
import { ColumnHeads } from '../ColumnHeads';

const bytes = (b: number | null | undefined) => (b === null || b === undefined ? '—' : formatBytes(b));

export function SweepTable({ setting, points }: { setting: SweepSetting; points: readonly SweepPoint[] }) {
  const w = useText().sweeps;
  const C = w.columns;
  if (points.length === 0) return null;
  return (
    <div className="table-scroll" role="region" aria-label={w.tableCaption} tabIndex={0}>
      <table className="arm-table sweep-table" data-testid="sweep-table">
        <caption>{w.tableCaption}</caption>
        <ColumnHeads
          heads={[
            C.value,
            C.status,
            C.samplesPerSec,
            C.stepMs,
            C.firstStepMs,
            C.peak,
            C.pool,
            C.inUse,
            C.estimate,
            C.estimateOverPeak,
            C.perSample,
            C.perMiB,
            C.timed,
          ]}
        />
        <tbody>
          {points.map((p, i) => {
            const m = p.measured;
            const perMiB = m ? samplesPerSecPerMiB(m) : null;
            const ratio = estimateOverPeak(p);
            return (
              <tr
                key={i}
                data-testid={`sweep-point-${i}`}
                data-status={p.status}
                data-peak-bytes={m?.gpuPeakBytes ?? ''}
                data-samples-per-sec={m?.samplesPerSec ?? ''}
              >
                <th scope="row">{sweepValueWords(setting, p.value)}</th>
                <td title={p.status === 'stopped' ? w.stopped : (p.reason ?? undefined)}>
                  {p.status}
                  {p.reason && p.status !== 'stopped' ? `: ${p.reason}` : ''}
                </td>
                <td className="sweep-rate">
                  {m ? m.samplesPerSec.toFixed(1) : '—'}
                  {m && m.samplesPerSecBlocks >= 2 && (
                    <span className="sweep-interval" title={w.intervalHelp}>
                      {`${m.samplesPerSecLow.toFixed(1)}–${m.samplesPerSecHigh.toFixed(1)}`}
                    </span>
                  )}
                </td>
                <td>
                  {m
                    ? `${formatMs(m.stepMs)} (${formatMs(m.dataWaitMs)} / ${formatMs(m.uploadMs)} / ${formatMs(m.computeMs)})`
                    : '—'}
                </td>
                <td>{m ? formatMs(m.firstStepMs) : '—'}</td>
                <td>{bytes(m?.gpuPeakBytes)}</td>
                <td>{bytes(m?.gpuPoolBytes)}</td>
                <td>{bytes(m?.gpuBytesInUse)}</td>
                <td title="parameters, gradients, optimizer, batch, activations, transient">
                  {bytes(p.estimate?.totalBytes)}
                </td>
                <td>{ratio === null ? '—' : ratio.toFixed(2)}</td>
                <td>{m ? formatExactBytes(m.bytesToGpuPerSample) : '—'}</td>
                <td>{perMiB === null ? '—' : perMiB.toFixed(1)}</td>
                <td>
                  {m ? `${m.timedSteps} from step ${m.firstTimedStep}${m.stable ? '' : ' (capped)'}` : '—'}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
