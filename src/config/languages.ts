/**
 * The interface languages: their ids, the short value a link names them by (`lang=zh`), the BCP 47 tag the
 * page and Intl use, and the one rule that picks a language from the browser's list. The dictionaries live in
 * src/i18n; this file is the vocabulary the link codec and the store share. Pure; imports nothing.
 */
export const LANGS = ['en', 'zh-CN'] as const;
export type Lang = (typeof LANGS)[number];

/** What a link writes for each language (`lang=zh`). Never rename: old links must keep working. */
export const LANG_LINK_VALUES: Readonly<Record<Lang, string>> = { en: 'en', 'zh-CN': 'zh' };

/** The language a hostile or unknown `lang=` value falls back to. */
export const FALLBACK_LANG: Lang = 'en';

/** The first of the browser's languages BatchLab speaks: any `zh*` → Simplified Chinese, else English. */
export function langFromNavigator(languages: readonly string[] | undefined): Lang {
  for (const tag of languages ?? []) {
    const lower = tag.toLowerCase();
    if (lower === 'zh' || lower.startsWith('zh-')) return 'zh-CN';
    if (lower === 'en' || lower.startsWith('en-')) return 'en';
  }
  return FALLBACK_LANG;
}
