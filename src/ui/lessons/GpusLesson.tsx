/**
 * Lesson 3, several GPUs: device 0's memory ÷ device 1's under DataParallel, loss inside forward and DDP,
 * beside the article's 4 GPUs where device 0 holds the outputs of the whole batch.
 */
import { gatheredOutputRatio } from '../../config/lessonReconcile';
import { PARALLEL_STRATEGIES, type ParallelStepRecord, type ParallelStrategy } from '../../config/parallel';
import { GPUS_LESSON_REPLICAS, LESSONS } from '../../config/lessons';
import { formatBytes, formatExactBytes } from '../format';
import { ArticleFigure } from './ArticleFigure';
import { times } from './lessonFormat';
import { articleGpus, gpusLessonResult } from './lessonResults';
import { fill } from '../../i18n/fill';
import { useLocale, useText } from '../i18n/useText';
import { ColumnHeads } from '../ColumnHeads';

type Records = Partial<Record<ParallelStrategy, ParallelStepRecord>>;

export function GpusArticle() {
  const w = useText().lessons.gpus.article;
  const locale = useLocale();
  const a = articleGpus();
  return (
    <ArticleFigure figure={fill(w.figure, { ratio: times(a.outputRatio, locale) })}>
      {fill(w.detail, { gpus: a.gpus, batch: a.batchSize, shard: a.shard })}
    </ArticleFigure>
  );
}

export function GpusResult({ records }: { records: Records }) {
  const t = useText();
  const w = t.lessons.gpus.result;
  const locale = useLocale();
  const x = (factor: number) => times(factor, locale);
  const r = gpusLessonResult(records);
  const allDone = PARALLEL_STRATEGIES.every((s) => records[s]);
  if (!r || !allDone) return null;
  const ratio = (s: ParallelStrategy) => r.strategies.find((x) => x.strategy === s)?.ratio ?? Number.NaN;
  const { batchSize, imageSizePx } = LESSONS.gpus.config;
  // The article: 4 GPUs, batch 32: device 0 holds all 32 samples' outputs, each other device its 8.
  const article = articleGpus();
  return (
    <section
      className="result-card"
      aria-label={t.lessons.view.resultLabel}
      data-testid="result-card"
      data-ratio-dp-gather={ratio('dp-gather')}
      data-ratio-dp-loss-in-forward={ratio('dp-loss-in-forward')}
      data-ratio-ddp={ratio('ddp')}
    >
      <div className="result-pair">
        <div className="result-measured">
          <p className="result-label">{w.measuredLabel}</p>
          <p className="result-figure" data-testid="result-figure">
            {x(ratio('dp-gather'))} → {x(ratio('ddp'))}
          </p>
          <p>
            {fill(w.detail, {
              gather: x(ratio('dp-gather')),
              lossInForward: x(ratio('dp-loss-in-forward')),
              ddp: x(ratio('ddp')),
            })}
          </p>
        </div>
        <div className="result-article">
          <p className="result-label">{w.articleLabel}</p>
          <p className="result-figure">{fill(w.articleFigure, { ratio: x(article.outputRatio) })}</p>
          <p>{fill(w.articleDetail, { gpus: article.gpus })}</p>
        </div>
      </div>
      <p data-testid="result-reconcile">
        {fill(w.reconcile, {
          gpus: article.gpus,
          article: x(article.outputRatio),
          devices: GPUS_LESSON_REPLICAS,
          outputs: x(gatheredOutputRatio(batchSize, GPUS_LESSON_REPLICAS)),
          memory: x(ratio('dp-gather')),
        })}
      </p>
      <p className="result-gap" data-testid="result-gap">
        <strong>{w.gapTitle}</strong>{' '}
        {fill(w.gap, { devices: GPUS_LESSON_REPLICAS, batch: batchSize, size: imageSizePx })}
      </p>
    </section>
  );
}

export function GpusSide({ records }: { records: Records }) {
  const shown = PARALLEL_STRATEGIES.filter((s) => records[s]);
  const t = useText();
  const w = t.lessons.gpus;
  const locale = useLocale();
  if (shown.length === 0) return null;
  const r = gpusLessonResult(records);
  return (
    <div className="table-scroll">
      <table className="arm-table" data-testid="strategy-table">
        <caption>{w.tableCaption}</caption>
        <ColumnHeads heads={[w.strategy, fill(w.device, { n: 0 }), fill(w.device, { n: 1 }), '0 ÷ 1']} />
        <tbody>
          {shown.map((strategy) => {
            const b = r?.strategies.find((x) => x.strategy === strategy);
            return (
              <tr key={strategy} data-testid={`strategy-${strategy}`} data-ratio={b?.ratio ?? ''}>
                <th scope="row" title={t.parallel.strategies[strategy]}>
                  {w.shortStrategies[strategy]}
                </th>
                <td title={b ? formatExactBytes(b.device0Bytes, locale) : ''}>
                  {b ? formatBytes(b.device0Bytes, locale) : '—'}
                </td>
                <td title={b ? formatExactBytes(b.othersBytes, locale) : ''}>
                  {b ? formatBytes(b.othersBytes, locale) : '—'}
                </td>
                <td>{b ? times(b.ratio, locale) : '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
