/**
 * The sweep's result card: the point with the most samples/s with its interval, which points do not differ
 * from it (or from their neighbour) beyond the spread of their blocks, and what else the curve shows,
 * measured, in plain words (sweepResult.ts's figures).
 */
import type { SweepSetting } from '../../config/sweep';
import type { SweepPoint } from '../../config/sweepPoint';
import { sweepResult } from './sweepResult';
import {
  resultAhead,
  resultBest,
  resultEfficiency,
  resultEstimate,
  resultInterval,
  resultMemory,
  resultNoMemory,
  resultNoSpread,
  resultPixels,
  resultSameAsNext,
  resultSkipped,
  resultTied,
} from './sweepText';
import { useText } from '../i18n/useText';

const x = (ratio: number) => ratio.toFixed(ratio < 10 ? 2 : 1);
/** Samples/s as the table shows them. */
const rate = (v: number) => v.toFixed(1);

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
  const best = r.best.figure;
  const spread = best.blocks >= 2;
  return (
    <section
      className="result-card"
      aria-label={w.resultLabel}
      data-testid="sweep-result"
      data-best={r.best.label}
      data-best-samples-per-sec={best.value}
      data-best-low={best.low}
      data-best-high={best.high}
      data-peak-ratio={r.peakRatio ?? ''}
    >
      <p className="result-label">{w.resultLabel}</p>
      <p className="result-figure" data-testid="sweep-result-figure">
        {resultBest(r.best.label, rate(best.value), rate(best.low), rate(best.high), spread)}
      </p>
      <ul className="result-more">
        {r.tiedWithBest.length > 0 && <li data-testid="sweep-result-tied">{resultTied(r.tiedWithBest)}</li>}
        {r.aheadOfAll && <li data-testid="sweep-result-tied">{resultAhead(r.best.label)}</li>}
        {r.sameAsNext.length > 0 && <li>{resultSameAsNext(r.sameAsNext)}</li>}
        {r.noSpread.length > 0 && <li>{resultNoSpread(r.noSpread)}</li>}
        {spread && <li>{resultInterval(r.best.label, best.blocks)}</li>}
        {r.peakRatio === null ? (
          <li>{resultNoMemory()}</li>
        ) : (
          <li>{resultMemory(r.lastLabel, r.firstLabel, x(r.peakRatio))}</li>
        )}
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
