/**
 * The pre-flight memory check, in words: what one training step of the current config needs against what
 * this device allows. A config that does not fit gets a refusal with the numbers and a "Use batch N" button
 * that applies the largest batch that fits; RunControls keeps Start disabled meanwhile (unless the page was
 * opened with the `?skipPreflight=1` debug flag). Every string is rendered as text.
 */
import { formatBytes, pooledBytes } from '../config/memoryEstimate';
import { selectIsRunning, useAppStore } from '../state/store';
import { usePreflight } from './usePreflight';

export function PreflightNotice() {
  const { result, skipped } = usePreflight();
  const running = useAppStore(selectIsRunning);
  const setConfig = useAppStore((s) => s.setConfig);
  if (result.verdict === 'waiting') return null;
  const { limits } = result;
  const perBufferBytes = Math.min(limits.maxBufferSizeBytes, limits.maxStorageBufferBindingSizeBytes);

  if (result.verdict === 'fits') {
    const e = result.estimate;
    return (
      <p className="preflight help" data-testid="preflight-ok">
        Pre-flight: one step peaks at about {formatBytes(e.totalBytes)} of live tensors (modelled on what
        TensorFlow.js keeps; the profile below measures it), {formatBytes(pooledBytes(e))} with its reuse
        pool; its largest buffer is {formatBytes(e.largestBufferBytes)} ({e.largestBufferName}); this device
        allows {formatBytes(perBufferBytes)} per buffer and {formatBytes(limits.memoryBudgetBytes)} in all (
        {limits.source}).
      </p>
    );
  }

  const batch = result.largestBatchThatFits;
  return (
    <section className="notice preflight-refusal" role="alert" data-testid="preflight-refusal">
      <p>
        <strong>This config does not fit this device.</strong>{' '}
        <span data-testid="preflight-reason">{result.reason}</span>
      </p>
      <p className="help">Limits: {limits.source}.</p>
      {skipped ? (
        <p data-testid="preflight-skipped">
          The check is switched off by the debug flag <code>?skipPreflight=1</code>: Start stays enabled, and
          the GPU error guard has to catch what goes wrong.
        </p>
      ) : (
        <p>Start stays disabled until the config fits.</p>
      )}
      {batch > 0 && (
        <button
          type="button"
          onClick={() => setConfig({ batchSize: batch })}
          disabled={running}
          data-testid="preflight-use-batch"
        >
          Use batch {batch}
        </button>
      )}
    </section>
  );
}
