/**
 * Which backend trains and on what adapter; a notice when it is a software adapter or a fallback.
 */
import { useAppStore } from '../state/store';
import { fill } from '../i18n/fill';
import { Template } from './i18n/Template';
import { useText } from './i18n/useText';

export function BackendNotice() {
  const info = useAppStore((s) => s.backendInfo);
  const t = useText().app.backend;
  if (!info) return <p className="backend">{t.looking}</p>;
  return (
    <div className="backend" data-testid="backend">
      <p>
        <Template
          text={t.line}
          values={{
            backend: <strong data-testid="backend-name">{info.backend}</strong>,
            adapter: info.adapterDescription,
          }}
        />
      </p>
      {info.isSoftwareAdapter && (
        <p className="notice" data-testid="software-notice">
          {t.software}
        </p>
      )}
      {info.backend !== 'webgpu' && (
        <p className="notice" data-testid="fallback-notice">
          {fill(t.fallback, {
            backend: info.backend,
            reasons: info.fallbackReasons.join('; ') || t.otherChosen,
          })}
        </p>
      )}
    </div>
  );
}
