/**
 * Which backend trains and on what adapter. In the header's row, a small badge with the backend's name
 * whose tap shows the adapter; under the row, a notice when it is a software adapter or a fallback, folded
 * to one line (a tap opens the whole of it).
 */
import { useState } from 'react';
import { useAppStore } from '../state/store';
import { fill } from '../i18n/fill';
import { Template } from './i18n/Template';
import { useText } from './i18n/useText';

export function BackendBadge() {
  const info = useAppStore((s) => s.backendInfo);
  const [open, setOpen] = useState(false);
  const t = useText().app.backend;
  if (!info) return <p className="backend-badge backend-looking">{t.looking}</p>;
  return (
    <div className="backend" data-testid="backend">
      <button
        type="button"
        className="backend-badge"
        aria-expanded={open}
        aria-label={fill(t.badgeLabel, { backend: info.backend })}
        onClick={() => setOpen(!open)}
        data-testid="backend-badge"
      >
        <strong data-testid="backend-name">{info.backend}</strong>
      </button>
      <p className="backend-detail" hidden={!open} data-testid="backend-detail">
        <Template
          text={t.line}
          values={{ backend: <strong>{info.backend}</strong>, adapter: info.adapterDescription }}
        />
      </p>
    </div>
  );
}

/** A notice of one line until opened; its whole text is in the page either way. */
function FoldedNotice({ text, testId }: { text: string; testId: string }) {
  return (
    <details className="notice folded-notice" data-testid={testId}>
      <summary>{text}</summary>
    </details>
  );
}

export function BackendNotices() {
  const info = useAppStore((s) => s.backendInfo);
  const t = useText().app.backend;
  if (!info) return null;
  return (
    <>
      {info.isSoftwareAdapter && <FoldedNotice text={t.software} testId="software-notice" />}
      {info.backend !== 'webgpu' && (
        <FoldedNotice
          testId="fallback-notice"
          text={fill(t.fallback, {
            backend: info.backend,
            reasons: info.fallbackReasons.join('; ') || t.otherChosen,
          })}
        />
      )}
    </>
  );
}
