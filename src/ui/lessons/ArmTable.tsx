/**
 * The arms a lesson trained, one row each, in one of two cuts: `bytes` — images and masks handed to the GPU
 * per step, measured, beside the byte calculator's expectation for that configuration and backend; `timing`
 * — the share of each step spent waiting for data, mean compute, samples per second and which steps were
 * timed (warm-up and prefetched steps are not). Scrolls inside its card on a narrow screen; exact figures
 * are data attributes for tests.
 */
import type { BackendName } from '../../config/backendInfo';
import { browserBatchBytes } from '../../data/batchBytes';
import { formatBytes, formatExactBytes, formatMs } from '../format';
import type { ArmResult } from './lessonResults';
import { percent } from './lessonFormat';

interface ArmTableProps {
  arms: readonly ArmResult[];
  caption: string;
  kind: 'bytes' | 'timing';
  /** The backend the byte calculator assumes (the main worker's) for the expected bytes. */
  backend?: BackendName | null;
}

const exact = (bytes: number | null) => (bytes === null ? '—' : formatExactBytes(bytes));

export function ArmTable({ arms, caption, kind, backend }: ArmTableProps) {
  if (arms.length === 0) return null;
  return (
    <div className="table-scroll">
      <table className="arm-table" data-testid="arm-table">
        <caption>{caption}</caption>
        <thead>
          {kind === 'bytes' ? (
            <tr>
              <th scope="col">Run</th>
              <th scope="col">Images / step</th>
              <th scope="col">Masks / step</th>
              <th scope="col">Expected</th>
            </tr>
          ) : (
            <tr>
              <th scope="col">Run</th>
              <th scope="col">Waiting for data</th>
              <th scope="col">Compute</th>
              <th scope="col">Samples/s</th>
              <th scope="col">Timed</th>
            </tr>
          )}
        </thead>
        <tbody>
          {arms.map(({ id, label, config, figures: f, finished }) => {
            const expected = backend ? browserBatchBytes(config, backend) : null;
            return (
              <tr
                key={id}
                data-testid={`arm-${id}`}
                data-bytes-to-gpu={f.bytesToGpu ?? ''}
                data-image-bytes-to-gpu={f.imageBytesToGpu ?? ''}
                data-expected-bytes-to-gpu={
                  expected ? expected.uploadImageBytes + expected.uploadMaskBytes : ''
                }
                data-wait-share={f.dataWaitShare ?? ''}
                data-samples-per-sec={f.samplesPerSec ?? ''}
                data-first-timed-step={f.firstTimedStep}
                data-timed-steps={f.timedSteps}
              >
                <th scope="row">
                  {label}
                  {finished ? '' : ' (running)'}
                </th>
                {kind === 'bytes' ? (
                  <>
                    <td>{exact(f.imageBytesToGpu)}</td>
                    <td>{exact(f.maskBytesToGpu)}</td>
                    <td title="the byte calculator's figure for this configuration">
                      {expected ? formatBytes(expected.uploadImageBytes + expected.uploadMaskBytes) : '—'}
                    </td>
                  </>
                ) : (
                  <>
                    <td>{f.dataWaitShare === null ? '—' : percent(f.dataWaitShare)}</td>
                    <td>{f.meanComputeMs === null ? '—' : formatMs(f.meanComputeMs)}</td>
                    <td>{f.samplesPerSec === null ? '—' : f.samplesPerSec.toFixed(1)}</td>
                    <td title={`steps timed; timing starts at step ${f.firstTimedStep}`}>
                      {f.timedSteps} from step {f.firstTimedStep}
                    </td>
                  </>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
