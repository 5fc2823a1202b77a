/**
 * "Copy link": the link to this page's experiment and view (config, comparison B and hidden controls,
 * optionally `run=1`) put on the clipboard, confirmed on the button itself and in a status line; "Copy embed
 * code": the `<iframe>` snippet of the same link in the compact frame (config/shareLink.ts's embedSnippet),
 * for a teaching page. When the clipboard is unavailable (no permission, an insecure context) the text
 * appears in a selected field to copy by hand. Every string is rendered as text.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { EMBED_FRAME_PX, embedSnippet } from '../../config/shareLink';
import { fill } from '../../i18n/fill';
import { useAppStore } from '../../state/store';
import { useText } from '../i18n/useText';
import { viewLabel } from '../views/ViewNav';

const COPIED_MS = 2500;

type What = 'link' | 'embed';
type CopyState =
  | { kind: 'none' }
  | { kind: 'copied'; what: What; text: string }
  | { kind: 'fallback'; what: What; text: string };

export function CopyLink({ withRunOption = true }: { withRunOption?: boolean }) {
  const [runOnOpen, setRunOnOpen] = useState(false);
  const [copy, setCopy] = useState<CopyState>({ kind: 'none' });
  const [copied, setCopied] = useState<What | null>(null);
  const fieldRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const t = useText();
  const w = t.panels.links;

  useEffect(() => {
    if (copy.kind === 'fallback') fieldRef.current?.select();
  }, [copy]);

  const onCopy = async (what: What) => {
    const s = useAppStore.getState();
    const link = s.shareLink(runOnOpen);
    const text =
      what === 'link' ? link : embedSnippet(link, fill(w.embedTitle, { title: viewLabel(t, s.view) }));
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      setCopy({ kind: 'copied', what, text });
      // The button says "Copied ✓" for a moment; the line below stays until the next copy.
      window.setTimeout(() => setCopied(null), COPIED_MS);
      setCopied(what);
    } catch {
      setCopy({ kind: 'fallback', what, text });
    }
  };

  return (
    <div className="copy-link">
      <div className="copy-link-row">
        <button type="button" onClick={() => void onCopy('link')} data-testid="copy-link">
          {copied === 'link' ? w.copied : w.copy}
        </button>
        <button type="button" onClick={() => void onCopy('embed')} data-testid="copy-embed">
          {copied === 'embed' ? w.copied : w.copyEmbed}
        </button>
        {withRunOption && (
          <>
            <input
              id={`${id}-run`}
              type="checkbox"
              checked={runOnOpen}
              onChange={(e) => setRunOnOpen(e.target.checked)}
              data-testid="copy-link-run"
            />
            <label htmlFor={`${id}-run`}>{w.runOnOpen}</label>
          </>
        )}
      </div>
      {copy.kind === 'copied' && (
        <p className="help" role="status" data-testid="copy-status" data-link={copy.text}>
          {copy.what === 'embed'
            ? fill(w.copiedEmbedStatus, EMBED_FRAME_PX)
            : runOnOpen
              ? w.copiedStatusRun
              : w.copiedStatus}
        </p>
      )}
      {copy.kind === 'fallback' && (
        <div className="copy-fallback">
          <label htmlFor={`${id}-field`}>{copy.what === 'embed' ? w.fallbackEmbed : w.fallback}</label>
          <input
            id={`${id}-field`}
            ref={fieldRef}
            type="text"
            readOnly
            value={copy.text}
            onFocus={(e) => e.currentTarget.select()}
            data-testid="copy-link-field"
          />
        </div>
      )}
    </div>
  );
}
