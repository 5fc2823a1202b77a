/**
 * Every language's dictionary, by language id. Imports the dictionaries and config's language vocabulary
 * (types and ids only).
 */
import type { Lang } from '../config/languages';
import { en } from './en';
import type { Dictionary } from './types';
import { zhCN } from './zh-CN';

export const DICTIONARIES: Readonly<Record<Lang, Dictionary>> = { en, 'zh-CN': zhCN };

/** The BCP 47 tag Intl and `<html lang>` use for each language. */
export const LOCALE_TAGS: Readonly<Record<Lang, string>> = { en: 'en-US', 'zh-CN': 'zh-CN' };
