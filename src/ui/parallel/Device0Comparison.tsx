/**
 * Device 0's extra memory: expected from the config (config/device0Extra.ts) beside the measured
 * difference between device 0 and the others, with the parts of the formula and why they exist.
 */
import { expectedDevice0Extra, type Device0Extra } from '../../config/device0Extra';
import { deviceMemoryPeak, type ParallelStepRecord } from '../../config/parallel';
import { selectParallelRun, useParallelStore } from '../../state/parallelStore';
import { formatExactBytes } from '../format';
import { othersMeanMemory } from './deviceFigures';

const EXTRA_PARTS: { key: Exclude<keyof Device0Extra, 'totalBytes'>; label: string }[] = [
  { key: 'gatheredOutputBytes', label: 'gathered outputs' },
  { key: 'outputGradientBytes', label: 'their gradients' },
  { key: 'batchLabelBytes', label: "the whole batch's labels" },
  { key: 'lossBytes', label: 'the batch loss' },
  { key: 'weightGradientBytes', label: 'weight gradients received + their sum' },
  { key: 'optimizerStateBytes', label: 'optimizer state' },
];

export function Device0Comparison({ step }: { step: ParallelStepRecord }) {
  const run = useParallelStore(selectParallelRun);
  if (!run || step.reports.length < 2) return null;
  const extra = expectedDevice0Extra(run.config, run.settings);
  const first = step.reports[0]!;
  const measured = Math.round(deviceMemoryPeak(first) - othersMeanMemory(step));
  const { batchSize: b, imageSizePx: px, numClasses: k } = run.config;
  const gather = run.settings.strategy === 'dp-gather';
  const parts = EXTRA_PARTS.filter((p) => extra[p.key] > 0);
  return (
    <div
      className="parallel-device0"
      data-testid="parallel-device0"
      data-measured-extra-bytes={measured}
      data-expected-extra-bytes={extra.totalBytes}
    >
      <dl>
        <div className="figure">
          <dt>
            Gathered outputs on device 0, expected ({b}×{px}×{px}×{k}×4)
          </dt>
          <dd data-testid="parallel-expected-gather">
            {gather
              ? formatExactBytes(extra.gatheredOutputBytes)
              : `0 B (${run.settings.strategy === 'ddp' ? 'no master' : 'only scalars travel'})`}
          </dd>
        </div>
        <div className="figure">
          <dt>Device 0&apos;s extra memory, expected</dt>
          <dd data-testid="parallel-expected-extra">{formatExactBytes(extra.totalBytes)}</dd>
        </div>
        <div className="figure">
          <dt>Device 0 minus the others, measured</dt>
          <dd data-testid="parallel-measured-extra">{formatExactBytes(measured)}</dd>
        </div>
      </dl>
      {parts.length > 0 && (
        <p className="help">
          Expected ={' '}
          {parts.map((p, i) => (
            <span key={p.key}>
              {i > 0 ? ' + ' : ''}
              {p.label} {formatExactBytes(extra[p.key])}
            </span>
          ))}
          .
        </p>
      )}
      <p className="help">
        Under DataParallel every replica&apos;s output — for a segmentation model the B×H×W×K logits, as big
        as the batch times the classes — lands on device 0, which keeps them, with their gradients and the
        whole batch&apos;s labels, until the backward pass is done; device 0 also receives every
        replica&apos;s weight gradients and alone holds the optimizer state. None of that exists on the other
        devices, and it grows with the whole batch, not the shard: that is why the article&apos;s first GPU
        forces a smaller batch. With the loss computed inside forward only one number per replica travels and
        the outputs stay where they were made; under DistributedDataParallel there is no device 0 at all, and
        every device holds the same bytes. Measured is the difference of tfjs&apos;s in-use GPU bytes (live
        tensors) at each device&apos;s step peak; transients inside one forward or backward pass show only in
        the pool.
      </p>
    </div>
  );
}
