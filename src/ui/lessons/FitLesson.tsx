/**
 * Lesson 5, when the batch does not fit: a pretend, smaller GPU refuses the batch at once; 4 micro-batches,
 * recomputation per block and both fit. The card sets what was measured beside the reference (activations
 * ÷ k; Chen et al.'s √n checkpoints) with the line that explains the gap; the side table gives every arm's
 * figures: peak, activations beside their reference, step time, and its weights after one step against the
 * batch at once's. Figures from ./fitResults.ts.
 */
import { FIT_MICRO_BATCHES, LESSONS, SAME_GRADIENTS_TOLERANCE } from '../../config/lessons';
import { pooledBytes } from '../../config/memoryEstimate';
import { estimateOptions } from '../../config/preflight';
import { fill } from '../../i18n/fill';
import { selectLessonRun, useLessonStore } from '../../state/lessonStore';
import { useAppStore } from '../../state/store';
import { formatBytes, formatMs, formatRatio } from '../format';
import { useLocale, useText } from '../i18n/useText';
import { ArticleFigure } from './ArticleFigure';
import { armLabel } from './armLabel';
import { fitArmIds, fitLessonResult, fitReference, type FitArm, type FitReference } from './fitResults';
import { percent, scientific } from './lessonFormat';
import { ColumnHeads } from '../ColumnHeads';

const lesson = LESSONS.fit;
const ids = fitArmIds(lesson);

/** The reference for the batch at once, estimated as the pre-flight that refuses it estimates it. */
function useReference(): FitReference {
  const info = useAppStore((s) => s.backendInfo);
  return fitReference(lesson.config, FIT_MICRO_BATCHES, estimateOptions(lesson.config, info));
}

function useFitResult() {
  const run = useLessonStore(selectLessonRun('fit'));
  return { run, result: fitLessonResult(run.arms, ids) };
}

export function FitArticle() {
  const t = useText();
  const w = t.lessons.fit.article;
  const locale = useLocale();
  const r = useReference();
  const bytes = (b: number) => formatBytes(b, locale);
  return (
    <ArticleFigure
      label={t.lessons.view.referenceLabel}
      figure={fill(w.figure, { k: r.k, share: percent(r.checkpointKeptShare, locale) })}
    >
      {fill(w.detail, {
        k: r.k,
        all: bytes(r.activationBytes),
        perPart: bytes(r.activationsPerMicroBatchBytes),
        layers: r.layers,
        share: percent(r.checkpointKeptShare, locale),
      })}{' '}
      <strong data-testid="fit-budget">
        {fill(w.budget, {
          budget: formatBytes(lesson.memoryBudgetBytes ?? 0, locale, 2),
          batch: lesson.config.batchSize,
          pooled: formatBytes(pooledBytes(r), locale, 2),
        })}
      </strong>
    </ArticleFigure>
  );
}

export function FitResult() {
  const t = useText();
  const w = t.lessons.fit.result;
  const locale = useLocale();
  const ref = useReference();
  const { run, result: r } = useFitResult();
  if (!r) return null;
  const bytes = (b: number) => formatBytes(b, locale);
  // Two decimals: the budget and the needs around it lie within 5% of each other.
  const mib = (b: number) => formatBytes(b, locale, 2);
  const micro = r.arms.find((a) => a.id === ids.baselineId);
  const share = percent(ref.checkpointKeptShare, locale);
  return (
    <section
      className="result-card fit-card"
      aria-label={t.lessons.view.resultLabel}
      data-testid="result-card"
      data-at-once-estimate-bytes={r.atOnceEstimateBytes}
      data-budget-bytes={r.budgetBytes}
      data-same-gradients={r.allSameGradients ?? ''}
    >
      <div className="result-pair">
        <div className="result-measured">
          <p className="result-label">{w.measuredLabel}</p>
          {micro?.peakOverAtOnceEstimate != null && micro.peakBytes !== null && (
            <p className="result-figure" data-testid="result-figure">
              {fill(w.headline, { k: ref.k, ratio: formatRatio(micro.peakOverAtOnceEstimate, locale) })}
            </p>
          )}
          {micro?.peakBytes != null && (
            <p>
              {fill(w.peakDetail, {
                peak: bytes(micro.peakBytes),
                estimate: bytes(r.atOnceEstimateBytes),
              })}
            </p>
          )}
          {r.recomputeActivationRatio !== null && (
            <p data-testid="result-recompute">
              {fill(w.recompute, { ratio: formatRatio(r.recomputeActivationRatio, locale) })}
            </p>
          )}
          <p data-testid="result-same">
            {r.allSameGradients === null ||
            r.largestWeightDifference === null ||
            r.largestRelativeDifference === null
              ? run.checkingGradients
                ? w.checking
                : w.notCompared
              : fill(r.allSameGradients ? w.same : w.differs, {
                  diff: scientific(r.largestWeightDifference, locale),
                  relative: scientific(r.largestRelativeDifference, locale),
                  tolerance: scientific(SAME_GRADIENTS_TOLERANCE, locale),
                })}
          </p>
        </div>
        <div className="result-article">
          <p className="result-label">{t.lessons.view.referenceLabel}</p>
          <p className="result-figure">{fill(w.referenceFigure, { k: ref.k })}</p>
          <p>{fill(w.referenceDetail, { share })}</p>
        </div>
      </div>
      <p data-testid="result-refused">
        {fill(w.refused, {
          budget: mib(r.budgetBytes),
          batch: lesson.config.batchSize,
          pooled: mib(r.atOncePooledBytes),
          estimate: mib(r.atOnceEstimateBytes),
          headroom: r.poolHeadroom,
        })}
        {r.largestTrainedPeakBytes !== null &&
          r.largestTrainedPooledBytes !== null &&
          ` ${fill(r.largestTrainedPooledBytes <= r.budgetBytes ? w.underBudget : w.overBudget, {
            peak: mib(r.largestTrainedPeakBytes),
            headroom: r.poolHeadroom,
            pooled: mib(r.largestTrainedPooledBytes),
          })}`}
      </p>
      <p className="result-gap" data-testid="result-gap">
        <strong>{fill(w.gapTitle, { k: ref.k })}</strong>{' '}
        {fill(w.gap, {
          divided: percent(ref.dividedBytes / ref.totalBytes, locale),
        })}
      </p>
    </section>
  );
}

/** Every arm: peak, activations beside their reference, step time, weights after one step. */
export function FitSide() {
  const t = useText();
  const w = t.lessons.fit.table;
  const locale = useLocale();
  const ref = useReference();
  const { run, result: r } = useFitResult();
  if (!r) return null;
  const bytes = (b: number) => formatBytes(b, locale);
  const share = percent(ref.checkpointKeptShare, locale);
  const baselineName = armLabel(t, 'fit', ids.baselineId);
  const referenceOf = (id: string): string =>
    id === ids.baselineId
      ? fill(w.referenceMicro, { k: ref.k, bytes: bytes(ref.activationsPerMicroBatchBytes) })
      : id === ids.bothId
        ? fill(w.referenceBoth, {
            k: ref.k,
            share,
            bytes: bytes(ref.activationsPerMicroBatchBytes * ref.checkpointKeptShare),
          })
        : fill(w.referenceRecompute, { share, bytes: bytes(ref.checkpointActivationBytes) });
  const weightsOf = (a: FitArm): string => {
    if (a.id === ids.referenceId) return w.reference;
    if (a.sameGradients === null) return run.checkingGradients ? w.checking : '—';
    const diff = scientific(a.sameGradients.maxWeightDifference, locale);
    return a.withinTolerance
      ? fill(w.same, { diff })
      : fill(w.differs, { diff, relative: scientific(a.sameGradients.relativeUpdateDifference, locale) });
  };
  const stepHeader = fill(w.step, { baseline: baselineName });
  return (
    <div className="table-scroll" role="region" aria-label={w.label} tabIndex={0}>
      <table className="arm-table fit-table" data-testid="fit-table">
        <caption>
          {fill(w.caption, {
            baseline: baselineName,
            tolerance: scientific(SAME_GRADIENTS_TOLERANCE, locale),
          })}
        </caption>
        <ColumnHeads heads={[w.run, w.peak, w.activations, stepHeader, w.weights]} />
        <tbody>
          {r.arms.map((a) => (
            <tr
              key={a.id}
              data-testid={`fit-arm-${a.id}`}
              data-refused={a.refusal !== null}
              data-peak-bytes={a.peakBytes ?? ''}
              data-peak-ratio={a.peakOverAtOnceEstimate ?? ''}
              data-activation-bytes={a.activationBytes ?? ''}
              data-step-ms={a.stepMs ?? ''}
              data-step-ratio={a.stepOverBaseline ?? ''}
              data-weight-diff={a.sameGradients?.maxWeightDifference ?? ''}
              data-relative-diff={a.sameGradients?.relativeUpdateDifference ?? ''}
              data-same-gradients={a.withinTolerance ?? ''}
            >
              <th scope="row">{armLabel(t, 'fit', a.id)}</th>
              <td data-label={w.peak}>
                {a.refusal
                  ? fill(w.refusedCell, { bytes: bytes(a.refusal.totalBytes) })
                  : a.peakBytes === null || a.peakOverAtOnceEstimate === null
                    ? '—'
                    : fill(w.ratioCell, {
                        value: bytes(a.peakBytes),
                        ratio: formatRatio(a.peakOverAtOnceEstimate, locale),
                      })}
              </td>
              <td data-label={w.activations}>
                {a.refusal
                  ? fill(w.refusedActivations, { bytes: bytes(ref.activationBytes) })
                  : fill(w.activationsCell, {
                      measured: a.activationBytes === null ? '—' : bytes(a.activationBytes),
                      reference: referenceOf(a.id),
                    })}
              </td>
              <td data-label={stepHeader}>
                {a.stepMs === null || a.stepOverBaseline === null
                  ? '—'
                  : a.id === ids.baselineId
                    ? fill(w.baselineCell, { value: formatMs(a.stepMs, locale) })
                    : fill(w.ratioCell, {
                        value: formatMs(a.stepMs, locale),
                        ratio: formatRatio(a.stepOverBaseline, locale),
                      })}
              </td>
              <td data-label={w.weights}>{weightsOf(a)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
