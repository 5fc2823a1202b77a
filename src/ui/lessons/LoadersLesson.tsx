/**
 * Lesson 2, loader workers: the share of each step spent waiting for data with 0 and 2 workers, the
 * throughput gained, and why it is less than the cores would suggest here; beside the article's advice and
 * its host-memory example.
 */
import { formatMs } from '../format';
import { ArticleFigure } from './ArticleFigure';
import { ArmTable } from './ArmTable';
import { decimalBytes, percent, times } from './lessonFormat';
import { articleLoaders, loadersLessonResult, type ArmResult } from './lessonResults';
import { fill, plural } from '../../i18n/fill';
import { DEFAULT_TIMING } from '../../config/stableTiming';
import { verdictWords } from '../results/verdictText';
import { useLocale, useText } from '../i18n/useText';

const cores = typeof navigator === 'undefined' ? null : (navigator.hardwareConcurrency ?? null);

export function LoadersArticle() {
  const w = useText().lessons.loaders.article;
  const locale = useLocale();
  const a = articleLoaders();
  return (
    <ArticleFigure figure={w.figure}>
      {fill(w.detail, {
        workers: a.workers,
        prefetch: a.prefetch,
        float: decimalBytes(a.floatHeldBytes, locale),
        uint8: decimalBytes(a.uint8HeldBytes, locale),
      })}
    </ArticleFigure>
  );
}

export function LoadersResult({ arms }: { arms: readonly ArmResult[] }) {
  const t = useText();
  const w = t.lessons.loaders.result;
  const locale = useLocale();
  const r = loadersLessonResult(arms);
  if (!r) return null;
  const w2 = arms.find((a) => a.id === 'w2')!.figures;
  const words =
    r.speed && r.speedVerdict
      ? verdictWords(t, locale, r.speed, r.speedVerdict, DEFAULT_TIMING.tolerance, 'unpaired')
      : null;
  return (
    <section
      className="result-card"
      aria-label={t.lessons.view.resultLabel}
      data-testid="result-card"
      data-wait-share-0={r.waitShare0}
      data-wait-share-2={r.waitShare2}
      data-speedup={r.speedup}
      data-first-timed-step-2={r.firstTimedStep2}
    >
      <div className="result-pair">
        <div className="result-measured">
          <p className="result-label">{w.measuredLabel}</p>
          <p className="result-figure" data-testid="result-figure">
            {fill(w.figure, { before: percent(r.waitShare0, locale), after: percent(r.waitShare2, locale) })}
          </p>
          <p>{fill(w.speedup, { factor: times(r.speedup, locale) })}</p>
        </div>
        <div className="result-article">
          <p className="result-label">{w.articleLabel}</p>
          <p className="result-figure">{w.articleFigure}</p>
          <p>{w.articleDetail}</p>
        </div>
      </div>
      {words && (
        <p
          data-testid="result-verdict"
          data-verdict={r.speedVerdict!.code}
          data-not-settled={r.speedVerdict!.notSettled}
          data-low={r.speed!.low}
          data-high={r.speed!.high}
        >
          <strong>{words.verdict}</strong>: {words.figure} ({words.interval}). {words.settledNote}
        </p>
      )}
      <p className="result-gap" data-testid="result-gap">
        <strong>{words ? words.explainTitle : w.gapTitle}</strong>{' '}
        {fill(r.speedVerdict ? w.explain[r.speedVerdict.code] : w.gap, {
          cores: cores ? fill(plural(locale, cores, w.cores), { n: cores }) : w.coresUnknown,
          before: formatMs(r.computeMs0, locale),
          after: formatMs(r.computeMs2, locale),
        })}
      </p>
      <ul className="result-more">
        <li data-testid="result-timing">
          {fill(w.timing, { first: r.firstTimedStep2, prefetched: r.prefetchedSteps2, timed: w2.timedSteps })}
        </li>
      </ul>
    </section>
  );
}

export function LoadersSide({ arms }: { arms: readonly ArmResult[] }) {
  const t = useText();
  return <ArmTable lesson="loaders" arms={arms} kind="timing" caption={t.lessons.loaders.tableCaption} />;
}
