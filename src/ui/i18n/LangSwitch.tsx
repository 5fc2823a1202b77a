/**
 * The header's language switch: one button per language, named in its own language (shortly on a phone),
 * the current one pressed. It only changes the store's language (and so the words, `<html lang>` and the link's `lang=`);
 * a run in progress goes on untouched.
 */
import { LANGS } from '../../config/languages';
import { useAppStore } from '../../state/store';
import { useLang, useText } from './useText';

export function LangSwitch() {
  const t = useText();
  const lang = useLang();
  const setLang = useAppStore((s) => s.setLang);
  return (
    <div className="lang-switch" role="group" aria-label={t.app.langSwitchLabel} data-testid="lang-switch">
      {LANGS.map((l) => (
        <button
          key={l}
          type="button"
          lang={l}
          aria-pressed={l === lang}
          aria-label={t.app.langNames[l]}
          onClick={() => setLang(l)}
          data-testid={`lang-${l}`}
        >
          <span className="lang-long">{t.app.langNames[l]}</span>
          <span className="lang-short">{t.app.langShort[l]}</span>
        </button>
      ))}
    </div>
  );
}
