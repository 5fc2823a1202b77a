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

const cores = typeof navigator === 'undefined' ? null : (navigator.hardwareConcurrency ?? null);

export function LoadersArticle() {
  const a = articleLoaders();
  return (
    <ArticleFigure figure="“Measure it”">
      The right number of workers depends on your CPU, IO and GPU. Its example: {a.workers} workers ×{' '}
      {a.prefetch} prefetched batches hold {decimalBytes(a.floatHeldBytes)} of float32 batches in RAM (
      {decimalBytes(a.uint8HeldBytes)} as uint8).
    </ArticleFigure>
  );
}

export function LoadersResult({ arms }: { arms: readonly ArmResult[] }) {
  const r = loadersLessonResult(arms);
  if (!r) return null;
  const w2 = arms.find((a) => a.id === 'w2')!.figures;
  return (
    <section
      className="result-card"
      aria-label="Result"
      data-testid="result-card"
      data-wait-share-0={r.waitShare0}
      data-wait-share-2={r.waitShare2}
      data-speedup={r.speedup}
      data-first-timed-step-2={r.firstTimedStep2}
    >
      <div className="result-pair">
        <div className="result-measured">
          <p className="result-label">Measured here: waiting for data</p>
          <p className="result-figure" data-testid="result-figure">
            {percent(r.waitShare0)} → {percent(r.waitShare2)} of each step
          </p>
          <p>0 workers → 2 workers: {times(r.speedup)} the samples per second.</p>
        </div>
        <div className="result-article">
          <p className="result-label">The article</p>
          <p className="result-figure">Measure it</p>
          <p>Too few workers starve the GPU; too many exhaust RAM or CPU.</p>
        </div>
      </div>
      <p className="result-gap" data-testid="result-gap">
        <strong>Why not more:</strong> the loader workers and this software GPU share the same{' '}
        {cores ? `${cores} CPU cores` : 'CPU cores'}: compute per step went from {formatMs(r.computeMs0)} to{' '}
        {formatMs(r.computeMs2)} while the workers built batches.
      </p>
      <ul className="result-more">
        <li data-testid="result-timing">
          Timing started at step {r.firstTimedStep2} with 2 workers, after the {r.prefetchedSteps2} batches
          prefetched during the first step had been used; {w2.timedSteps} steps timed.
        </li>
      </ul>
    </section>
  );
}

export function LoadersSide({ arms }: { arms: readonly ArmResult[] }) {
  return (
    <ArmTable
      arms={arms}
      kind="timing"
      caption="0 and 2 loader workers, each trained in its own worker until its throughput was stable"
    />
  );
}
