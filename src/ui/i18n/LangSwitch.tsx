/**
 * The header's language switch: one button per language, named in its own language, the current one
 * pressed. It only changes the store's language (and so the words, `<html lang>` and the link's `lang=`);
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
          onClick={() => setLang(l)}
          data-testid={`lang-${l}`}
        >
          {t.app.langNames[l]}
        </button>
      ))}
    </div>
  );
}
