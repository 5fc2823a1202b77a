/**
 * Lesson 3, several GPUs: device 0's memory ÷ device 1's under DataParallel, loss inside forward and DDP,
 * beside the article's 4 GPUs where device 0 holds the outputs of the whole batch.
 */
import {
  PARALLEL_STRATEGIES,
  STRATEGY_LABELS,
  type ParallelStepRecord,
  type ParallelStrategy,
} from '../../config/parallel';
import { GPUS_LESSON_REPLICAS, LESSONS } from '../../config/lessons';
import { formatBytes, formatExactBytes } from '../format';
import { ArticleFigure } from './ArticleFigure';
import { times } from './lessonFormat';
import { articleGpus, gpusLessonResult } from './lessonResults';

type Records = Partial<Record<ParallelStrategy, ParallelStepRecord>>;

const SHORT: Record<ParallelStrategy, string> = {
  'dp-gather': 'DataParallel',
  'dp-loss-in-forward': 'Loss in forward',
  ddp: 'DDP',
};

export function GpusArticle() {
  const a = articleGpus();
  return (
    <ArticleFigure figure={`GPU 0 holds ${times(a.outputRatio)} the outputs`}>
      {a.gpus} GPUs, a batch of {a.batchSize}: nn.DataParallel gathers all {a.batchSize} samples&apos; outputs
      on GPU 0, while each other GPU holds its {a.shard}.
    </ArticleFigure>
  );
}

export function GpusResult({ records }: { records: Records }) {
  const r = gpusLessonResult(records);
  const allDone = PARALLEL_STRATEGIES.every((s) => records[s]);
  if (!r || !allDone) return null;
  const ratio = (s: ParallelStrategy) => r.strategies.find((x) => x.strategy === s)?.ratio ?? Number.NaN;
  const { batchSize, imageSizePx } = LESSONS.gpus.config;
  return (
    <section
      className="result-card"
      aria-label="Result"
      data-testid="result-card"
      data-ratio-dp-gather={ratio('dp-gather')}
      data-ratio-dp-loss-in-forward={ratio('dp-loss-in-forward')}
      data-ratio-ddp={ratio('ddp')}
    >
      <div className="result-pair">
        <div className="result-measured">
          <p className="result-label">Measured here: device 0 ÷ device 1 memory</p>
          <p className="result-figure" data-testid="result-figure">
            {times(ratio('dp-gather'))} → {times(ratio('ddp'))}
          </p>
          <p>
            DataParallel {times(ratio('dp-gather'))} · loss in forward {times(ratio('dp-loss-in-forward'))} ·
            DDP {times(ratio('ddp'))}
          </p>
        </div>
        <div className="result-article">
          <p className="result-label">The article</p>
          <p className="result-figure">{times(r.articleOutputRatio)} the outputs on GPU 0</p>
          <p>{r.articleGpus} GPUs; DDP: “100% load on every GPU”.</p>
        </div>
      </div>
      <p className="result-gap" data-testid="result-gap">
        <strong>Why the numbers differ:</strong> here {GPUS_LESSON_REPLICAS} devices train a batch of{' '}
        {batchSize} at {imageSizePx} × {imageSizePx} px, so device 0 gathers {GPUS_LESSON_REPLICAS}× the
        outputs and also alone holds the optimizer state and the summed gradients. Every &quot;device&quot;
        shares this machine&apos;s CPU, so compare memory and bytes, not time.
      </p>
    </section>
  );
}

export function GpusSide({ records }: { records: Records }) {
  const rows = PARALLEL_STRATEGIES.flatMap((s) => {
    const record = records[s];
    return record ? [{ strategy: s, record }] : [];
  });
  if (rows.length === 0) return null;
  const r = gpusLessonResult(records);
  return (
    <div className="table-scroll">
      <table className="arm-table" data-testid="strategy-table">
        <caption>Memory at each device&apos;s step peak, last step of each strategy</caption>
        <thead>
          <tr>
            <th scope="col">Strategy</th>
            <th scope="col">Device 0</th>
            <th scope="col">Device 1</th>
            <th scope="col">0 ÷ 1</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ strategy }) => {
            const b = r?.strategies.find((x) => x.strategy === strategy);
            return (
              <tr key={strategy} data-testid={`strategy-${strategy}`} data-ratio={b?.ratio ?? ''}>
                <th scope="row" title={STRATEGY_LABELS[strategy]}>
                  {SHORT[strategy]}
                </th>
                <td title={b ? formatExactBytes(b.device0Bytes) : ''}>
                  {b ? formatBytes(b.device0Bytes) : '—'}
                </td>
                <td title={b ? formatExactBytes(b.othersBytes) : ''}>
                  {b ? formatBytes(b.othersBytes) : '—'}
                </td>
                <td>{b ? times(b.ratio) : '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
