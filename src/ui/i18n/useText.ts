/**
 * The dictionary of the store's language, for components: `const t = useText();` then `t.run.start` or
 * `fill(t.run.useBatch, { n })`. A change of language re-renders the components that read it and nothing
 * else (no run is touched).
 */
import type { Lang } from '../../config/languages';
import { DICTIONARIES, LOCALE_TAGS } from '../../i18n/dictionaries';
import type { Dictionary } from '../../i18n/types';
import { useAppStore } from '../../state/store';

export function useText(): Dictionary {
  return DICTIONARIES[useAppStore((s) => s.lang)];
}

export function useLang(): Lang {
  return useAppStore((s) => s.lang);
}

/** The Intl locale tag of the store's language (`en-US`, `zh-CN`). */
export function useLocale(): string {
  return LOCALE_TAGS[useAppStore((s) => s.lang)];
}

/** The dictionary of the language in force now, for code outside React renders (chart labels). */
export function currentText(): Dictionary {
  return DICTIONARIES[useAppStore.getState().lang];
}
