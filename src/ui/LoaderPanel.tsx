/**
 * DataLoader workers, in numbers, for the current config: host bytes the loader workers held at the
 * latest step (measured from the batch buffers) beside the formula workers × prefetch × batch bytes, the
 * share of the step the trainer spent waiting for its batch, what building that batch cost and how many
 * workers would keep up with the step, and the article's example (8 workers of float32 + int64 batches vs
 * uint8 batches) one click away. Plain text; reads the store, calls nothing.
 */
import { useId, useState } from 'react';

const cores = typeof navigator === 'undefined' ? null : (navigator.hardwareConcurrency ?? null);
import * as formula from '../config/hostMemory';
import { articleHostMemory } from '../data/batchBytes';
import { selectConfig, useAppStore } from '../state/store';
import { formatBytes, formatExactBytes, formatMs } from './format';

const bytesText = (bytes: number) => `${formatExactBytes(bytes)} (${formatBytes(bytes)})`;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function ArticleExample({ prefetch, id, hidden }: { prefetch: number; id: string; hidden: boolean }) {
  const ex = articleHostMemory(prefetch);
  return (
    <div id={id} className="loader-article" data-testid="loader-article" hidden={hidden}>
      <p>
        The article’s batch, 32 RGB images of 512×512 px with a per-pixel class mask, held by{' '}
        {plural(ex.workers, 'worker')} with prefetch {ex.prefetch}:
      </p>
      <ul>
        <li data-testid="loader-article-float">
          float32 image + int64 mask: {ex.workers} × {ex.prefetch} × {formatExactBytes(ex.floatBatchBytes)} ={' '}
          {bytesText(ex.floatHeldBytes)}
        </li>
        <li data-testid="loader-article-uint8">
          uint8 image + uint8 mask: {ex.workers} × {ex.prefetch} × {formatExactBytes(ex.uint8BatchBytes)} ={' '}
          {bytesText(ex.uint8HeldBytes)}, {ex.floatBatchBytes / ex.uint8BatchBytes}× less
        </li>
      </ul>
    </div>
  );
}

export function LoaderPanel() {
  const config = useAppStore(selectConfig);
  const latest = useAppStore((s) => s.latest);
  const [showArticle, setShowArticle] = useState(false);
  const articleId = useId();
  const batchBytes = formula.hostBatchBytes(config);
  const { workers, prefetch } = config;
  const formulaBytes = formula.loaderQueuedBytes(workers, prefetch, batchBytes);
  const dash = '—';

  let measured = dash;
  let waiting = dash;
  let building = dash;
  if (latest) {
    const held = formula.batchesHeld(latest.hostBytesInFlight, latest.hostBatchBytes);
    measured = Number.isNaN(held)
      ? bytesText(latest.hostBytesInFlight)
      : `${bytesText(latest.hostBytesInFlight)} = ${plural(held, 'batch', 'batches')}`;
    const fraction = formula.dataWaitFraction(latest.dataWaitMs, latest.stepMs);
    waiting =
      fraction === null
        ? formatMs(latest.dataWaitMs)
        : `${formatMs(latest.dataWaitMs)} of a ${formatMs(latest.stepMs)} step (${(fraction * 100).toFixed(1)} %)`;
    const trainMs = latest.uploadMs + latest.computeMs;
    const needed = formula.workersToKeepUp(latest.batchBuildMs, trainMs);
    building =
      needed === null
        ? formatMs(latest.batchBuildMs)
        : `${formatMs(latest.batchBuildMs)}; upload + compute took ${formatMs(trainMs)}, so ${needed === 1 ? '1 worker on its own core' : `${needed} workers on their own cores`} would keep up` +
          (cores !== null && needed >= cores
            ? `. This browser reports ${cores} cores, and a software GPU computes on them too: more workers than cores take time from the training itself.`
            : '');
  }

  return (
    <section className="panel loader-panel" aria-labelledby="loader-title">
      <h2 id="loader-title">Loader workers</h2>
      <dl>
        <div className="figure">
          <dt>One batch on the host</dt>
          <dd data-testid="loader-batch-bytes">{bytesText(batchBytes)}</dd>
        </div>
        <div className="figure">
          <dt>Most held: workers × prefetch × batch bytes</dt>
          <dd data-testid="loader-formula">
            {workers === 0
              ? 'none: with 0 workers each batch is built when the step asks for it'
              : `${workers} × ${prefetch} × ${formatExactBytes(batchBytes)} = ${bytesText(formulaBytes)}`}
          </dd>
        </div>
        <div className="figure">
          <dt>Measured in flight at the latest step</dt>
          <dd data-testid="loader-measured">{measured}</dd>
        </div>
        <div className="figure">
          <dt>GPU waiting for data at the latest step</dt>
          <dd data-testid="loader-data-wait">{waiting}</dd>
        </div>
        <div className="figure">
          <dt>Building its batch (one core)</dt>
          <dd data-testid="loader-build">{building}</dd>
        </div>
      </dl>
      <button
        type="button"
        aria-expanded={showArticle}
        aria-controls={articleId}
        onClick={() => setShowArticle((v) => !v)}
        data-testid="loader-article-toggle"
      >
        {showArticle ? 'Hide the article’s example' : 'Show the article’s example'}
      </button>
      <ArticleExample prefetch={prefetch} id={articleId} hidden={!showArticle} />
    </section>
  );
}
