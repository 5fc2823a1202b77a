/**
 * Lesson 2, loader workers, in two cases: storage-bound (a simulated latency per sample, which workers
 * overlap) and CPU-bound (expensive batches, whose workers share the cores with a software GPU). For each,
 * the share of each step spent waiting for data with 0 and 2 workers and the throughput ratio; for the
 * CPU-bound case, the core count and what sharing them did to compute per step. Beside the article's
 * advice and its host-memory example.
 */
import { formatMs } from '../format';
import { articleHostMemory } from '../../data/batchBytes';
import { ArticleFigure } from './ArticleFigure';
import { ArmTable } from './ArmTable';
import { decimalBytes, percent, times } from './lessonFormat';
import { loadersLessonResult, type ArmResult, type LoadersPairResult } from './lessonResults';
import { fill, plural } from '../../i18n/fill';
import { DEFAULT_PAIRED_RULE, type PairedVerdict } from '../../config/pairedTiming';
import { verdictWords } from '../results/verdictText';
import { useLocale, useText } from '../i18n/useText';

const cores = typeof navigator === 'undefined' ? null : (navigator.hardwareConcurrency ?? null);

export function LoadersArticle() {
  const w = useText().lessons.loaders.article;
  const locale = useLocale();
  // The article's example: 8 workers × 2 prefetched batches held in RAM, float32 + int64 and uint8.
  const a = articleHostMemory(2);
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

export function LoadersResult({
  arms,
  pairs,
}: {
  arms: readonly ArmResult[];
  pairs: Readonly<Record<string, PairedVerdict>>;
}) {
  const t = useText();
  const w = t.lessons.loaders.result;
  const locale = useLocale();
  const r = loadersLessonResult(arms, pairs);
  if (!r) return null;
  const { storage, cpu } = r;
  return (
    <section
      className="result-card"
      aria-label={t.lessons.view.resultLabel}
      data-testid="result-card"
      {...(storage && {
        'data-storage-wait-share-0': storage.waitShare0,
        'data-storage-wait-share-2': storage.waitShare2,
        'data-storage-first-timed-step-2': storage.firstTimedStep2,
      })}
      {...(cpu && {
        'data-first-timed-step-2': cpu.firstTimedStep2,
        'data-compute-ms-0': cpu.computeMs0,
        'data-compute-ms-2': cpu.computeMs2,
      })}
    >
      <div className="result-pair">
        <div className="result-measured">
          {storage && (
            <PairFigures
              testId="result-figure"
              title={fill(w.storageTitle, { latency: formatMs(r.storageLatencyMsPerSample, locale) })}
              pair={storage}
            />
          )}
          {cpu && <PairFigures testId="result-figure-cpu" title={w.cpuTitle} pair={cpu} />}
        </div>
        <div className="result-article">
          <p className="result-label">{w.articleLabel}</p>
          <p className="result-figure">{w.articleFigure}</p>
          <p>{w.articleDetail}</p>
        </div>
      </div>
      {cpu && (
        <p className="result-gap" data-testid="result-gap" data-verdict={cpu.speedVerdict?.code}>
          <strong>{cpu.speedVerdict ? t.verdict.explainTitle[cpu.speedVerdict.code] : w.gapTitle}</strong>{' '}
          {fill(cpu.speedVerdict ? w.explain[cpu.speedVerdict.code] : w.gap, {
            cores: cores ? fill(plural(locale, cores, w.cores), { n: cores }) : w.coresUnknown,
            before: formatMs(cpu.computeMs0, locale),
            after: formatMs(cpu.computeMs2, locale),
          })}
        </p>
      )}
    </section>
  );
}

/** One case's measured figures: its wait shares with 0 and 2 workers and the throughput ratio. */
function PairFigures({ testId, title, pair }: { testId: string; title: string; pair: LoadersPairResult }) {
  const t = useText();
  const w = t.lessons.loaders.result;
  const locale = useLocale();
  // The ratio shown is the paired rounds' median, the same figure the verdict and its interval describe.
  const words =
    pair.speed && pair.speedVerdict
      ? verdictWords(t, locale, pair.speed, pair.speedVerdict, DEFAULT_PAIRED_RULE.tolerance)
      : null;
  return (
    <>
      <p className="result-label">{title}</p>
      <p className="result-figure" data-testid={testId}>
        {fill(w.figure, {
          before: percent(pair.waitShare0, locale),
          after: percent(pair.waitShare2, locale),
        })}
        {!words && (
          <span className="result-speedup"> {fill(w.speedup, { factor: times(pair.speedup, locale) })}</span>
        )}
      </p>
      {words && pair.speed && pair.speedVerdict && (
        <p
          className="result-verdict"
          data-testid={`${testId}-verdict`}
          data-verdict={pair.speedVerdict.code}
          data-low={pair.speed.low}
          data-high={pair.speed.high}
          data-median={pair.speed.median}
          data-rounds={pair.rounds}
        >
          {w.twoWorkers} <strong>{words.verdict}</strong>: {words.figure} ({words.interval}).{' '}
          {words.settledNote}
        </p>
      )}
    </>
  );
}

export function LoadersSide({ arms }: { arms: readonly ArmResult[] }) {
  const t = useText();
  return <ArmTable lesson="loaders" arms={arms} kind="timing" caption={t.lessons.loaders.tableCaption} />;
}
