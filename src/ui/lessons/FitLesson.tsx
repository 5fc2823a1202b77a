/**
 * Lesson 5, when the batch does not fit: a pretend, smaller GPU refuses the batch at once; 4 micro-batches,
 * recomputation per block and both fit. The reference figures (activations ÷ k; Chen et al.'s √n
 * checkpoints) beside what each arm measured: peak, activations, step time, and its weights after one step
 * against the batch at once's, with the line that explains the gap. Figures from ./fitResults.ts.
 */
import { FIT_MICRO_BATCHES, LESSONS, SAME_GRADIENTS_TOLERANCE } from '../../config/lessons';
import { pooledBytes } from '../../config/memoryEstimate';
import { fill } from '../../i18n/fill';
import { selectLessonRun, useLessonStore } from '../../state/lessonStore';
import { useAppStore } from '../../state/store';
import { formatBytes, formatMs, formatRatio } from '../format';
import { useLocale, useText } from '../i18n/useText';
import { ArticleFigure } from './ArticleFigure';
import { armLabel } from './armLabel';
import { fitArmIds, fitLessonResult, fitReference, type FitArm, type FitReference } from './fitResults';
import { percent, scientific } from './lessonFormat';

const lesson = LESSONS.fit;
const ids = fitArmIds(lesson);

/** The reference for the batch at once, with the conv kernels the page's backend runs. */
function useReference(): FitReference {
  const ownConvKernels = useAppStore((s) => s.backendInfo?.ownConvKernels ?? false);
  return fitReference(lesson.config, FIT_MICRO_BATCHES, ownConvKernels ? { ownConvKernels } : {});
}

export function FitArticle() {
  const w = useText().lessons.fit.article;
  const t = useText();
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
        checkpoint: bytes(r.checkpointActivationBytes),
      })}{' '}
      <span data-testid="fit-budget">
        {fill(w.budget, {
          budget: bytes(lesson.memoryBudgetBytes ?? 0),
          batch: lesson.config.batchSize,
          estimate: bytes(r.totalBytes),
          pooled: bytes(pooledBytes(r)),
        })}
      </span>
    </ArticleFigure>
  );
}

export function FitResult() {
  const t = useText();
  const w = t.lessons.fit.result;
  const locale = useLocale();
  const run = useLessonStore(selectLessonRun('fit'));
  const ref = useReference();
  const r = fitLessonResult(run.arms, ids);
  if (!r) return null;
  const bytes = (b: number) => formatBytes(b, locale);
  const baseline = r.arms.find((a) => a.id === r.baselineId);
  const baselineName = armLabel(t, 'fit', r.baselineId);
  const referenceCell = (id: string): string => {
    const share = percent(ref.checkpointKeptShare, locale);
    if (id === ids.referenceId) return fill(w.referenceAtOnce, { bytes: bytes(ref.activationBytes) });
    if (id === ids.baselineId)
      return fill(w.referenceMicro, { k: ref.k, bytes: bytes(ref.activationsPerMicroBatchBytes) });
    if (id === ids.bothId)
      return fill(w.referenceBoth, {
        k: ref.k,
        share,
        bytes: bytes(ref.activationsPerMicroBatchBytes * ref.checkpointKeptShare),
      });
    return fill(w.referenceRecompute, { share, bytes: bytes(ref.checkpointActivationBytes) });
  };
  const weightsCell = (a: FitArm): string => {
    if (a.id === ids.referenceId) return w.sameReference;
    if (a.sameGradients === null) return run.checkingGradients ? w.checking : '—';
    const diff = scientific(a.sameGradients.maxWeightDifference, locale);
    return a.withinTolerance
      ? fill(w.same, { diff })
      : fill(w.differs, { diff, relative: scientific(a.sameGradients.relativeUpdateDifference, locale) });
  };
  const c = w.columns;
  const stepHeader = fill(c.step, { baseline: baselineName });
  return (
    <section
      className="result-card"
      aria-label={t.lessons.view.resultLabel}
      data-testid="result-card"
      data-at-once-estimate-bytes={r.atOnceEstimateBytes}
      data-budget-bytes={r.budgetBytes}
      data-recompute-activation-ratio={r.recomputeActivationRatio ?? ''}
    >
      <p className="result-label">{w.measuredLabel}</p>
      {baseline && baseline.peakBytes !== null && baseline.peakOverAtOnceEstimate !== null && (
        <p className="result-figure" data-testid="result-figure">
          {fill(w.headline, {
            k: ref.k,
            peak: bytes(baseline.peakBytes),
            ratio: formatRatio(baseline.peakOverAtOnceEstimate, locale),
          })}
        </p>
      )}
      <p data-testid="result-refused">
        {fill(w.refused, {
          budget: bytes(r.budgetBytes),
          batch: lesson.config.batchSize,
          estimate: bytes(r.atOnceEstimateBytes),
          pooled: bytes(r.atOncePooledBytes),
          headroom: r.poolHeadroom,
        })}
      </p>
      <div className="table-scroll" role="region" aria-label={w.columns.arm} tabIndex={0}>
        <table className="arm-table" data-testid="fit-table">
          <caption className="visually-hidden">{fill(w.caption, { baseline: baselineName })}</caption>
          <thead>
            <tr>
              <th scope="col">{c.arm}</th>
              <th scope="col">{c.peak}</th>
              <th scope="col">{c.activations}</th>
              <th scope="col">{c.reference}</th>
              <th scope="col">{stepHeader}</th>
              <th scope="col">{c.weights}</th>
            </tr>
          </thead>
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
                <td data-label={c.peak}>
                  {a.refusal
                    ? fill(w.estimateCell, { bytes: bytes(a.refusal.totalBytes) })
                    : a.peakBytes === null || a.peakOverAtOnceEstimate === null
                      ? '—'
                      : fill(w.ratioCell, {
                          value: bytes(a.peakBytes),
                          ratio: formatRatio(a.peakOverAtOnceEstimate, locale),
                        })}
                </td>
                <td data-label={c.activations}>
                  {a.refusal ? w.refusedCell : a.activationBytes === null ? '—' : bytes(a.activationBytes)}
                </td>
                <td data-label={c.reference}>{referenceCell(a.id)}</td>
                <td data-label={stepHeader}>
                  {a.stepMs === null || a.stepOverBaseline === null
                    ? '—'
                    : a.id === r.baselineId
                      ? fill(w.baselineCell, { value: formatMs(a.stepMs, locale) })
                      : fill(w.ratioCell, {
                          value: formatMs(a.stepMs, locale),
                          ratio: formatRatio(a.stepOverBaseline, locale),
                        })}
                </td>
                <td data-label={c.weights}>{weightsCell(a)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {r.recomputeActivationRatio !== null && (
        <p data-testid="result-recompute">
          {fill(w.recompute, { ratio: formatRatio(r.recomputeActivationRatio, locale) })}
        </p>
      )}
      <p className="result-gap" data-testid="result-gap">
        <strong>{fill(w.gapTitle, { k: ref.k })}</strong>{' '}
        {fill(w.gap, { other: bytes(ref.otherBytes), total: bytes(ref.totalBytes), layers: ref.layers })}
      </p>
      <p className="help">{fill(w.sameNote, { tolerance: scientific(SAME_GRADIENTS_TOLERANCE, locale) })}</p>
    </section>
  );
}
