/**
 * The pre-flight memory check, in words: what one training step of the current config needs against what
 * this device allows. A config that does not fit gets a refusal with the numbers and a "Use batch N" button
 * that applies the largest batch that fits; RunControls keeps Start disabled meanwhile (unless the page was
 * opened with the `?skipPreflight=1` debug flag). A config that fits gets one line (a tap opens the whole
 * estimate). Every string is rendered as text.
 */
import { formatBytes } from '../config/byteFormat';
import { pooledBytes } from '../config/memoryEstimate';
import { selectIsRunning, useAppStore } from '../state/store';
import { usePreflight } from './usePreflight';
import { fill } from '../i18n/fill';
import { Template } from './i18n/Template';
import { useLocale, useText } from './i18n/useText';
import { limitsSourceText, refusalText } from './preflightText';

export function PreflightNotice() {
  const { result, skipped } = usePreflight();
  const running = useAppStore(selectIsRunning);
  const setConfig = useAppStore((s) => s.setConfig);
  const t = useText();
  const locale = useLocale();
  if (result.verdict === 'waiting') return null;
  const w = t.preflight;
  const b = (bytes: number) => formatBytes(bytes, locale);
  const { limits } = result;
  const perBufferBytes = Math.min(limits.maxBufferSizeBytes, limits.maxStorageBufferBindingSizeBytes);

  if (result.verdict === 'fits') {
    const e = result.estimate;
    return (
      <details className="preflight help folded-line" data-testid="preflight-ok">
        <summary>
          {fill(w.fits, {
            total: b(e.totalBytes),
            pooled: b(pooledBytes(e)),
            largest: b(e.largestBufferBytes),
            name: t.preflight.bufferGroups[e.largestBufferGroup],
            perBuffer: b(perBufferBytes),
            budget: b(limits.memoryBudgetBytes),
            source: limitsSourceText(t, limits),
          })}
        </summary>
      </details>
    );
  }

  const batch = result.largestBatchThatFits;
  return (
    <section className="notice preflight-refusal" role="alert" data-testid="preflight-refusal">
      <p>
        <strong>{w.refusedTitle}</strong>{' '}
        <span data-testid="preflight-reason">{refusalText(t, locale, result.refusal)}</span>
      </p>
      <p className="help">{fill(w.limits, { source: limitsSourceText(t, limits) })}</p>
      {skipped ? (
        <p data-testid="preflight-skipped">
          <Template text={w.skipped} values={{ flag: <code>?skipPreflight=1</code> }} />
        </p>
      ) : (
        <p>{w.disabled}</p>
      )}
      {batch > 0 && (
        <button
          type="button"
          onClick={() => setConfig({ batchSize: batch })}
          disabled={running}
          data-testid="preflight-use-batch"
        >
          {fill(w.useBatch, { n: batch })}
        </button>
      )}
    </section>
  );
}
