/**
 * The arms a lesson trained, one row each, in one of two cuts: `bytes` — images and masks handed to the GPU
 * per step, measured, beside the byte calculator's expectation for that configuration and backend; `timing`
 * — the share of each step spent waiting for data, mean compute, samples per second and which steps were
 * timed (warm-up and prefetched steps are not). On a narrow screen each row stacks as a card, every figure
 * under its column's name (styles.css), so no column hides behind a scroll; exact figures are data
 * attributes for tests.
 */
import type { BackendName } from '../../config/backendInfo';
import { browserBatchBytes } from '../../data/batchBytes';
import { formatExactBytes, formatMs } from '../format';
import { measuredStepMs, type ArmResult } from './lessonResults';
import { percent } from './lessonFormat';
import type { LessonId } from '../../config/views';
import { fill } from '../../i18n/fill';
import { useLocale, useText } from '../i18n/useText';
import { armLabel } from './armLabel';
import { ColumnHeads } from '../ColumnHeads';

interface ArmTableProps {
  /** The lesson the arms belong to (their labels are its dictionary's). */
  lesson: LessonId;
  arms: readonly ArmResult[];
  caption: string;
  kind: 'bytes' | 'timing';
  /** The backend the byte calculator assumes (the main worker's) for the expected bytes. */
  backend?: BackendName | null;
}

export function ArmTable({ lesson, arms, caption, kind, backend }: ArmTableProps) {
  const t = useText();
  const locale = useLocale();
  const w = t.lessons.view.table;
  if (arms.length === 0) return null;
  const exact = (bytes: number | null) => (bytes === null ? '—' : formatExactBytes(bytes, locale));
  return (
    <div className="table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className="arm-table" data-testid="arm-table">
        <caption>{caption}</caption>
        {kind === 'bytes' ? (
          <ColumnHeads
            heads={[w.run, w.images, w.masks, w.expected, w.stepMeasured]}
            titles={{ 4: w.stepMeasuredTitle }}
          />
        ) : (
          <ColumnHeads heads={[w.run, w.waiting, w.compute, w.samplesPerSec, w.timed]} />
        )}
        <tbody>
          {arms.map((arm) => {
            const { id, config, figures: f, finished } = arm;
            const expected = backend ? browserBatchBytes(config, backend) : null;
            const stepMs = measuredStepMs(arm);
            return (
              <tr
                key={id}
                data-testid={`arm-${id}`}
                data-bytes-to-gpu={f.bytesToGpu ?? ''}
                data-samples-per-sec={f.samplesPerSec ?? ''}
                data-first-timed-step={f.firstTimedStep}
                data-step-ms={stepMs ?? ''}
              >
                <th scope="row">
                  {armLabel(t, lesson, id)}
                  {finished ? '' : w.running}
                </th>
                {kind === 'bytes' ? (
                  <>
                    <td data-label={w.images}>{exact(f.imageBytesToGpu)}</td>
                    <td data-label={w.masks}>{exact(f.maskBytesToGpu)}</td>
                    <td data-label={w.expected} title={w.expectedTitle}>
                      {expected ? exact(expected.uploadImageBytes + expected.uploadMaskBytes) : '—'}
                    </td>
                    <td data-label={w.stepMeasured}>{stepMs === null ? '—' : formatMs(stepMs, locale)}</td>
                  </>
                ) : (
                  <>
                    <td data-label={w.waiting}>
                      {f.dataWaitShare === null ? '—' : percent(f.dataWaitShare)}
                    </td>
                    <td data-label={w.compute}>
                      {f.meanComputeMs === null ? '—' : formatMs(f.meanComputeMs, locale)}
                    </td>
                    <td data-label={w.samplesPerSec} data-testid="arm-samples-per-sec">
                      {f.samplesPerSec === null ? '—' : f.samplesPerSec.toFixed(1)}
                    </td>
                    <td data-label={w.timed} title={fill(w.timedTitle, { first: f.firstTimedStep })}>
                      {fill(w.timedCell, { count: f.timedSteps, first: f.firstTimedStep })}
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
