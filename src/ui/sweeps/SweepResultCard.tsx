/** The sweep's result card: what the curve shows, measured, in plain words (sweepResult.ts's figures). */
import type { SweepSetting } from '../../config/sweep';
import type { SweepPoint } from '../../config/sweepPoint';
import { sweepResult } from './sweepResult';
import {
  resultEfficiency,
  resultEstimate,
  resultHeadline,
  resultNoMemory,
  resultPixels,
  resultSkipped,
} from './sweepText';
import { useText } from '../i18n/useText';

const x = (ratio: number) => ratio.toFixed(ratio < 10 ? 2 : 1);

export function SweepResultCard({
  setting,
  points,
}: {
  setting: SweepSetting;
  points: readonly SweepPoint[];
}) {
  const w = useText().sweeps;
  const r = sweepResult(setting, points);
  if (!r) return null;
  return (
    <section
      className="result-card"
      aria-label="Result"
      data-testid="sweep-result"
      data-speed-ratio={r.speedRatio}
      data-peak-ratio={r.peakRatio ?? ''}
    >
      <p className="result-label">{w.resultLabel}</p>
      <p className="result-figure" data-testid="sweep-result-figure">
        {resultHeadline(
          r.lastLabel,
          r.firstLabel,
          x(r.speedRatio),
          r.peakRatio === null ? '?' : x(r.peakRatio),
        )}
      </p>
      <ul className="result-more">
        {r.peakRatio === null && <li>{resultNoMemory()}</li>}
        {r.pixelRatio !== null && <li>{resultPixels(r.lastLabel, r.firstLabel, x(r.pixelRatio))}</li>}
        {r.bestPerMiB && <li>{resultEfficiency(r.bestPerMiB.label, r.bestPerMiB.value.toFixed(1))}</li>}
        {r.estimateOverPeak && (
          <li>{resultEstimate(x(r.estimateOverPeak.low), x(r.estimateOverPeak.high))}</li>
        )}
        {r.skipped.length > 0 && (
          <li>
            {resultSkipped(r.skipped.length, r.skipped.map((s) => `${s.label} ${s.status}`).join(', '))}
          </li>
        )}
      </ul>
    </section>
  );
}
