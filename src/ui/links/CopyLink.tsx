/**
 * "Copy link": the link to this page's experiment and view (config, comparison B and hidden controls,
 * optionally `run=1`) put on the clipboard, confirmed on the button itself and in a status line. When the
 * clipboard is unavailable (no permission, an insecure context) the link appears in a selected text field
 * to copy by hand. Every string is rendered as text.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useAppStore } from '../../state/store';
import { useText } from '../i18n/useText';

const COPIED_MS = 2500;

type CopyState = { kind: 'none' } | { kind: 'copied'; link: string } | { kind: 'fallback'; link: string };

export function CopyLink({ withRunOption = true }: { withRunOption?: boolean }) {
  const [runOnOpen, setRunOnOpen] = useState(false);
  const [copy, setCopy] = useState<CopyState>({ kind: 'none' });
  const [copied, setCopied] = useState(false);
  const fieldRef = useRef<HTMLInputElement>(null);
  const runId = useId();
  const fieldId = useId();
  const w = useText().panels.links;

  useEffect(() => {
    if (copy.kind === 'fallback') fieldRef.current?.select();
  }, [copy]);

  const onCopy = async () => {
    const link = useAppStore.getState().shareLink(runOnOpen);
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(link);
      setCopy({ kind: 'copied', link });
      // The button says "Copied ✓" for a moment; the line below stays until the next copy.
      window.setTimeout(() => setCopied(false), COPIED_MS);
      setCopied(true);
    } catch {
      setCopy({ kind: 'fallback', link });
    }
  };

  return (
    <div className="copy-link">
      <div className="copy-link-row">
        <button type="button" onClick={() => void onCopy()} data-testid="copy-link">
          {copied ? w.copied : w.copy}
        </button>
        {withRunOption && (
          <>
            <input
              id={runId}
              type="checkbox"
              checked={runOnOpen}
              onChange={(e) => setRunOnOpen(e.target.checked)}
              data-testid="copy-link-run"
            />
            <label htmlFor={runId}>{w.runOnOpen}</label>
          </>
        )}
      </div>
      {copy.kind === 'copied' && (
        <p className="help" role="status" data-testid="copy-status" data-link={copy.link}>
          {runOnOpen ? w.copiedStatusRun : w.copiedStatus}
        </p>
      )}
      {copy.kind === 'fallback' && (
        <div className="copy-fallback">
          <label htmlFor={fieldId}>{w.fallback}</label>
          <input
            id={fieldId}
            ref={fieldRef}
            type="text"
            readOnly
            value={copy.link}
            onFocus={(e) => e.currentTarget.select()}
            data-testid="copy-link-field"
          />
        </div>
      )}
    </div>
  );
}
