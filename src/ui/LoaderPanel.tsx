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
import { formatBytes, formatExactBytes, formatMs, formatNumber } from './format';
import { fill, plural } from '../i18n/fill';
import type { Dictionary } from '../i18n/types';
import { useLocale, useText } from './i18n/useText';
import { Figure } from './Figure';

type LoaderText = Dictionary['panels']['loader'];

const bytesText = (w: LoaderText, bytes: number, locale: string) =>
  fill(w.bytes, { exact: formatExactBytes(bytes, locale), short: formatBytes(bytes, locale) });
const count = (locale: string, n: number, text: { one: string; other: string }) =>
  fill(plural(locale, n, text), { n });

function ArticleExample({ prefetch, id, hidden }: { prefetch: number; id: string; hidden: boolean }) {
  const w = useText().panels.loader;
  const locale = useLocale();
  const ex = articleHostMemory(prefetch);
  return (
    <div id={id} className="loader-article" data-testid="loader-article" hidden={hidden}>
      <p>{fill(w.article, { workers: count(locale, ex.workers, w.workers), prefetch: ex.prefetch })}</p>
      <ul>
        <li data-testid="loader-article-float">
          {fill(w.articleFloat, {
            workers: ex.workers,
            prefetch: ex.prefetch,
            batch: formatExactBytes(ex.floatBatchBytes, locale),
            held: bytesText(w, ex.floatHeldBytes, locale),
          })}
        </li>
        <li data-testid="loader-article-uint8">
          {fill(w.articleUint8, {
            workers: ex.workers,
            prefetch: ex.prefetch,
            batch: formatExactBytes(ex.uint8BatchBytes, locale),
            held: bytesText(w, ex.uint8HeldBytes, locale),
            ratio: ex.floatBatchBytes / ex.uint8BatchBytes,
          })}
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
  const w = useText().panels.loader;
  const locale = useLocale();
  const batchBytes = formula.hostBatchBytes(config);
  const { workers, prefetch } = config;
  const formulaBytes = formula.loaderQueuedBytes(workers, prefetch, batchBytes);
  const dash = '—';

  let measured = dash;
  let waiting = dash;
  let building = dash;
  if (latest) {
    const held = formula.batchesHeld(latest.hostBytesInFlight, latest.hostBatchBytes);
    const inFlight = bytesText(w, latest.hostBytesInFlight, locale);
    measured = Number.isNaN(held)
      ? inFlight
      : fill(w.held, { bytes: inFlight, batches: count(locale, held, w.batches) });
    const fraction = formula.dataWaitFraction(latest.dataWaitMs, latest.stepMs);
    waiting =
      fraction === null
        ? formatMs(latest.dataWaitMs, locale)
        : fill(w.waitOfStep, {
            wait: formatMs(latest.dataWaitMs, locale),
            step: formatMs(latest.stepMs, locale),
            percent: formatNumber(fraction * 100, locale, 1),
          });
    const trainMs = latest.uploadMs + latest.computeMs;
    const needed = formula.workersToKeepUp(latest.batchBuildMs, trainMs);
    building =
      needed === null
        ? formatMs(latest.batchBuildMs, locale)
        : fill(w.buildKeepUp, {
            build: formatMs(latest.batchBuildMs, locale),
            train: formatMs(trainMs, locale),
            workers: count(locale, needed, w.workersOwnCores),
          }) + (cores !== null && needed >= cores ? fill(w.coresNote, { cores }) : '');
  }

  return (
    <section className="panel loader-panel" aria-labelledby="loader-title">
      <h2 id="loader-title">{w.title}</h2>
      <dl>
        <Figure label={w.batchOnHost} value={bytesText(w, batchBytes, locale)} testId="loader-batch-bytes" />
        <Figure
          label={w.mostHeld}
          value={
            workers === 0
              ? w.noWorkers
              : `${workers} × ${prefetch} × ${formatExactBytes(batchBytes, locale)} = ${bytesText(w, formulaBytes, locale)}`
          }
          testId="loader-formula"
        />
        <Figure label={w.measured} value={measured} testId="loader-measured" />
        <Figure label={w.waiting} value={waiting} testId="loader-data-wait" />
        <Figure label={w.building} value={building} testId="loader-build" />
      </dl>
      <button
        type="button"
        aria-expanded={showArticle}
        aria-controls={articleId}
        onClick={() => setShowArticle((v) => !v)}
        data-testid="loader-article-toggle"
      >
        {showArticle ? w.hideArticle : w.showArticle}
      </button>
      <ArticleExample prefetch={prefetch} id={articleId} hidden={!showArticle} />
    </section>
  );
}
