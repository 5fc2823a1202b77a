/**
 * Device 0's extra memory: expected from the config (config/device0Extra.ts) beside the measured
 * difference between device 0 and the others, with the parts of the formula and why they exist.
 */
import { expectedDevice0Extra, type Device0Extra } from '../../config/device0Extra';
import { deviceMemoryPeak, type ParallelStepRecord } from '../../config/parallel';
import { selectParallelRun, useParallelStore } from '../../state/parallelStore';
import { formatExactBytes } from '../format';
import { othersMeanMemory } from './deviceFigures';
import { fill } from '../../i18n/fill';
import { useLocale, useText } from '../i18n/useText';
import { Figure } from '../Figure';

const EXTRA_PARTS: readonly Exclude<keyof Device0Extra, 'totalBytes'>[] = [
  'gatheredOutputBytes',
  'outputGradientBytes',
  'batchLabelBytes',
  'lossBytes',
  'weightGradientBytes',
  'optimizerStateBytes',
];

export function Device0Comparison({ step }: { step: ParallelStepRecord }) {
  const run = useParallelStore(selectParallelRun);
  const w = useText().parallel.device0;
  const locale = useLocale();
  const exact = (bytes: number) => formatExactBytes(bytes, locale);
  if (!run || step.reports.length < 2) return null;
  const extra = expectedDevice0Extra(run.config, run.settings);
  const first = step.reports[0]!;
  const measured = Math.round(deviceMemoryPeak(first) - othersMeanMemory(step));
  const { batchSize: b, imageSizePx: px, numClasses: k } = run.config;
  const gather = run.settings.strategy === 'dp-gather';
  const parts = EXTRA_PARTS.filter((p) => extra[p] > 0);
  return (
    <div
      className="parallel-device0"
      data-testid="parallel-device0"
      data-measured-extra-bytes={measured}
      data-expected-extra-bytes={extra.totalBytes}
    >
      <dl>
        <Figure
          label={fill(w.gathered, { shape: `${b}×${px}×${px}×${k}×4` })}
          value={
            gather
              ? exact(extra.gatheredOutputBytes)
              : fill(w.zero, { why: run.settings.strategy === 'ddp' ? w.noMaster : w.scalarsOnly })
          }
          testId="parallel-expected-gather"
        />
        <Figure label={w.extraExpected} value={exact(extra.totalBytes)} testId="parallel-expected-extra" />
        <Figure label={w.extraMeasured} value={exact(measured)} testId="parallel-measured-extra" />
      </dl>
      {parts.length > 0 && (
        <p className="help">
          {w.expected}
          {parts.map((p, i) => (
            <span key={p}>
              {i > 0 ? ' + ' : ''}
              {w.parts[p]} {exact(extra[p])}
            </span>
          ))}
          .
        </p>
      )}
      <p className="help">{w.help}</p>
    </div>
  );
}
